package protocol

import (
	"strings"
	"testing"
)

// A client dials the server a bye names, so only a plain http or https
// address passes; anything else is refused with what is wrong with it.
func TestCheckServerAddress(t *testing.T) {
	good := []string{
		"http://127.0.0.1:8080",
		"https://node2.example.org",
		"https://example.org/skullking",
		"http://[::1]:9000",
	}
	for _, s := range good {
		if err := CheckServerAddress(s); err != nil {
			t.Errorf("%q refused: %v", s, err)
		}
	}
	bad := map[string]string{
		"":                            "empty",
		"node2.example.org":           "not http",
		"ftp://example.org":           "not http",
		"javascript:alert(1)":         "not http",
		"https://":                    "no host",
		"http://:80":                  "no host",
		"https://user:pw@example.org": "a user",
		"https://example.org?x=1":     "a query",
		"https://example.org#top":     "a fragment",
		"https://example.org/":        "slash",
		"https://exa mple.org":        "not a URL",
		"https://example.org/\u00e9":  "non-ASCII",
		"https://example.org/a\x7f":   "not a URL",
		"https://" + strings.Repeat("a", MaxServerAddress): "bytes",
	}
	for s, want := range bad {
		err := CheckServerAddress(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", s, err, want)
		}
	}
}

// A bye naming a server that is no such address is not a message.
func TestAByeNamingABadServerIsRefused(t *testing.T) {
	if _, err := DecodeServer([]byte(`{"type":"bye","reconnect":true,"server":"https://node2.example.org"}`)); err != nil {
		t.Errorf("a good bye refused: %v", err)
	}
	for _, f := range []string{
		`{"type":"bye","reconnect":true,"server":"file:///etc/passwd"}`,
		`{"type":"bye","reconnect":true,"server":"https://evil.example@node2.example.org"}`,
	} {
		if _, err := DecodeServer([]byte(f)); err == nil || !strings.Contains(err.Error(), "bye: the server address") {
			t.Errorf("%s: %v", f, err)
		}
	}
}
