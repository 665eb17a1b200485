package main

import (
	"io"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
)

// TestTheTerminalsLanguage reads the environment as POSIX does: LC_ALL
// over LC_MESSAGES over LANG, without the encoding or a modifier.
func TestTheTerminalsLanguage(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, ""},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, "fr-FR"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_BR"}, "pt-BR"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_BR", "LC_ALL": "sr_RS@latin"}, "sr-RS"},
		{map[string]string{"LANG": "C.UTF-8"}, ""},
		{map[string]string{"LC_ALL": "POSIX", "LANG": "fr_FR"}, ""},
	} {
		if got := envLanguage(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

// TestPlayLang: --lang picks the catalogue's language over the
// environment's; a language the catalogue lacks is English; en-XA is the
// pseudo-language, with --join too.
func TestPlayLang(t *testing.T) {
	env := func(k string) string { return map[string]string{"LANG": "en_GB.UTF-8"}[k] }
	for code, want := range map[string]string{"": locale.Base, "xx": locale.Base, "it_IT": locale.Base, "fr_FR": "fr", locale.PseudoCode: locale.PseudoCode} {
		if got := language(code, env).Code(); got != want {
			t.Errorf("--lang %q: %s, want %s", code, got, want)
		}
	}
	cfg, err := parsePlay([]string{"--join", "http://127.0.0.1:1/t/k7qx2mpa9c", "--lang", locale.PseudoCode}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.remote.Lang != cfg.lang || !strings.HasPrefix(cfg.lang.T("refusal.game_over", nil), "⟦") {
		t.Errorf("--join --lang %s: the table's language is %v, the screen's %s", locale.PseudoCode, cfg.remote.Lang, cfg.lang.Code())
	}
}
