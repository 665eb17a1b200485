package loadtest

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSmallRun(t *testing.T) {
	rep, err := Run(context.Background(), Config{Tables: 3, Clients: 3, Think: 5 * time.Millisecond,
		Duration: 2 * time.Second, Ramp: 100 * time.Millisecond, Rounds: 1, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 0 || rep.Actions == 0 || rep.Samples == 0 || rep.Games == 0 {
		t.Fatalf("report %+v", rep)
	}
	if rep.P99 < rep.P50 || rep.Max < rep.P99 {
		t.Fatalf("quantiles out of order: %+v", rep)
	}
}

// Spectators only read: they receive frames, and a run with them has no
// error of theirs.
func TestSpectatorsWatch(t *testing.T) {
	rep, err := Run(context.Background(), Config{Tables: 2, Clients: 2, Spectators: 3, Think: 5 * time.Millisecond,
		Duration: 2 * time.Second, Ramp: 100 * time.Millisecond, Rounds: 1, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Spectators != 6 || rep.SpectatorFrames == 0 || rep.SpectatorErrors != 0 || rep.Errors != 0 {
		t.Fatalf("report %+v", rep)
	}
	var out strings.Builder
	rep.Print(&out)
	if !strings.Contains(out.String(), "spectators        6 (3 a table)") {
		t.Errorf("the report names no spectators:\n%s", out.String())
	}
}

func TestLoopbackOnly(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:80"} {
		if err := loopbackOnly(u); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, u := range []string{"http://example.com", "http://10.0.0.1:80", "ftp://127.0.0.1", "http://0.0.0.0:80", "::"} {
		if err := loopbackOnly(u); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
}

func TestBounds(t *testing.T) {
	for _, c := range []Config{{Tables: 0, Clients: 4, Duration: time.Second}, {Tables: MaxTables + 1, Clients: 4, Duration: time.Second},
		{Tables: 1, Clients: 9, Duration: time.Second}, {Tables: 1, Clients: 4, Duration: time.Hour},
		{Tables: 1, Clients: 4, Spectators: -1, Duration: time.Second},
		{Tables: 1, Clients: 4, Spectators: MaxSpectators + 1, Duration: time.Second},
		{Tables: MaxTables, Clients: 4, Spectators: 10, Duration: time.Second}} {
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// A p99 is reported as the bound of the bucket that holds it, and one past
// the largest finite bound as more than that bound, never as "≤ +Inf".
func TestQuantileBound(t *testing.T) {
	page := func(under1, under2, all int) string {
		return strings.Join([]string{
			`# TYPE x_seconds histogram`,
			`x_seconds_bucket{le="0.1"} ` + strconv.Itoa(under1),
			`x_seconds_bucket{le="1"} ` + strconv.Itoa(under2),
			`x_seconds_bucket{le="+Inf"} ` + strconv.Itoa(all),
			`x_seconds_sum 12`,
			`x_seconds_count ` + strconv.Itoa(all),
		}, "\n")
	}
	for _, c := range []struct {
		page  string
		bound float64
		over  bool
		text  string
	}{
		{page(100, 100, 100), 0.1, false, "≤ 0.1s"},
		{page(90, 100, 100), 1, false, "≤ 1s"},
		{page(90, 98, 100), 1, true, "> 1s"},
		{"", 0, false, ""},
	} {
		bound, over := quantileBound(c.page, "x_seconds", 0.99)
		if bound != c.bound || over != c.over {
			t.Errorf("quantileBound = %v, %v; want %v, %v\n%s", bound, over, c.bound, c.over, c.page)
		}
		if c.text != "" && boundText(bound, over) != c.text {
			t.Errorf("boundText = %q, want %q", boundText(bound, over), c.text)
		}
	}
}
