package table

import (
	"encoding/json"
	"errors"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// request is a client message awaiting its answer: who sent it, its id
// (echoed in the answer) and its connection's number for it (Intent.Req),
// which the answer's frame carries back.
type request struct {
	client ClientID
	id     int64
	req    uint64
}

func (in Intent) request() request { return request{client: in.Client, id: in.Msg.ID, req: in.Req} }

// answer tells one client the answer to its message. Each numbered
// message gets exactly one answer: the connection holds its later answers
// until this one comes, so a message left unanswered would hold them
// forever (safely answers with an empty frame what a handler did not).
func (t *Table) answer(r request, msg protocol.ServerMsg, close bool) {
	b, err := json.Marshal(msg)
	if err != nil {
		t.log.Error("encode message", "type", msg.Type, "err", err)
		b = []byte(`{"type":"error","code":"internal","message":"could not encode the answer"}`)
	}
	t.answerFrame(r, Frame{Data: b, Close: close})
}

// answerFrame publishes an answer already encoded.
func (t *Table) answerFrame(r request, f Frame) {
	f.Req = r.req
	if t.open == r {
		t.open = request{}
	}
	t.publish(r.client, f)
}

// park says that r is answered later, from the background (a hint being
// worked out): the event that took it in must not answer it as handled.
func (t *Table) park(r request) {
	if t.open == r {
		t.open = request{}
	}
}

// closeOpen answers the request the event took in, if its handler did not:
// an empty answer, which the connection reads as "handled, nothing to say"
// (a seat left, whose connection the table has just closed).
func (t *Table) closeOpen() {
	if r := t.open; r.req != 0 {
		t.answerFrame(r, Frame{})
	}
	t.open = request{}
}

// refuse tells one client its intent was refused, for problem p; the
// table is unchanged.
func (t *Table) refuse(r request, code string, p *protocol.Problem) {
	t.m.cfg.Observer.Refused(code)
	t.answer(r, t.errorMsg(r.id, code, p), false)
}

// refuseWith tells one client why its intent was refused: a refusal's
// code and problem, or the server's failure.
func (t *Table) refuseWith(r request, err error) {
	code := protocol.ErrInternal
	var rf *refusal
	if errors.As(err, &rf) {
		code = rf.code
	} else {
		t.log.Error("message failed", "err", err)
	}
	t.refuse(r, code, problemOf(err))
}

// refuseAction tells a seat why the engine refused its action: the
// refusal's code and facts, and the sentence for the person.
func (t *Table) refuseAction(r request, seat int, ref *skullking.Refusal) {
	t.m.cfg.Observer.Refused(protocol.ErrIllegal)
	w := protocol.RefusalOf(ref, t.st.Options.PirateAbilities)
	msg := protocol.ServerMsg{Type: protocol.TypeError, ID: r.id, Code: protocol.ErrIllegal, Refusal: w}
	if en := t.m.cfg.English; en != nil {
		seats := t.game.Players()
		if t.game.GhostSeat() >= 0 {
			seats++ // Graybeard's seat, named too
		}
		names := make([]string, seats)
		for s := range seats {
			names[s] = t.game.Name(s)
		}
		msg.Message = en.Refusal(w, seat, names)
	}
	t.answer(r, msg, false)
}

// refuseMoved answers r with the table's having stopped running here
// (err, a movedError) and closes the connection: the client reconnects
// and finds the table where it runs now. The answer carries the message's
// id, so that the client knows which message it answers, and it is the
// message's only one: this table runs it no more, and no other node has
// received it.
func (t *Table) refuseMoved(r request, err error) {
	t.m.cfg.Observer.Refused(protocol.ErrNoTable)
	t.answer(r, t.errorMsg(r.id, protocol.ErrNoTable, movedProblem(err)), true)
}

// refuseAndClose refuses and asks the connection to close: a client with
// no right to be here gets nothing more.
func (t *Table) refuseAndClose(r request, code string, p *protocol.Problem) {
	t.m.cfg.Observer.Refused(code)
	t.answer(r, t.errorMsg(0, code, p), true)
}
