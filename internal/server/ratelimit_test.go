package server

import (
	"testing"
	"time"
)

// The limits are checked at chosen instants, never by sleeping, so that a
// slow or busy machine cannot change an answer.

func TestIPLimiterBurst(t *testing.T) {
	l := newIPLimiter(2, 20)
	now := time.Now()
	for i := range 20 {
		if ok, _ := l.allow("192.0.2.1", now); !ok {
			t.Fatalf("request %d of a burst of 20 refused", i+1)
		}
	}
	ok, wait := l.allow("192.0.2.1", now)
	if ok {
		t.Fatal("request 21 of a burst of 20 allowed")
	}
	if wait <= 0 || wait > 500*time.Millisecond {
		t.Fatalf("wait %v at 2 a second, want (0, 500ms]", wait)
	}
	if got := retryAfter(wait); got != "1" {
		t.Fatalf("Retry-After %q for %v, want 1", got, wait)
	}
	if ok, _ := l.allow("192.0.2.2", now); !ok {
		t.Fatal("another address shares the first one's limit")
	}
	// The refusal took nothing: one token is back after the wait it gave,
	// and only one.
	later := now.Add(wait)
	if ok, _ := l.allow("192.0.2.1", later); !ok {
		t.Fatalf("refused again after the %v the refusal asked for", wait)
	}
	if ok, _ := l.allow("192.0.2.1", later); ok {
		t.Fatal("two requests allowed for one token")
	}
}

func TestIPLimiterNoLimit(t *testing.T) {
	l := newIPLimiter(-1, 20)
	now := time.Now()
	for i := range 1000 {
		if ok, _ := l.allow("192.0.2.1", now); !ok {
			t.Fatalf("request %d refused without a limit", i+1)
		}
	}
	if len(l.addrs) != 0 {
		t.Fatalf("%d addresses remembered without a limit", len(l.addrs))
	}
}

// Addresses whose limiter is full again are forgotten; one still short of
// tokens is kept, or forgetting it would hand it a fresh burst.
func TestIPLimiterForgetsIdle(t *testing.T) {
	l := newIPLimiter(0.001, 2)
	now := l.swept
	l.allow("192.0.2.1", now)
	l.allow("192.0.2.2", now)
	l.allow("192.0.2.2", now)
	l.allow("192.0.2.3", now.Add(-time.Hour))
	// Two minutes on, at 0.001 a second, .1 has 1.12 of its 2 tokens and .2
	// has 0.12; .3 took its token an hour earlier and is full.
	later := now.Add(2 * time.Minute)
	l.allow("192.0.2.4", later)
	if _, ok := l.addrs["192.0.2.3"]; ok {
		t.Error("a full limiter was kept")
	}
	for _, ip := range []string{"192.0.2.1", "192.0.2.2", "192.0.2.4"} {
		if _, ok := l.addrs[ip]; !ok {
			t.Errorf("%s was forgotten while short of tokens", ip)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	for _, c := range []struct {
		wait time.Duration
		want string
	}{
		{0, "1"}, {time.Nanosecond, "1"}, {time.Second, "1"}, {time.Second + time.Nanosecond, "2"},
		{99*time.Second + 400*time.Millisecond, "100"},
	} {
		if got := retryAfter(c.wait); got != c.want {
			t.Errorf("retryAfter(%v) = %q, want %q", c.wait, got, c.want)
		}
	}
}

func TestMsgLimiter(t *testing.T) {
	now := time.Now()
	lim := newMsgLimiter(10, 30)
	for i := range 30 {
		if !lim.AllowN(now, 1) {
			t.Fatalf("message %d of a burst of 30 refused", i+1)
		}
	}
	if lim.AllowN(now, 1) {
		t.Fatal("message 31 of a burst of 30 allowed")
	}
	if !lim.AllowN(now.Add(100*time.Millisecond), 1) {
		t.Fatal("no message allowed 100ms later at 10 a second")
	}
	free := newMsgLimiter(-1, 30)
	for i := range 1000 {
		if !free.AllowN(now, 1) {
			t.Fatalf("message %d refused without a limit", i+1)
		}
	}
}
