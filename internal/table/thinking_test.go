package table

import (
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// heldBot is a bot that thinks until the test lets it answer: it says when
// it is asked, then waits for a go-ahead and plays like a random bot.
type heldBot struct {
	asked chan struct{}
	goOn  chan struct{}
	inner bot.Bot
}

func (b *heldBot) Act(v skullking.SeatView) skullking.Action {
	b.asked <- struct{}{}
	<-b.goOn
	return b.inner.Act(v)
}

// A bot that is still thinking does not hold up its table: chat, a
// person's bid and a hint all go through meanwhile, and the bot's answer,
// worked out before the person's bid, is thrown away and asked for again
// on the game as it now stands.
func TestThinkingBotDoesNotBlockItsTable(t *testing.T) {
	s, _ := newStore(t)
	held := &heldBot{asked: make(chan struct{}), goOn: make(chan struct{}), inner: bot.NewRandom(1)}
	m := NewManager(Config{English: words.English{}, Store: s, BotDelay: -1, Grace: time.Hour,
		Bots: func(level string, seed uint64) (bot.Bot, error) {
			if level == "random" { // the only bot seat below
				return held, nil
			}
			return bot.New(level, seed)
		}})
	t.Cleanup(m.Close)
	t.Cleanup(func() { close(held.goOn) }) // let a last question go before the manager closes
	_, _, c := startWithBot(t, m, Settings{Options: skullking.DefaultOptions()})
	asked := func() {
		t.Helper()
		select {
		case <-held.asked:
		case <-time.After(10 * time.Second):
			t.Fatal("the bot was not asked to bid")
		}
	}
	asked()

	// The bot is thinking about its bid: the table still answers.
	c.send(protocol.ClientMsg{Type: protocol.TypeChat, Text: "ahoy"})
	if m := c.next("chat"); m.Text != "ahoy" {
		t.Fatalf("chat came back as %+v", m)
	}
	hint := c.send(protocol.ClientMsg{Type: protocol.TypeHint})
	if h := c.next(protocol.TypeHint, protocol.TypeError); h.Type != protocol.TypeHint || h.ID != hint {
		t.Fatalf("hint while the bot thinks: %+v", h)
	}
	bid := skullking.Bid(0, 0)
	act := protocol.FromAction(bid, false)
	ack := c.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &act})
	if r := c.next(protocol.TypeAck, protocol.TypeError); r.Type != protocol.TypeAck || r.ID != ack {
		t.Fatalf("bid while the bot thinks: %+v", r)
	}

	// The answer now comes too late: the log moved. The bot is asked again
	// and its second answer is the one that counts.
	held.goOn <- struct{}{}
	asked()
	held.goOn <- struct{}{}
	for st := c.next(protocol.TypeState); st.View.Phase == "bidding"; st = c.next(protocol.TypeState) {
	}
	for i, seat := range c.last.View.Seats {
		if !seat.Graybeard && (!seat.HasBid || seat.Bid == nil) {
			t.Fatalf("after the bidding seat %d shows no bid: %+v", i, seat)
		}
	}
}
