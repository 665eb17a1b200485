package main

import (
	"bytes"
	"strings"
	"testing"
)

// load's --url is a comma-separated list of nodes: an empty item, a server
// not on this machine and one given twice are refused by name, with exit
// 2, before any table is opened.
func TestLoadRefusesABadNodeList(t *testing.T) {
	for list, want := range map[string]string{
		"http://127.0.0.1:1,,http://127.0.0.1:2":                   "item 2 of 3 is empty",
		"http://127.0.0.1:1,http://192.0.2.1:2":                    `"http://192.0.2.1:2": the load test runs against loopback addresses only`,
		"http://127.0.0.1:1,http://127.0.0.1:2,http://127.0.0.1:1": `"http://127.0.0.1:1": the same server as item 1`,
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"load", "--url", list, "--tables", "1", "--duration", "1s"}, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "skullking load: --url") || !strings.Contains(stderr.String(), want) {
			t.Errorf("--url %s: exit %d, stderr %q, want %q", list, code, stderr.String(), want)
		}
		if stdout.Len() > 0 || strings.Contains(stderr.String(), "opening") {
			t.Errorf("--url %s ran: stdout %q, stderr %q", list, stdout.String(), stderr.String())
		}
	}
}
