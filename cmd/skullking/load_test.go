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

// --procs splits a run against servers of its own, --shard is K/N, and
// --placement one of two: anything else is refused with exit 2, before
// any table is opened.
func TestLoadRefusesABadSplit(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--procs", "2"}, "--procs needs --url"},
		{[]string{"--procs", "0", "--url", "http://127.0.0.1:1"}, "--procs 0: 1 to 16"},
		{[]string{"--procs", "2", "--shard", "1/2", "--url", "http://127.0.0.1:1"}, "is not given with --shard"},
		{[]string{"--shard", "2/2", "--url", "http://127.0.0.1:1"}, `--shard "2/2": want K/N`},
		{[]string{"--shard", "x", "--url", "http://127.0.0.1:1"}, `--shard "x": want K/N`},
		{[]string{"--measure-at", "soon", "--url", "http://127.0.0.1:1"}, `--measure-at "soon"`},
		{[]string{"--placement", "random", "--url", "http://127.0.0.1:1"}, `--placement "random": spread or owner`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"load", "--tables", "1", "--duration", "1s"}, c.args...), strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr.String(), c.want)
		}
		if strings.Contains(stderr.String(), "opening") {
			t.Errorf("%v ran: %q", c.args, stderr.String())
		}
	}
}
