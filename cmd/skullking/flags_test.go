package main

import (
	"bytes"
	"strings"
	"testing"
)

// Every command reads its command line the same way: -h prints the usage
// and exits 0; an unknown flag is said once, with the usage, and exits 2;
// a word too many is named and exits 2. Nothing runs in any of these.
func TestEveryCommandRefusesItsCommandLineAlike(t *testing.T) {
	for _, c := range commands() {
		if c.run == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{c.name, "-h"}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
				!strings.Contains(stderr.String(), "Usage: skullking "+c.name) {
				t.Errorf("-h: exit %d, stderr %q", code, stderr.String())
			}
			stdout.Reset()
			stderr.Reset()
			if code := run([]string{c.name, "--no-such-flag"}, strings.NewReader(""), &stdout, &stderr); code != 2 ||
				strings.Count(stderr.String(), "no-such-flag") != 1 || !strings.Contains(stderr.String(), "Usage:") {
				t.Errorf("an unknown flag: exit %d, stderr %q", code, stderr.String())
			}
			stdout.Reset()
			stderr.Reset()
			args := []string{c.name, "extra"}
			if c.name == "replay" || c.name == "review" {
				args = []string{c.name, "-", "extra"} // they take one file
			}
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 ||
				!strings.Contains(stderr.String(), `"extra"`) && !strings.Contains(stderr.String(), ": extra") {
				t.Errorf("a word too many: exit %d, stderr %q", code, stderr.String())
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout %q", stdout.String())
			}
		})
	}
}
