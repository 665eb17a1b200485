package tui

import (
	"encoding/json"
	"fmt"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/wire"
)

// The server sends skullking.View on the wire (docs/protocol.md §6); the
// screen wants the engine's type back. Everything here treats the frame as
// untrusted: a view is checked against every index the screen will use
// before the screen sees it, so a broken or hostile server can garble a
// picture but never crash the client.

var (
	phaseByName = map[string]skullking.Phase{
		"bidding": skullking.PhaseBidding, "cannon": skullking.PhaseCannon, "playing": skullking.PhasePlaying,
		"ability": skullking.PhaseAbility, "over": skullking.PhaseOver,
	}
	pendingByName = map[string]skullking.ActionKind{
		"rosie": skullking.ActionRosie, "bendt": skullking.ActionBendt, "discard": skullking.ActionDiscard,
		"wager": skullking.ActionWager, "harry": skullking.ActionHarry,
	}
	outcomeByName = map[string]skullking.Outcome{
		"won": skullking.Won, "destroyed": skullking.Destroyed, "discarded": skullking.Discarded,
	}
	suitByName = map[string]skullking.Suit{}
	// reasonByText reads a trick's reason back from its sentence: the wire
	// carries the engine's words, and the screen words it the same way.
	reasonByText = map[string]skullking.Reason{}
)

func init() {
	for s := skullking.Green; s <= skullking.Black; s++ {
		suitByName[s.String()] = s
	}
	for r := skullking.ByMermaidOverSkullKing; r <= skullking.ByWhaleDiscard; r++ {
		reasonByText[r.String()] = r
	}
}

// maxSeats bounds the seats of a view: eight players, or two and Graybeard.
const maxSeats = 9

// maxScore bounds every score and bonus in a view. Real games stay in the
// thousands; the bound keeps the chart's arithmetic from overflowing on a
// number no game could reach.
const maxScore = 1_000_000

func sane(ns ...int) bool {
	for _, n := range ns {
		if n < -maxScore || n > maxScore {
			return false
		}
	}
	return true
}

// wireCard reads a card id.
func wireCard(id int) (skullking.Card, error) {
	if id < 0 || id >= skullking.NumCards {
		return 0, fmt.Errorf("no card has id %d", id)
	}
	return skullking.Card(id), nil
}

// wirePlay reads a card on the table, played by one of seats seats.
func wirePlay(p wire.Play, seats int) (skullking.Played, error) {
	c, err := wireCard(p.Card)
	if err != nil {
		return skullking.Played{}, err
	}
	if p.Seat < 0 || p.Seat >= seats {
		return skullking.Played{}, fmt.Errorf("%s played by seat %d of %d", p.Code, p.Seat, seats)
	}
	out := skullking.Played{Card: c, Seat: int8(p.Seat)}
	switch p.As {
	case "pirate":
		out.As = skullking.AsPirate
	case "escape":
		out.As = skullking.AsEscape
	case "":
	default:
		return skullking.Played{}, fmt.Errorf("the Tigress played as %q", p.As)
	}
	return out, nil
}

