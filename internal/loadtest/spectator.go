package loadtest

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/protocol"
)

// watcher is a spectator as cheap as one can be: it says hello, then reads
// every frame only as far as its heading (protocol.DecodeServerHeading),
// which is all it counts: frames, and errors. It needs none of a client's
// checks of the view, which it never looks at, and a table's spectators
// outnumber its players: reading their frames whole would make the
// generator, not the server, the limit of a run.
type watcher struct {
	ws      *websocket.Conn
	closing atomic.Bool
}

// spectate connects to table id through node n as a spectator and
// returns once the server has welcomed it.
func (r *run) spectate(n *node, id string) (*watcher, error) {
	ctx, cancel := context.WithTimeout(r.ctx, 15*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, n.cl.SocketURL(id), &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol},
		HTTPClient: r.dialer(n)})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(protocol.MaxServerFrame)
	hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true, ResultsOnce: true})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		ws.CloseNow()
		return nil, err
	}
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			ws.CloseNow()
			return nil, err
		}
		m, err := protocol.DecodeServerHeading(data)
		switch {
		case err != nil:
			ws.CloseNow()
			return nil, err
		case m.Type == protocol.TypeError || m.Type == protocol.TypeBye:
			ws.CloseNow()
			return nil, fmt.Errorf("%s %s: %s%s", m.Type, m.Code, m.Message, m.Reason)
		case m.Type == protocol.TypeWelcome:
			if m.Seat == nil || *m.Seat != -1 {
				ws.CloseNow()
				return nil, errors.New("the server did not welcome a spectator")
			}
			return &watcher{ws: ws}, nil
		}
	}
}

// close ends the watch politely.
func (w *watcher) close() {
	w.closing.Store(true)
	_ = w.ws.Close(websocket.StatusNormalClosure, "the spectator left")
}

// watch reads a spectator's frames until its connection is closed,
// counting frames and errors. A spectator sends nothing: what it costs the
// server is the frames it is sent.
func (r *run) watch(w *watcher) {
	defer r.connected.Add(-1)
	failed := func(format string, args ...any) {
		r.spectatorErrors.Add(1)
		r.fail("spectator: "+format, args...)
	}
	for {
		_, data, err := w.ws.Read(r.ctx)
		if err != nil {
			if r.ctx.Err() == nil && !w.closing.Load() {
				failed("lost: %v", err)
			}
			return
		}
		if r.measuring.Load() {
			r.spectatorFrames.Add(1)
		}
		m, err := protocol.DecodeServerHeading(data)
		switch {
		case err != nil:
			failed("unreadable: %v", err)
		case m.Type == protocol.TypeError:
			failed("%s: %s", m.Code, m.Message)
		case m.Type == protocol.TypeBye:
			if r.ctx.Err() == nil && !w.closing.Load() {
				failed("bye: %s", m.Reason)
			}
		}
	}
}
