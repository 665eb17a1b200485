package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// replay reads the table's log from the store and replays it as kept:
// each action through Commit, taken as it stands, so that an action kept
// in another form than the one the engine applied does not replay. at,
// when set, is called before the first action and after each one with the
// game, the seq and the action kept at it (nil before the first).
func (g *wireGame) replay(at func(tg *skullking.Game, seq int64, rec *store.Action)) (*skullking.Game, []store.Action) {
	g.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wireWait)
	defer cancel()
	row, log, err := g.store.LoadTable(ctx, g.id)
	if err != nil {
		g.t.Fatalf("the table's row: %v", err)
	}
	var st protocol.Settings
	var seats struct {
		Names []string `json:"names"`
	}
	if err := json.Unmarshal(row.Settings, &st); err != nil {
		g.t.Fatalf("the table's settings: %v", err)
	}
	if err := json.Unmarshal(row.Seats, &seats); err != nil {
		g.t.Fatalf("the table's seats: %v", err)
	}
	tg, err := skullking.NewGame(g.players, skullking.WithOptions(st.Options), skullking.WithSeed(row.Seed),
		skullking.WithNames(seats.Names...))
	if err != nil {
		g.t.Fatalf("the table's game: %v", err)
	}
	if at != nil {
		at(tg, 0, nil)
	}
	for i, rec := range log {
		seq := int64(i + 1)
		if rec.Seq != seq {
			g.t.Fatalf("the log's action %d has seq %d", i+1, rec.Seq)
		}
		if err := tg.Commit(rec.Action, func(skullking.Action) error { return nil }); err != nil {
			g.t.Fatalf("the log does not replay as kept: seq %d, %v by %s: %v", seq, rec.Action, rec.By, err)
		}
		if at != nil {
			at(tg, seq, &log[i])
		}
	}
	return tg, log
}

// finish checks the finished game from every side: the log kept in the
// store against every acknowledgement and every state each client read,
// then the record every node serves against what the clients were shown.
func (g *wireGame) finish() {
	g.t.Helper()
	g.sync()
	for _, p := range g.all() {
		if p.view().Phase != protocol.PhaseOver {
			g.t.Fatalf("%s: the last state (seq %d) is %s, not over", p.name, p.seq(), p.view().Phase)
		}
	}
	g.checkLog()
	g.checkRecord()
	g.stats.games++
}

// checkLog replays the store's log as kept and checks that its people's
// actions are exactly those acknowledged, kept as the engine read them,
// and that every state each client read is the engine's view at its seq.
func (g *wireGame) checkLog() {
	g.t.Helper()
	type shown struct {
		p *wireSeat
		m *protocol.ServerMsg
	}
	bySeq := map[int64][]shown{}
	for _, p := range g.all() {
		for _, m := range p.states {
			bySeq[m.Seq] = append(bySeq[m.Seq], shown{p, m})
		}
	}
	type ack struct {
		p *wireSeat
		a skullking.Action
	}
	acks := map[int64]ack{}
	for _, p := range g.persons {
		for seq, a := range p.acked {
			acks[seq] = ack{p, a}
		}
	}
	sheets := map[*wireSeat]int{} // the length of each client's score sheet compared last
	tg, log := g.replay(func(tg *skullking.Game, seq int64, rec *store.Action) {
		if rec != nil {
			a, ok := acks[seq]
			switch {
			case rec.By == protocol.ByPlayer && !ok:
				g.t.Fatalf("the log keeps %v by seat %d's player at seq %d: no client was acknowledged it", rec.Action, rec.Action.Seat, seq)
			case rec.By != protocol.ByPlayer && ok:
				g.t.Fatalf("%s was acknowledged seq %d, which the log keeps as %v by %s", a.p.name, seq, rec.Action, rec.By)
			case ok && (int(rec.Action.Seat) != a.p.seat || rec.Action != a.a):
				g.t.Fatalf("%s was acknowledged seq %d for %v; the log keeps %v", a.p.name, seq, a.a, rec.Action)
			}
			delete(acks, seq)
		}
		for _, sh := range bySeq[seq] {
			tv := tg.View(sh.p.seat)
			want := protocol.ViewOf(&tv)
			// The score sheet, most of a late view, is compared when it
			// grows: the rounds in it never change.
			sheet := len(sh.m.View.Results) != sheets[sh.p]
			sheets[sh.p] = len(sh.m.View.Results)
			if got, want := sameView(g.t, sh.m.View, want, sheet); got != want {
				g.t.Fatalf("%s's state at seq %d is not the view the log replays to:\n got %s\nwant %s", sh.p.name, seq,
					diffAt(got, want), diffAt(want, got))
			}
		}
	})
	for seq, a := range acks {
		g.t.Fatalf("%s was acknowledged seq %d; the log has %d actions", a.p.name, seq, len(log))
	}
	if !tg.Over() {
		g.t.Fatalf("the log replays to a game not over")
	}
}

