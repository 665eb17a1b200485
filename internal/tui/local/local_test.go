package local

import (
	"errors"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

func newTable(t *testing.T, cfg Config) *Table {
	t.Helper()
	if cfg.Players == 0 {
		cfg.Players = 4
	}
	if cfg.Options.Rounds == 0 {
		cfg.Options = skullking.DefaultOptions()
	}
	if len(cfg.Bots) == 0 {
		cfg.Bots = []string{"random"}
	}
	table, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	return table
}

// next is the next update, failing if none comes.
func next(t *testing.T, table *Table) feed.Update {
	t.Helper()
	select {
	case u, ok := <-table.Updates():
		if !ok {
			t.Fatal("the table closed")
		}
		return u
	case <-time.After(10 * time.Second):
		t.Fatal("no update for 10s")
	}
	return feed.Update{}
}

// The person's views are the wire's: the first is the deal, with the
// rules in a line; every change after it is one more view.
func TestUpdatesAreWireViews(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Kraken = true
	table := newTable(t, Config{Options: o, Seed: 3, Names: []string{"Ann", "Ben", "Cat", "Dan"}})
	u := next(t, table)
	v := u.View
	if v == nil || v.Seat != 0 || v.Phase != protocol.PhaseBidding || len(v.Hand) != 1 || v.Seats[1].Name != "Ben" {
		t.Fatalf("the deal: %+v", v)
	}
	if err := v.Check(); err != nil {
		t.Errorf("the view does not pass the wire's checks: %v", err)
	}
	if want := (words.Words{}).RulesSummary(o); u.Rules != want {
		t.Errorf("rules %q, want %q", u.Rules, want)
	}
}

// The person's actions go in as the wire writes them; the rules' refusal
// comes back as a *feed.RefusedError with the engine's code and facts, and
// changes nothing.
func TestSendRefusesWithTheEnginesRefusal(t *testing.T) {
	table := newTable(t, Config{Seed: 3})
	v := next(t, table).View
	five := 5
	err := table.Send(protocol.Action{Kind: protocol.KindBid, Value: &five})
	var re *feed.RefusedError
	if !errors.As(err, &re) || re.Refusal.Code != "bid_out_of_range" || *re.Refusal.Count != v.Cards {
		t.Fatalf("a bid of 5 with 1 card: %v", err)
	}
	if err := table.Send(protocol.Action{Kind: "dance"}); err == nil || errors.As(err, &re) {
		t.Errorf("an unknown kind: %v", err)
	}
	if err := table.Send(v.Legal[0]); err != nil {
		t.Errorf("a legal bid: %v", err)
	}
}

// A hint is one of the person's legal actions.
func TestHintIsLegal(t *testing.T) {
	table := newTable(t, Config{Seed: 6, HintLevel: "random"})
	v := next(t, table).View
	h, err := table.Hint()
	if err != nil {
		t.Fatal(err)
	}
	legal := false
	for _, a := range v.Legal {
		legal = legal || (a.Kind == h.Action.Kind && *a.Value == *h.Action.Value)
	}
	if !legal || h.Why == "" {
		t.Errorf("hint %+v among %+v", h, v.Legal)
	}
}

// The record is the game so far, and replays.
func TestRecordReplays(t *testing.T) {
	table := newTable(t, Config{Seed: 6, Names: []string{"Ann", "Ben", "Cat", "Dan"}})
	v := next(t, table).View
	if err := table.Send(v.Legal[0]); err != nil {
		t.Fatal(err)
	}
	b, err := table.Record()
	if err != nil {
		t.Fatal(err)
	}
	if rec, _ := recordtest.Replay(t, b); rec.Players[0] != "Ann" {
		t.Errorf("players %v", rec.Players)
	}
}

// Bots wait the configured pause before each move.
func TestBotsArePaced(t *testing.T) {
	const delay = 40 * time.Millisecond
	table := newTable(t, Config{Seed: 1, Delay: delay, TrickPause: 2 * delay})
	start := time.Now()
	next(t, table) // the deal
	for range 3 {
		next(t, table) // a bot's bid
	}
	if took := time.Since(start); took < 3*delay {
		t.Errorf("three bot bids in %v, want at least %v", took, 3*delay)
	}
}

// A bot that answers with an illegal action does not stop the game.
type badBot struct{}

func (badBot) Act(skullking.SeatView) skullking.Action { return skullking.Bid(0, 99) }

type panicBot struct{}

func (panicBot) Act(skullking.SeatView) skullking.Action { panic("bug") }

func TestBrokenBotsDoNotStopTheGame(t *testing.T) {
	g, _ := skullking.NewGame(3, skullking.WithSeed(1))
	st := &state{cfg: Config{Players: 3, Seat: 0}, g: g, bots: []bot.Bot{nil, badBot{}, panicBot{}}}
	st.botAct(1)
	st.botAct(2)
	if !g.Seat(1).HasBid(1) || !g.Seat(2).HasBid(2) {
		t.Error("the broken bots did not bid")
	}
}

// A closed table says so to every call.
func TestClosedTable(t *testing.T) {
	table := newTable(t, Config{Seed: 1})
	table.Close()
	if err := table.Send(protocol.Action{Kind: protocol.KindBid}); !errors.Is(err, feed.ErrClosed) {
		t.Errorf("Send: %v", err)
	}
	if _, err := table.Hint(); !errors.Is(err, feed.ErrClosed) {
		t.Errorf("Hint: %v", err)
	}
	if _, ok := <-table.Updates(); ok {
		t.Error("updates after the close")
	}
}

func TestBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{Players: 4, Options: skullking.DefaultOptions(), Seat: 4},
		{Players: 4, Options: skullking.DefaultOptions(), Bots: []string{"random", "random"}},
		{Players: 4, Options: skullking.DefaultOptions(), Bots: []string{"grandmaster"}},
		{Players: 9, Options: skullking.DefaultOptions()},
	} {
		if table, err := New(cfg); err == nil {
			table.Close()
			t.Errorf("%+v accepted", cfg)
		}
	}
}
