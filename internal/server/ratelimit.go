package server

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limit turns a configured rate into the limiter's: the flags spell "no
// limit" as a negative rate.
func limit(perSecond float64) rate.Limit {
	if perSecond < 0 {
		return rate.Inf
	}
	return rate.Limit(perSecond)
}

// newMsgLimiter bounds one connection's messages. Only the reader goroutine
// uses it, at the moment each message arrives.
func newMsgLimiter(perSecond float64, burst int) *rate.Limiter {
	return rate.NewLimiter(limit(perSecond), burst)
}

// ipLimiter keeps a limiter per client address for lobby requests. Limiters
// full again are forgotten, so the map stays as small as the active set.
type ipLimiter struct {
	mu    sync.Mutex
	limit rate.Limit
	burst int
	addrs map[string]*rate.Limiter
	swept time.Time
}

func newIPLimiter(perSecond float64, burst int) *ipLimiter {
	return &ipLimiter{limit: limit(perSecond), burst: burst, addrs: map[string]*rate.Limiter{}, swept: time.Now()}
}

// allow takes a token for ip at now. When there is none it says how long
// until there will be, for Retry-After.
func (l *ipLimiter) allow(ip string, now time.Time) (bool, time.Duration) {
	if l.limit == rate.Inf {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, lim := range l.addrs {
			// A full limiter is one a new limiter would equal: dropping it
			// changes no answer.
			if lim.TokensAt(now) >= float64(l.burst) {
				delete(l.addrs, k)
			}
		}
		l.swept = now
	}
	lim, ok := l.addrs[ip]
	if !ok {
		lim = rate.NewLimiter(l.limit, l.burst)
		l.addrs[ip] = lim
	}
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		// A burst below 1 admits nothing at all, so no wait is right; a
		// client retrying each second costs one refusal a second.
		return false, time.Second
	}
	if d := r.DelayFrom(now); d > 0 {
		// A refused request must not use up a token a later one could
		// have: the client would be told a wait that is not enough.
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// retryAfter is a Retry-After value for a wait: whole seconds, rounded up
// so that a client retrying then finds a token, and at least 1.
func retryAfter(d time.Duration) string {
	s := math.Ceil(d.Seconds())
	if s < 1 {
		s = 1
	}
	return strconv.FormatFloat(s, 'f', 0, 64)
}

// clientIP is the request's remote address without the port. Behind a
// reverse proxy every client shares the proxy's address; the limits are
// then per proxy, which errs on the safe side.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