func wirePlays(ps []wire.Play, seats int) ([]skullking.Played, error) {
	out := make([]skullking.Played, 0, len(ps))
	if len(ps) > seats {
		return nil, fmt.Errorf("%d cards in a trick of %d seats", len(ps), seats)
	}
	for _, p := range ps {
		q, err := wirePlay(p, seats)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, nil
}

// inRange reports whether s is a seat of the view, or −1 when allowed.
func inRange(s, seats int, none bool) bool {
	return (s >= 0 && s < seats) || (none && s == -1)
}

// viewOf turns the server's view for seat (−1: a spectator's) into the
// engine's, with the table's rules (the wire view does not repeat them),
// or says what is wrong with it.
func viewOf(w *wire.View, opts skullking.Options, seat int) (skullking.View, error) {
	var v skullking.View
	if w == nil {
		return v, fmt.Errorf("a state without a view")
	}
	n := len(w.Seats)
	switch {
	case w.Seat != seat:
		return v, fmt.Errorf("a view for seat %d, not this seat (%d)", w.Seat, seat)
	case n < 2 || n > maxSeats:
		return v, fmt.Errorf("%d seats", n)
	case w.Players < 2 || w.Players > 8 || w.Players > n:
		return v, fmt.Errorf("%d players at %d seats", w.Players, n)
	case seat < -1 || seat >= w.Players:
		return v, fmt.Errorf("seat %d of %d players", seat, w.Players)
	case w.Cards < 0 || w.Cards > skullking.NumCards || w.Round < 0 || w.Rounds < 0 || w.Rounds > 1000:
		return v, fmt.Errorf("round %d of %d with %d cards", w.Round, w.Rounds, w.Cards)
	case !inRange(w.Turn, n, true) || !inRange(w.Leader, n, true):
		return v, fmt.Errorf("turn %d, leader %d", w.Turn, w.Leader)
	}
	phase, ok := phaseByName[w.Phase]
	if !ok {
		return v, fmt.Errorf("unknown phase %q", w.Phase)
	}
	v = skullking.View{
		Seat: seat, Players: w.Players, Options: opts, Phase: phase, Round: w.Round, ScheduledRounds: w.Rounds,
		Tiebreak: w.Tiebreak, Cards: w.Cards, Dealt: w.Cards > 0, Turn: w.Turn, Leader: w.Leader,
		Winning: w.Winning, TrickNo: w.TrickNo, PendingSeat: -1,
	}
	for _, s := range w.Seats {
		info := skullking.SeatInfo{Name: clean(s.Name, 40), HandSize: s.HandSize, HasBid: s.HasBid, Bid: -1, Won: s.Won,
			Total: s.Total, Graybeard: s.Graybeard, Wager: s.Wager, Cannon: -1}
		if !sane(s.Total, s.Wager, s.Won, s.HandSize) {
			return v, fmt.Errorf("seat %q: total %d, wager %d, won %d, hand %d", info.Name, s.Total, s.Wager, s.Won, s.HandSize)
		}
		if s.Bid != nil {
			if *s.Bid < 0 || *s.Bid > skullking.NumCards {
				return v, fmt.Errorf("a bid of %d", *s.Bid)
			}
			info.Bid = *s.Bid
		}
		switch s.Cannon {
		case "grapeshot":
			info.Cannon = skullking.Grapeshot
		case "cannonball":
			info.Cannon = skullking.Cannonball
		}
		v.Seats = append(v.Seats, info)
	}
	if seat < 0 {
		// A spectator holds no cards and decides nothing, whatever a
		// server says: the screen must offer them nothing to play.
		public := *w
		public.Hand, public.Legal, public.UndealtSeen, public.Discarded = nil, nil, nil, nil
		w = &public
	}
	for _, h := range w.Hand {
		c, err := wireCard(h.Card)
		if err != nil {
			return v, fmt.Errorf("hand: %v", err)
		}
		v.Hand = append(v.Hand, c)
	}
	for i := range w.Legal {
		a, err := wire.ToAction(&w.Legal[i], seat)
		if err != nil {
			// An action this client cannot read (a later version's) is one
			// it cannot offer; the others still can be.
			continue
		}
		v.Legal = append(v.Legal, a)
	}
	var err error
	if v.Trick, err = wirePlays(w.Trick, n); err != nil {
		return v, fmt.Errorf("trick: %v", err)
	}
	if !inRange(w.Winning, len(v.Trick), true) {
		return v, fmt.Errorf("winning card %d of %d", w.Winning, len(v.Trick))
	}
	if w.Lead.Suit != "" {
		if v.Lead.Suit, ok = suitByName[w.Lead.Suit]; !ok {
			return v, fmt.Errorf("unknown suit %q", w.Lead.Suit)
		}
	}
	v.Lead.Free = w.Lead.Free
	for i, t := range w.Tricks {
		tl, err := trickOf(t, n, &opts)
		if err != nil {
			return v, fmt.Errorf("trick %d: %v", i+1, err)
		}
		v.Tricks = append(v.Tricks, tl)
	}
	if p := w.Pending; p != nil {
		if v.Pending, ok = pendingByName[p.Kind]; !ok {
			return v, fmt.Errorf("unknown ability %q", p.Kind)
		}
		if !inRange(p.Seat, n, false) || !inRange(p.Leader, n, true) || p.Draw < 0 || p.Draw > 2 {
			return v, fmt.Errorf("ability of seat %d, leader %d, draw %d", p.Seat, p.Leader, p.Draw)
		}
		v.PendingSeat, v.PendingDraw, v.PendingLeader = p.Seat, p.Draw, p.Leader
	}
	for _, c := range w.UndealtSeen {
		card, err := wireCard(c.Card)
		if err != nil {
			return v, err
		}
		v.UndealtSeen = append(v.UndealtSeen, card)
	}
	for _, c := range w.Discarded {
		card, err := wireCard(c.Card)
		if err != nil {
			return v, err
		}
		v.Discarded = append(v.Discarded, card)
	}
	p := w.Players
	for _, r := range w.Results {
		if len(r.Bids) < p || len(r.Won) < p || len(r.Bonus) < p || len(r.Points) < p || len(r.Totals) < p {
			return v, fmt.Errorf("round %d's result has too few seats", r.Round)
		}
		for _, ns := range [][]int{r.Bids[:p], r.Won[:p], r.Bonus[:p], r.Points[:p], r.Totals[:p]} {
			if !sane(ns...) {
				return v, fmt.Errorf("round %d's result: %v", r.Round, ns)
			}
		}
		rr := skullking.RoundResult{Round: r.Round, Cards: r.Cards, Played: true, Players: p}
		copy(rr.Bids[:p], r.Bids)
		copy(rr.Won[:p], r.Won)
		copy(rr.Bonus[:p], r.Bonus)
		copy(rr.Points[:p], r.Points)
		copy(rr.Totals[:p], r.Totals)
		v.Results = append(v.Results, rr)
	}
	for _, s := range w.Winners {
		if !inRange(s, p, false) {
			return v, fmt.Errorf("winner %d of %d players", s, p)
		}
		v.Winners = append(v.Winners, s)
	}
	return v, nil
}

// trickOf reads a completed trick. The server states the outcome, winner,
// reason, next leader and bonus; which card won and the Loot alliances are
// not on the wire, and are read off the plays with the winner known.
func trickOf(t wire.Trick, seats int, opts *skullking.Options) (skullking.TrickLog, error) {
	plays, err := wirePlays(t.Plays, seats)
	if err != nil {
		return skullking.TrickLog{}, err
	}
	if len(plays) == 0 {
		return skullking.TrickLog{}, fmt.Errorf("no cards")
	}
	outcome, ok := outcomeByName[t.Outcome]
	if !ok {
		return skullking.TrickLog{}, fmt.Errorf("unknown outcome %q", t.Outcome)
	}
	if !inRange(t.Winner, seats, outcome != skullking.Won) || !inRange(t.Leader, seats, false) || !sane(t.Bonus) {
		return skullking.TrickLog{}, fmt.Errorf("winner %d, leader %d", t.Winner, t.Leader)
	}
	r := skullking.TrickResult{Outcome: outcome, Winner: t.Winner, Leader: t.Leader, Bonus: t.Bonus,
		Reason: reasonByText[t.Reason]}
	if r.Reason == 0 {
		// A reason worded by a later server: the rules say it as well.
		r.Reason = resolve(plays, opts).Reason
	}
	if outcome == skullking.Won {
		r.Index = -1
		for i, p := range plays {
			if int(p.Seat) == t.Winner {
				r.Index = i
				break
			}
		}
		if r.Index < 0 {
			return skullking.TrickLog{}, fmt.Errorf("won by seat %d, who played no card in it", t.Winner)
		}
		for _, p := range plays {
			if p.Card.Kind() == skullking.KindLoot && int(p.Seat) != t.Winner && r.NAlliances < len(r.Alliances) {
				r.Alliances[r.NAlliances] = skullking.Alliance{Looter: p.Seat, Winner: int8(t.Winner)}
				r.NAlliances++
			}
		}
	}
	return skullking.TrickLog{Plays: plays, Result: r}, nil
}

// resolve applies the rules to a trick the client has pieced together
// itself. The engine expects the plays of a real trick; a panic on plays
// no game could hold becomes a result that claims nothing.
func resolve(plays []skullking.Played, opts *skullking.Options) (r skullking.TrickResult) {
	defer func() {
		if recover() != nil {
			r = skullking.TrickResult{Outcome: skullking.Destroyed, Winner: -1, Index: -1, Leader: -1}
		}
	}()
	if len(plays) == 0 {
		return skullking.TrickResult{Outcome: skullking.Destroyed, Winner: -1, Index: -1, Leader: -1}
	}
	return skullking.ResolveTrick(plays, opts)
}

// completedTrick finds the trick that the change from prev to v completed,
// if any. Within a round the view lists it. The last trick of a round is
// gone from the view once the next round is dealt: then, if this state
// follows the previous one by exactly that card (ev), it is rebuilt from the
// cards on the table, as the local table does.
func completedTrick(prev, v *skullking.View, prevSeq, seq int64, ev *wire.Event) *skullking.TrickLog {
	if v.Round == prev.Round && len(v.Tricks) > len(prev.Tricks) {
		t := v.Tricks[len(v.Tricks)-1]
		return &t
	}
	if v.Round == prev.Round || ev == nil || ev.Kind != "play" || ev.Card == nil || seq != prevSeq+1 ||
		prev.Phase != skullking.PhasePlaying || len(prev.Trick) == 0 {
		return nil
	}
	p, err := wirePlay(wire.Play{Seat: ev.Seat, Card: *ev.Card, As: ev.As}, len(prev.Seats))
	if err != nil || len(prev.Trick)+1 > len(prev.Seats) {
		return nil
	}
	plays := append(append([]skullking.Played(nil), prev.Trick...), p)
	res := resolve(plays, &prev.Options)
	if res.Outcome == skullking.Won && (res.Index < 0 || res.Index >= len(plays)) {
		return nil
	}
	return &skullking.TrickLog{Plays: plays, Result: res}
}

// optionsOf reads the table's rules. A later server may know rules this
// client does not: then it keeps every rule it can read, so the screen
// explains what it can; the server judges the play either way.
func optionsOf(raw json.RawMessage) skullking.Options {
	var o skullking.Options
	if len(raw) == 0 || string(raw) == "null" {
		return skullking.DefaultOptions()
	}
	if err := json.Unmarshal(raw, &o); err == nil {
		return o
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return skullking.DefaultOptions()
	}
	known := map[string]json.RawMessage{}
	for k, v := range m {
		one, _ := json.Marshal(map[string]json.RawMessage{k: v})
		var probe skullking.Options
		if json.Unmarshal(one, &probe) == nil {
			known[k] = v
		}
	}
	b, _ := json.Marshal(known)
	if err := json.Unmarshal(b, &o); err != nil {
		return skullking.DefaultOptions()
	}
	return o
}
