package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, up to burst.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func newBucket(rate float64, burst int) bucket {
	return bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// allow takes a token if there is one.
func (b *bucket) allow(now time.Time) bool {
	if b.rate < 0 {
		return true
	}
	b.tokens += now.Sub(b.last).Seconds() * b.rate
	if b.tokens > b.burst {
		b.tokens = b.burst
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// ipLimiter keeps a bucket per client address for lobby requests. Buckets
// full again are forgotten, so the map stays as small as the active set.
type ipLimiter struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*bucket
	swept   time.Time
}

func newIPLimiter(rate float64, burst int) *ipLimiter {
	return &ipLimiter{rate: rate, burst: burst, buckets: map[string]*bucket{}, swept: time.Now()}
}

func (l *ipLimiter) allow(ip string) bool {
	if l.rate < 0 {
		return true
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[ip]
	if !ok {
		nb := newBucket(l.rate, l.burst)
		b = &nb
		l.buckets[ip] = b
	}
	return b.allow(now)
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
