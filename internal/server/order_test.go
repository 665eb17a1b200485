package server

import (
	"fmt"
	"testing"

	"github.com/skullking-go/skullking/internal/table"
)

func answer(req uint64) table.Frame {
	return table.Frame{Data: fmt.Appendf(nil, "%d", req), Req: req}
}

// Rule: answers go out in the order of the messages they answer, however
// they come; an empty answer lets the next ones go; a broadcast does not
// wait.
func TestAnswersGoOutInTheOrderOfTheMessages(t *testing.T) {
	var out []string
	o := newReplyOrder(8, func(f table.Frame) bool {
		out = append(out, string(f.Data))
		return true
	})
	for range 5 {
		o.number()
	}
	o.deliver(answer(3))
	o.deliver(answer(2))
	o.deliver(table.Frame{Data: []byte("news")})
	o.deliver(table.Frame{Req: 1}) // handled, nothing to say
	o.deliver(answer(5))
	o.deliver(answer(4))
	if got, want := fmt.Sprint(out), "[news 2 3 4 5]"; got != want {
		t.Fatalf("written %s, want %s", got, want)
	}
	// A second word on a message already answered, or on no message,
	// holds nothing up.
	o.deliver(answer(2))
	o.deliver(answer(9))
	if got, want := fmt.Sprint(out[4:]), "[5 2 9]"; got != want {
		t.Fatalf("then %s, want %s", got, want)
	}
}

// Rule: answers waiting behind a slow one are bounded: past the limit the
// connection is reported too slow.
func TestAnswersWaitingAreBounded(t *testing.T) {
	o := newReplyOrder(2, func(table.Frame) bool { return true })
	for range 4 {
		o.number()
	}
	if !o.deliver(answer(2)) || !o.deliver(answer(3)) {
		t.Fatal("an answer within the limit was refused")
	}
	if o.deliver(answer(4)) {
		t.Fatal("a third answer waiting was taken")
	}
}
