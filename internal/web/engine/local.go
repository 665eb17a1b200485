//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"syscall/js"
	"time"

	"github.com/skullking-go/skullking/internal/localtable"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// local sets skullkingLocal, the table on the device, for the Web Worker
// that runs it (assets/local-worker.js):
//
//	start(keep, botDelay)   begin; keep(change) is called with every write
//	                        to a table (localtable.Change, JSON) before the
//	                        table goes on; botDelay, if a number, is the
//	                        bots' pause before each move in milliseconds
//	                        (0: none; else the server's default)
//	restore(saved, done)    bring back a kept table (localtable.Saved);
//	                        done(error) with "" when it runs again
//	create(body, done)      a table as POST /api/tables makes one;
//	                        done(response, problem), one of them ""
//	dial(table, deliver)    a client's line to a table; deliver(frame,
//	                        close) gets every frame for it; returns its number
//	send(line, frame)       a client's frame, as on a WebSocket
//	hangup(line)            the client leaves
//	record(table, done)     done(record) of a finished table, or ""
//	thinking()              the bots' decision times (localtable.Thinking)
//
// No call waits for the table: a Go function called from JavaScript must
// return before the browser runs anything else, so the work goes to a
// goroutine and its answer to a callback.
func local() {
	var (
		host  *localtable.Host
		mu    sync.Mutex
		lines = map[int]*line{}
		next  int
	)
	ctx := context.Background()
	api := map[string]any{
		"start": js.FuncOf(func(_ js.Value, args []js.Value) any {
			keep := args[0]
			var delay time.Duration
			if len(args) > 1 && args[1].Type() == js.TypeNumber {
				if delay = time.Duration(args[1].Float() * float64(time.Millisecond)); delay <= 0 {
					delay = -1 // none
				}
			}
			host = localtable.New(localtable.Config{BotDelay: delay, Keep: func(c localtable.Change) {
				b, err := json.Marshal(c)
				if err == nil {
					keep.Invoke(string(b))
				}
			}})
			return nil
		}),
		"restore": js.FuncOf(func(_ js.Value, args []js.Value) any {
			saved, done := args[0].String(), args[1]
			go func() {
				if _, err := host.Restore(ctx, []byte(saved)); err != nil {
					done.Invoke(err.Error())
					return
				}
				done.Invoke("")
			}()
			return nil
		}),
		"create": js.FuncOf(func(_ js.Value, args []js.Value) any {
			body, done := args[0].String(), args[1]
			go func() {
				resp, err := host.Create(ctx, []byte(body))
				if err != nil {
					b, _ := json.Marshal(problemOf(err))
					done.Invoke("", string(b))
					return
				}
				b, _ := json.Marshal(resp)
				done.Invoke(string(b), "")
			}()
			return nil
		}),
		"dial": js.FuncOf(func(_ js.Value, args []js.Value) any {
			id, deliver := args[0].String(), args[1]
			l := &line{frames: make(chan []byte, 64)}
			l.deliver = func(data []byte, close bool) { deliver.Invoke(string(data), close) }
			l.conn = host.Dial(id, l.deliver)
			go l.run()
			mu.Lock()
			defer mu.Unlock()
			next++
			lines[next] = l
			return next
		}),
		"send": js.FuncOf(func(_ js.Value, args []js.Value) any {
			mu.Lock()
			l := lines[args[0].Int()]
			mu.Unlock()
			if l != nil {
				l.send([]byte(args[1].String()))
			}
			return nil
		}),
		"hangup": js.FuncOf(func(_ js.Value, args []js.Value) any {
			mu.Lock()
			l := lines[args[0].Int()]
			delete(lines, args[0].Int())
			mu.Unlock()
			if l != nil {
				close(l.frames)
			}
			return nil
		}),
		"record": js.FuncOf(func(_ js.Value, args []js.Value) any {
			id, done := args[0].String(), args[1]
			go func() {
				b, err := host.Record(ctx, id)
				if err != nil {
					done.Invoke("")
					return
				}
				done.Invoke(string(b))
			}()
			return nil
		}),
		"thinking": js.FuncOf(func(js.Value, []js.Value) any {
			b, _ := json.Marshal(host.Thinking())
			return string(b)
		}),
	}
	js.Global().Set("skullkingLocal", js.ValueOf(api))
}

// line is one client's line: its frames go to the table one at a time, in
// the order the page sent them, as a WebSocket's do.
type line struct {
	conn    *localtable.Conn
	deliver func(data []byte, close bool)
	frames  chan []byte
}

// send queues a frame for the table. JavaScript must not wait on Go: a
// page that sent more than the queue holds is told the table is busy, as a
// server tells a client that floods it.
func (l *line) send(f []byte) {
	select {
	case l.frames <- f:
	default:
		msg := table.ErrorMsg(0, protocol.ErrOverloaded, protocol.NewProblem(protocol.ProblemTableBusy))
		if b, err := json.Marshal(msg); err == nil {
			l.deliver(b, false)
		}
	}
}

func (l *line) run() {
	for f := range l.frames {
		l.conn.Send(f)
	}
	l.conn.Close()
}

// problemOf is what the lobby's POST /api/tables would answer for err.
func problemOf(err error) *protocol.Problem {
	var inv *table.InvalidError
	if errors.As(err, &inv) && inv.Problem != nil {
		return inv.Problem
	}
	if errors.Is(err, table.ErrFull) {
		return protocol.NewProblem(protocol.ProblemServerFull)
	}
	return protocol.NewProblem(protocol.ProblemInternal)
}
