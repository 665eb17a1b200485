package sqlstore

import (
	"context"
	"sync/atomic"
)

// ownedConn is SQLite's connection as every query but an append reaches
// it: each call runs whole on the writer goroutine, which owns the one
// connection (SQLite.writer), between its group commits.
//
// The connection used to be handed from goroutine to goroutine by
// database/sql. Each hand-over waits for the goroutine that gets it to be
// scheduled, and with the cores full that is a turn of a long run queue:
// at 10,000 tables creates, joins and leases queued for the connection,
// and with them the writer, until appends waited past their deadline.
// Owned, the connection goes from one query to the next without waiting
// for anyone; only each caller waits for its own answer.
type ownedConn struct {
	s      *SQLite
	direct sqlConn // used by the writer goroutine alone
}

// op is one call waiting for the writer.
type op struct {
	run  func()
	done chan struct{}
	// state is reqQueued until the writer takes the op or its caller,
	// done waiting, withdraws it, as for an appendReq.
	state atomic.Int32
}

// do runs f on the writer goroutine and returns its error. A caller whose
// ctx ends while f waits in the queue withdraws it; once taken, f is
// waited for, since it writes into the caller's variables (f's statements
// end with ctx themselves).
func (c ownedConn) do(ctx context.Context, f func(direct sqlConn) error) error {
	var err error
	o := &op{run: func() { err = f(c.direct) }, done: make(chan struct{})}
	select {
	case c.s.ops <- o:
	case <-c.s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-o.done:
		return err
	case <-ctx.Done():
		if o.state.CompareAndSwap(reqQueued, reqWithdrawn) {
			return ctx.Err()
		}
	case <-c.s.stopped: // queued as the store closed, after the writer's last look
		if o.state.CompareAndSwap(reqQueued, reqWithdrawn) {
			return ErrClosed
		}
	}
	<-o.done
	return err
}

// runOp runs o on the writer goroutine, unless its caller withdrew it.
func runOp(o *op) {
	if o.state.CompareAndSwap(reqQueued, reqTaken) {
		o.run()
		close(o.done)
	}
}

func (c ownedConn) exec(ctx context.Context, query string, args ...any) (n int64, err error) {
	err = c.do(ctx, func(d sqlConn) (err error) {
		n, err = d.exec(ctx, query, args...)
		return err
	})
	return n, err
}

// queryRow implements conn: the query runs when the row is scanned, the
// scan with it.
func (c ownedConn) queryRow(ctx context.Context, query string, args ...any) scanner {
	return ownedRow{c, ctx, query, args}
}

func (c ownedConn) each(ctx context.Context, row func(scanner) error, query string, args ...any) error {
	return c.do(ctx, func(d sqlConn) error { return d.each(ctx, row, query, args...) })
}

func (c ownedConn) tx(ctx context.Context, f func(conn) error) error {
	return c.do(ctx, func(d sqlConn) error { return d.tx(ctx, f) })
}

func (c ownedConn) snapshot(ctx context.Context, f func(conn) error) error {
	return c.do(ctx, func(d sqlConn) error { return d.snapshot(ctx, f) })
}

// ownedRow is a row that queryRow has not read yet.
type ownedRow struct {
	c     ownedConn
	ctx   context.Context
	query string
	args  []any
}

func (r ownedRow) Scan(dest ...any) error {
	return r.c.do(r.ctx, func(d sqlConn) error { return d.queryRow(r.ctx, r.query, r.args...).Scan(dest...) })
}
