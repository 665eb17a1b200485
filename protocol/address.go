package protocol

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// MaxServerAddress bounds a server's address in a bye (ServerMsg.Server).
const MaxServerAddress = 512

// CheckServerAddress checks a server's address as a bye names it and as a
// node advertises it (serve --advertise): an absolute http or https URL
// with a host, perhaps a path under which the server answers, and nothing
// else — no user, query or fragment, and no trailing slash. A client
// dials only such an address, whoever sent it.
func CheckServerAddress(s string) error {
	if s == "" {
		return errors.New("a server address is empty")
	}
	if len(s) > MaxServerAddress {
		return fmt.Errorf("a server address of %d bytes: at most %d", len(s), MaxServerAddress)
	}
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return fmt.Errorf("the server address %q is not http:// or https://", s)
	}
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("the server address %q is not a URL", s)
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("the server address %q names no host", s)
	case u.User != nil, u.RawQuery != "", u.ForceQuery, u.Fragment != "", strings.ContainsAny(s, "?#@"):
		return fmt.Errorf("the server address %q has a user, a query or a fragment", s)
	case strings.HasSuffix(s, "/"):
		return fmt.Errorf("the server address %q ends with a slash", s)
	case u.Opaque != "":
		return fmt.Errorf("the server address %q is not a URL", s)
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r > 0x7e {
			return fmt.Errorf("the server address %q holds a space, a control or a non-ASCII character", s)
		}
	}
	return nil
}
