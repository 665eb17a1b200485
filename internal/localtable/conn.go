package localtable

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// Conn is one client's line to a table on the device, as a WebSocket is to
// a table on a server: frames in (Send), frames out (the deliver function
// given to Dial), a hello first.
type Conn struct {
	h       *Host
	table   string
	id      table.ClientID
	deliver func(data []byte, close bool)
	cancel  func()

	mu     sync.Mutex
	hello  bool
	req    uint64
	closed bool
}

// Dial opens a line to table id; deliver receives every frame the table
// sends this client, close set on the last one.
func (h *Host) Dial(id string, deliver func(data []byte, close bool)) *Conn {
	c := &Conn{h: h, table: id, id: h.mgr.NewClientID(), deliver: deliver}
	c.cancel = h.mgr.Bus().Subscribe(c.id, table.EndpointFunc(func(f table.Frame) bool {
		if len(f.Data) > 0 || f.Close {
			deliver(f.Data, f.Close)
		}
		return true
	}))
	return c
}

// Send hands the table one frame from the client: a message of
// docs/protocol.md §4, refused as a server refuses it when it is none, or
// comes before the hello.
func (c *Conn) Send(data []byte) {
	m, err := protocol.DecodeClient(data)
	if err != nil {
		c.refuse(messageID(data), protocol.ErrBadFrame, protocol.NewProblem(protocol.ProblemBadFrame, "Detail", err.Error()))
		return
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	kind := table.IntentMsg
	switch {
	case m.Type == protocol.TypeHello && c.hello:
		c.mu.Unlock()
		c.refuse(m.ID, protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemHelloAgain))
		return
	case m.Type == protocol.TypeHello:
		kind, c.hello = table.IntentHello, true
	case !c.hello:
		c.mu.Unlock()
		c.refuse(m.ID, protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemSayHello))
		return
	}
	c.req++
	in := table.Intent{Kind: kind, Client: c.id, Msg: m, At: time.Now(), Req: c.req}
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bus := c.h.mgr.Bus()
	err = bus.SendWait(ctx, c.table, in)
	if errors.Is(err, table.ErrNoTable) && kind == table.IntentHello {
		// A finished table leaves memory when idle; a hello brings it back.
		if _, err = c.h.mgr.Ensure(ctx, c.table); err == nil {
			err = bus.SendWait(ctx, c.table, in)
		}
	}
	if err != nil {
		c.refuse(m.ID, protocol.ErrNoTable, protocol.NewProblem(protocol.ProblemNotRunning))
	}
}

// Close hangs up: the table hears that the client left.
func (c *Conn) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	said := c.hello
	c.mu.Unlock()
	c.cancel()
	if said {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.h.mgr.Bus().SendWait(ctx, c.table, table.Intent{Kind: table.IntentDetach, Client: c.id, At: time.Now()})
	}
}

// refuse answers the client's message id with an error.
func (c *Conn) refuse(id int64, code string, p *protocol.Problem) {
	b, err := json.Marshal(table.ErrorMsg(id, code, p))
	if err == nil {
		c.deliver(b, false)
	}
}

// messageID is the id of a frame that is not a message, if it has one, so
// that its sender hears which of its messages was refused.
func messageID(data []byte) int64 {
	var m struct {
		ID int64 `json:"id"`
	}
	_ = json.Unmarshal(data, &m)
	return m.ID
}
