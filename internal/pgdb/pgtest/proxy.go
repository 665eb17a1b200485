package pgtest

import (
	"net"
	"net/url"
	"sync"
	"testing"
)

// CutMode is how a Proxy cuts its side off PostgreSQL.
type CutMode int

const (
	// Blackhole holds every byte, both ways, as a network split does: a
	// request waits for an answer that never comes.
	Blackhole CutMode = iota
	// Refuse closes the connections and refuses new ones, as a database
	// that was stopped does.
	Refuse
)

func (m CutMode) String() string { return [...]string{"blackhole", "refuse"}[m] }

// Proxy stands between its users (a node, a store) and PostgreSQL, so that
// a test can cut them off the database while others keep it, or lose the
// database's answers on the connections open at one moment.
type Proxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cut   bool
	mode  CutMode // while cut
	conns map[*proxied]bool
}

// proxied is one connection through the proxy: the user's end and the
// database's.
type proxied struct {
	user, db net.Conn
	lost     bool // the database's bytes are dropped
}

// NewProxy forwards a listener of its own to PostgreSQL at dbURL and
// returns the proxy and dbURL through it. It closes with the test.
func NewProxy(t testing.TB, dbURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, target: u.Host, conns: map[*proxied]bool{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.serve()
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		p.mu.Lock()
		p.closeAll()
		p.mu.Unlock()
	})
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *Proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if p.refusing() {
			c.Close()
			continue
		}
		d, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		pc := &proxied{user: c, db: d}
		p.mu.Lock()
		p.conns[pc] = true
		p.mu.Unlock()
		go p.pump(pc, false)
		go p.pump(pc, true)
	}
}

// pump copies one way of pc, the database's bytes (fromDB) or the user's,
// but while the proxy is cut or pc's answers are lost.
func (p *Proxy) pump(pc *proxied, fromDB bool) {
	src, dst := pc.user, pc.db
	if fromDB {
		src, dst = pc.db, pc.user
	}
	defer func() {
		dst.Close()
		src.Close()
		p.mu.Lock()
		delete(p.conns, pc)
		p.mu.Unlock()
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			pass := !p.cut && !(fromDB && pc.lost)
			p.mu.Unlock()
			if pass {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// closeAll closes every connection; p.mu is held.
func (p *Proxy) closeAll() {
	for pc := range p.conns {
		pc.user.Close()
		pc.db.Close()
		delete(p.conns, pc)
	}
}

// Cut cuts the proxy's users off the database.
func (p *Proxy) Cut(mode CutMode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.mode = true, mode
	if mode == Refuse {
		p.closeAll()
	}
}

// Restore ends the cut: the connections it held are closed, unanswered
// (the bytes it held are never delivered: nothing sent meanwhile reaches
// the database late), and new ones reach the database.
func (p *Proxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closeAll()
	p.cut = false
}

// LoseAnswers drops the database's bytes on every connection open now, as
// a network that lost them on the way back: what the users send still
// reaches the database. Later connections are not touched.
func (p *Proxy) LoseAnswers() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for pc := range p.conns {
		pc.lost = true
	}
}

// refusing reports whether a new connection is closed at once; while
// held, one is made, and what it carries dropped.
func (p *Proxy) refusing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut && p.mode == Refuse
}