// sameView writes a view a client read and the view it should be as JSON,
// with their score sheets or without (sheet), equal when the views are.
// The client's view went through the protocol's decoder; the other is read
// back through it too, unless it already writes the same.
func sameView(t wireT, got, want *protocol.View, sheet bool) (string, string) {
	t.Helper()
	encode := func(v *protocol.View) string {
		if !sheet {
			w := *v
			w.Results = nil
			v = &w
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("a view does not encode: %v", err)
		}
		return string(b)
	}
	g, w := encode(got), encode(want)
	if g == w {
		return g, w
	}
	var back protocol.View
	if err := json.Unmarshal([]byte(w), &back); err != nil {
		t.Fatalf("a view does not read back: %v", err)
	}
	return g, encode(&back)
}

// diffAt is a's text around the first byte where it differs from b.
func diffAt(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo, hi := max(0, i-120), min(len(a), i+120)
	return fmt.Sprintf("…%s… (byte %d)", a[lo:hi], i)
}

// checkRecord downloads the record from every node, replays it with the
// engine, and checks it against what the clients were shown: each
// client's last state (scores, bids, tricks won, round by round), and
// every card shown played, which must be the card the record says the
// seat played there.
func (g *wireGame) checkRecord() {
	g.t.Helper()
	var raw []byte
	for i, n := range g.nodes {
		ctx, cancel := context.WithTimeout(context.Background(), wireWait)
		b, err := n.Client().Record(ctx, g.id)
		// A node learns the game is over just after its last state goes
		// out, which a client may read first.
		for err != nil && strings.Contains(err.Error(), "once the game is over") && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
			b, err = n.Client().Record(ctx, g.id)
		}
		cancel()
		if err != nil {
			g.t.Fatalf("the record through node %d: %v", i+1, err)
		}
		if i > 0 && string(b) != string(raw) {
			g.t.Fatalf("node %d serves another record than node 1", i+1)
		}
		raw = b
	}
	rec, err := skullking.ParseRecord(raw)
	if err != nil {
		g.t.Fatalf("the record does not read: %v", err)
	}
	type walked struct{ round, trick, seat int }
	played := map[walked]string{}
	rg, err := rec.Walk(func(v skullking.SeatView, a skullking.Action) {
		if a.Kind == skullking.ActionPlay {
			played[walked{v.Round(), v.TrickNumber(), int(a.Seat)}] = a.CardCode(g.named)
		}
	})
	if err != nil {
		g.t.Fatalf("the record does not replay: %v", err)
	}
	if !rg.Over() {
		g.t.Fatalf("the record's game is not over")
	}
	for _, p := range g.all() {
		got := p.view()
		rv := rg.View(p.seat)
		want := protocol.ViewOf(&rv)
		for _, part := range []struct {
			name      string
			got, want any
		}{{"seats", got.Seats, want.Seats}, {"results", got.Results, want.Results}, {"winners", got.Winners, want.Winners}} {
			gb, _ := json.Marshal(part.got)
			wb, _ := json.Marshal(part.want)
			if string(gb) != string(wb) {
				g.t.Fatalf("%s's last state shows %s %s; the record replays to %s", p.name, part.name, gb, wb)
			}
		}
		for s, tot := range rg.Totals() {
			if got.Seats[s].Total != tot {
				g.t.Fatalf("%s's last state shows seat %d at %d; the record, %d", p.name, s, got.Seats[s].Total, tot)
			}
		}
	}
	recorded := 0
	for _, rr := range rec.Rounds {
		for _, tr := range rr.Tricks {
			recorded += len(tr)
		}
	}
	if len(g.plays) != recorded {
		g.t.Fatalf("the clients were shown %d cards played; the record plays %d", len(g.plays), recorded)
	}
	for k, pl := range g.plays {
		if k.round > len(rec.Rounds) || k.trick > len(rec.Rounds[k.round-1].Tricks) ||
			k.index >= len(rec.Rounds[k.round-1].Tricks[k.trick-1]) {
			g.t.Fatalf("the clients were shown card %d of trick %d of round %d, which the record has not", k.index+1, k.trick, k.round)
		}
		if code := rec.Rounds[k.round-1].Tricks[k.trick-1][k.index]; !strings.EqualFold(code, pl.Code) {
			g.t.Fatalf("the clients were shown %s (card %d) as card %d of trick %d of round %d; the record has %s",
				pl.Code, pl.Card, k.index+1, k.trick, k.round, code)
		}
		if pl.Seat < g.players {
			if code, ok := played[walked{k.round, k.trick, pl.Seat}]; !ok || code != pl.Code {
				g.t.Fatalf("the clients were shown seat %d playing %s to trick %d of round %d; replaying the record, it plays %q",
					pl.Seat, pl.Code, k.trick, k.round, code)
			}
		}
	}
	g.stats.records++
}
