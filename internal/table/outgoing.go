package table

import "slices"

// outgoing holds the frames an event makes until the event ends, or until
// the table is about to wait (an append), so that each client is handed
// all of them at once: an action's state and its answer to the player who
// sent it then wait in that connection's outbox together and go out in one
// write. Frames are never held across a wait: they go out when the
// event's work is done, and each client's keep their order.
type outgoing struct {
	gathering bool
	frames    []addressed
	order     []ClientID // flush's scratch
	run       []Frame    // one client's frames, handed over together
}

// addressed is a frame and its client.
type addressed struct {
	to ClientID
	f  Frame
}

// largestGathered is the most frames an event gathers: past it (a
// broadcast to a crowd of spectators) they go out as they are made, one
// each, rather than being grouped by client.
const largestGathered = 64

// publish sends f to a client, now or when the event's frames are handed
// over.
func (t *Table) publish(to ClientID, f Frame) {
	o := &t.out
	if !o.gathering || len(o.frames) >= largestGathered {
		t.flush()
		t.m.cfg.Bus.Publish(to, f)
		return
	}
	o.frames = append(o.frames, addressed{to, f})
}

// gather holds the frames made from now until flush.
func (t *Table) gather() { t.out.gathering = true }

// flush hands every client the frames gathered for it, each client's at
// once and in the order made, at the place of its last one: the clients
// go in the order of their last frames, so that whatever was made for
// others before a client's last frame has gone before it (an action's
// answer still follows every other seat's state). Gathering goes on until
// the event ends (handOver).
func (t *Table) flush() {
	o := &t.out
	if len(o.frames) == 0 {
		return
	}
	o.order = o.order[:0] // the clients by their last frames, the latest first
	for i := len(o.frames) - 1; i >= 0; i-- {
		if to := o.frames[i].to; !slices.Contains(o.order, to) {
			o.order = append(o.order, to)
		}
	}
	for k := len(o.order) - 1; k >= 0; k-- {
		to := o.order[k]
		o.run = o.run[:0]
		for _, a := range o.frames {
			if a.to == to {
				o.run = append(o.run, a.f)
			}
		}
		t.m.cfg.Bus.Publish(to, o.run...)
	}
	clear(o.frames)
	o.frames = o.frames[:0]
	clear(o.run)
}

// handOver hands over what the event made and stops gathering.
func (t *Table) handOver() {
	t.flush()
	t.out.gathering = false
}
