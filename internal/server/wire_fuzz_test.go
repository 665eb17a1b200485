package server_test

import (
	"errors"
	"slices"
	"sort"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/protocol"
)

// fuzzed is an action the server must refuse, and how.
type fuzzed struct {
	what string // the kind of fuzz, for the counts
	act  *protocol.Action
	code string // the error's code: illegal or bad_request
	// refusal, when set, is the refusal's code; card its card, for
	// card_not_held.
	refusal string
	card    int
	// alt marks a play or a discard of a card the seat does not hold.
	alt bool
}

// probe sends, on the seat's turn, the report behind the rule: another
// copy of a face it holds, by id. The game sends it before three decisions
// in four, ahead of the other fuzzed actions.
func (g *wireGame) probe(p *wireSeat, pos position) {
	g.t.Helper()
	v := p.view()
	if !pos.frozen || v.Phase != protocol.PhasePlaying || v.Turn != p.seat {
		return
	}
	var fs []fuzzed
	for _, h := range v.Hand {
		for _, c := range g.copies(h.Card) {
			if !holds(v, c) {
				fs = append(fs, fuzzed{what: "another copy", act: &protocol.Action{Kind: protocol.KindPlay, Card: &c, Code: h.Code},
					code: protocol.ErrIllegal, refusal: "card_not_held", card: c, alt: true})
			}
		}
	}
	if len(fs) > 0 {
		g.fuzzOnce(p, pos, fs[g.rng.IntN(len(fs))])
	}
}

// fuzzOnce sends an action the server must refuse and checks the refusal.
func (g *wireGame) fuzzOnce(p *wireSeat, pos position, f fuzzed) {
	g.t.Helper()
	v := p.view()
	g.stats.sent[f.what]++
	if f.alt {
		g.stats.alternatives++
	}
	ack, err := p.send(f.act)
	if err == nil {
		g.stats.accepted[f.what]++
		if f.alt {
			g.stats.alternativesAccepted++
		}
		g.t.Fatalf("%s: the server acknowledged (seq %d) the %s %s, sent at seq %d (%s, turn %d) holding %v "+
			"(alternative plays so far: %d sent, %d accepted)", p.name, ack.Seq, f.what, actionText(f.act), p.seq(),
			v.Phase, v.Turn, handIDs(v), g.stats.alternatives, g.stats.alternativesAccepted)
	}
	var e *client.Error
	if !errors.As(err, &e) {
		g.t.Fatalf("%s: the %s %s got no answer: %v", p.name, f.what, actionText(f.act), err)
	}
	bad := func(format string, args ...any) {
		g.t.Fatalf("%s: the %s %s, sent at seq %d (%s, turn %d, holding %v): "+format, append([]any{p.name, f.what,
			actionText(f.act), p.seq(), v.Phase, v.Turn, handIDs(v)}, args...)...)
	}
	switch {
	case e.Code != f.code:
		bad("refused %s (%s), want %s", e.Code, e.Message, f.code)
	case e.Code == protocol.ErrIllegal && (e.Refusal == nil || e.Refusal.Seat != p.seat):
		bad("refused illegal with the refusal %+v, not the seat's", e.Refusal)
	case f.refusal != "" && e.Refusal.Code != f.refusal:
		bad("refused %s, want %s", e.Refusal.Code, f.refusal)
	case f.refusal == "card_not_held" && (e.Refusal.Card == nil || e.Refusal.Card.Card != f.card):
		bad("the refusal names the card %+v, want %d", e.Refusal.Card, f.card)
	}
	if f.alt && e.Refusal != nil && e.Refusal.Code == "card_not_held" && v.Phase == protocol.PhasePlaying && v.Turn == p.seat {
		g.stats.onTurn++
	}
	own := v.Seats[p.seat]
	p.watches = append(p.watches, refusalWatch{from: p.seq(), what: f.what + " " + actionText(f.act), round: v.Round,
		hand: handIDs(v), hasBid: own.HasBid, bid: own.Bid})
	if pos.strict && p.seq() == g.known {
		g.expectNext = g.known + 1
	}
}

// drawFuzz draws an action the server must refuse, from every kind the
// position allows. Some are refused whatever happens before the server
// reads them: a card the seat does not hold (its hand changes only by its
// own actions, and a new deal starts with a bid), a message that cannot be
// read, a bid out of any range. Others only while nothing but the test's
// people can move (frozen): a card out of turn, a decision at the wrong
// time, a value out of range for the seat's own decision, its last action
// again. A second bid needs the round to stay (a hand still held).
func (g *wireGame) drawFuzz(p *wireSeat, pos position) fuzzed {
	g.t.Helper()
	v := p.view()
	me := p.seat
	myTurn := pos.frozen && v.Phase == protocol.PhasePlaying && v.Turn == me
	stable := v.Phase == protocol.PhaseOver || len(v.Hand) > 0
	mine := func() int { return v.Hand[g.rng.IntN(len(v.Hand))].Card }
	intp := func(n int) *int { return &n }
	alts, others := map[string][]fuzzed{}, map[string][]fuzzed{}
	notHeld := func(what string, id int, code string) {
		f := fuzzed{what: what, act: &protocol.Action{Kind: protocol.KindPlay, Card: intp(id), Code: code},
			code: protocol.ErrIllegal, alt: true}
		if myTurn {
			f.refusal, f.card = "card_not_held", id
		}
		alts[what] = append(alts[what], f)
	}
	illegal := func(what, refusal string, a protocol.Action) {
		others[what] = append(others[what], fuzzed{what: what, act: &a, code: protocol.ErrIllegal, refusal: refusal})
	}
	malformed := func(what string, a *protocol.Action) {
		others[what] = append(others[what], fuzzed{what: what, act: a, code: protocol.ErrBadRequest})
	}

	// Cards the seat does not hold: another copy of a face it holds, a card
	// dealt to another seat, an undealt card, a card not in this game's
	// deck; a card's id under the code of one it holds (the id counts); a
	// face it does not hold, by its code alone.
	deal := g.dealNow(v.Round)
	var notMine []int
	for id := range skullking.NumCards {
		if !holds(v, id) {
			notMine = append(notMine, id)
		}
	}
	for _, h := range v.Hand {
		for _, c := range g.copies(h.Card) {
			if !holds(v, c) {
				notHeld("another copy", c, h.Code)
			}
		}
	}
	deck := g.options.Deck()
	for _, id := range notMine {
		c := skullking.Card(id)
		switch {
		case !deck.Has(c):
			notHeld("a card not in the game", id, g.face(id))
		case deal.undealt.Has(c):
			notHeld("an undealt card", id, g.face(id))
		default:
			for s, h := range deal.hands {
				if s != me && h.Has(c) {
					notHeld("another seat's card", id, g.face(id))
				}
			}
		}
	}
	if len(v.Hand) > 0 {
		notHeld("an id under a held card's code", notMine[g.rng.IntN(len(notMine))], g.face(mine()))
	}
	for _, c := range g.cards {
		code := g.face(c.Card)
		if code == "TIG" {
			code = []string{"TIG-P", "TIG-E"}[g.rng.IntN(2)]
		}
		if c.Card != g.lowest(c.Card) || slices.ContainsFunc(v.Hand, func(h protocol.HandCard) bool { return g.face(h.Card) == g.face(c.Card) }) {
			continue
		}
		f := fuzzed{what: "a face not held, by code", act: &protocol.Action{Kind: protocol.KindPlay, Code: code},
			code: protocol.ErrIllegal, alt: true}
		if myTurn {
			f.refusal, f.card = "card_not_held", c.Card
		}
		alts[f.what] = append(alts[f.what], f)
	}
	myDecision := func(kind string) bool {
		return pos.frozen && v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Kind == kind && v.Pending.Seat == me
	}
	if myDecision(protocol.KindDiscard) {
		a := protocol.Action{Kind: protocol.KindDiscard, Card: intp(notMine[g.rng.IntN(len(notMine))])}
		if v.Pending.Draw > 1 {
			a.Card2 = intp(mine())
		}
		alts["a discard not held"] = append(alts["a discard not held"],
			fuzzed{what: "a discard not held", act: &a, code: protocol.ErrIllegal, refusal: "discard", alt: true})
	}

	// Messages that cannot be read: bad_request whatever the game.
	malformed("no action", nil)
	malformed("unknown kind", &protocol.Action{Kind: []string{"dance", "", "pass", "bids"}[g.rng.IntN(4)], Value: intp(1)})
	malformed("no value", &protocol.Action{Kind: []string{"bid", "cannon", "rosie", "bendt", "wager", "harry"}[g.rng.IntN(6)]})
	malformed("no card", &protocol.Action{Kind: protocol.KindPlay})
	malformed("unknown code", &protocol.Action{Kind: protocol.KindPlay, Code: []string{"XYZ", "G15", "B0", "ESCAPE", "TIG-X"}[g.rng.IntN(5)]})
	malformed("bad card id", &protocol.Action{Kind: protocol.KindPlay,
		Card: intp([]int{-1, skullking.NumCards, 99, 255, 1 << 20}[g.rng.IntN(5)])})
	malformed("bad card2 id", &protocol.Action{Kind: protocol.KindDiscard, Card: intp(g.rng.IntN(skullking.NumCards)),
		Card2: intp(skullking.NumCards + g.rng.IntN(100))})
	malformed("a value too large to read", &protocol.Action{Kind: protocol.KindBid, Value: intp([]int{128, 300, -129, 1 << 30}[g.rng.IntN(4)])})
	malformed("no discard", &protocol.Action{Kind: protocol.KindDiscard})
	if len(v.Hand) > 0 {
		malformed("bad declaration", &protocol.Action{Kind: protocol.KindPlay, Card: intp(mine()), As: "sideways"})
	}

	// Bids out of every range; a second bid, and bids just over the cards
	// dealt, while the round stays.
	own := v.Seats[me]
	bidRefusal := ""
	if v.Phase == protocol.PhaseBidding && !own.HasBid {
		bidRefusal = "bid_out_of_range" // the phase waits for this seat's bid
	}
	illegal("bid out of range", bidRefusal, protocol.Action{Kind: protocol.KindBid,
		Value: intp([]int{-1, -7, skullking.NumCards + 1, 127}[g.rng.IntN(4)])})
	if stable && v.Phase != protocol.PhaseOver {
		illegal("bid out of range", bidRefusal, protocol.Action{Kind: protocol.KindBid, Value: intp(v.Cards + 1 + g.rng.IntN(3))})
		if own.HasBid {
			illegal("second bid", "", protocol.Action{Kind: protocol.KindBid, Value: intp(g.rng.IntN(v.Cards + 1))})
		}
	}

	if pos.frozen {
		// A card out of turn.
		if len(v.Hand) > 0 && !myTurn {
			refusal := map[string]string{protocol.PhaseBidding: "bidding_not_over", protocol.PhaseCannon: "decision_awaited",
				protocol.PhaseAbility: "decision_awaited", protocol.PhasePlaying: "not_your_turn"}[v.Phase]
			a := protocol.Action{Kind: protocol.KindPlay, Card: intp(mine())}
			if *a.Card == int(skullking.Tigress) {
				a.As = "pirate"
			}
			illegal("a card out of turn", refusal, a)
		}
		// On the seat's turn: a card it may not play, the Tigress without
		// a declaration, a declaration on another card.
		if myTurn {
			for _, h := range v.Hand {
				switch {
				case !h.Playable:
					illegal("a card it may not play", h.Why.Code, protocol.Action{Kind: protocol.KindPlay, Card: intp(h.Card), Code: h.Code})
				case h.Card == int(skullking.Tigress):
					illegal("the Tigress undeclared", "tigress_undeclared", protocol.Action{Kind: protocol.KindPlay, Card: intp(h.Card)})
				default:
					illegal("a declaration on another card", "only_tigress", protocol.Action{Kind: protocol.KindPlay,
						Card: intp(h.Card), As: []string{"pirate", "escape"}[g.rng.IntN(2)]})
				}
			}
		}
		// A decision at the wrong time: an ability no one, or someone else,
		// decides; a cannon load outside its phase or a second one.
		for _, kind := range []string{protocol.KindRosie, protocol.KindBendt, protocol.KindWager, protocol.KindHarry,
			protocol.KindCannon, protocol.KindDiscard} {
			refusal := "no_ability"
			switch {
			case v.Phase == protocol.PhaseOver:
				refusal = "game_over"
			case kind == protocol.KindCannon && v.Phase != protocol.PhaseCannon:
				refusal = "not_cannon_time"
			case kind == protocol.KindCannon && own.Cannon == "":
				continue // the seat's own load: legal
			case kind == protocol.KindCannon:
				refusal = "already_loaded"
			case myDecision(kind):
				continue
			case v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Kind == kind:
				refusal = "not_your_ability"
			}
			a := protocol.Action{Kind: kind, Value: intp(map[string]int{protocol.KindBendt: 1, protocol.KindWager: 10}[kind])}
			if kind == protocol.KindDiscard {
				a = protocol.Action{Kind: kind, Card: intp(g.rng.IntN(skullking.NumCards))}
			}
			illegal("a decision at the wrong time", refusal, a)
		}
		// The seat's own decision with a value out of its range.
		for _, d := range []struct {
			kind, refusal string
			values        []int
		}{
			{protocol.KindRosie, "rosie_seat", []int{-1, g.players, 100}}, {protocol.KindBendt, "bendt_choice", []int{-1, 2}},
			{protocol.KindWager, "wager", []int{-10, 5, 15, 30}}, {protocol.KindHarry, "harry_move", []int{-2, 2}},
		} {
			if myDecision(d.kind) {
				illegal("a value out of range", d.refusal, protocol.Action{Kind: d.kind, Value: intp(d.values[g.rng.IntN(len(d.values))])})
			}
		}
		if v.Phase == protocol.PhaseCannon && own.Cannon == "" {
			illegal("a value out of range", "bad_cannon", protocol.Action{Kind: protocol.KindCannon, Value: intp([]int{-1, 2}[g.rng.IntN(2)])})
		}
		if myDecision(protocol.KindDiscard) && len(v.Hand) > 1 {
			c := mine()
			a := protocol.Action{Kind: protocol.KindDiscard, Card: intp(c), Card2: intp(c)}
			if v.Pending.Draw < 2 {
				for _, h := range v.Hand {
					if h.Card != c {
						a.Card2 = intp(h.Card)
					}
				}
			}
			illegal("a value out of range", "discard", a)
		}
		// The seat's last action again, its turn gone.
		if stable && p.lastPlayed != nil && p.lastPlayedRound == v.Round {
			f := fuzzed{what: "its last action again", act: p.lastPlayed, code: protocol.ErrIllegal}
			if f.act.Kind == protocol.KindPlay || f.act.Kind == protocol.KindDiscard {
				f.alt = true
			}
			if f.act.Kind == protocol.KindPlay && myTurn {
				f.refusal, f.card = "card_not_held", *f.act.Card
			}
			others[f.what] = append(others[f.what], f)
		}
	}

	pick := func(m map[string][]fuzzed) fuzzed {
		kinds := make([]string, 0, len(m))
		for k := range m {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		fs := m[kinds[g.rng.IntN(len(kinds))]]
		return fs[g.rng.IntN(len(fs))]
	}
	if len(alts) > 0 && g.rng.IntN(2) == 0 {
		// Another copy of a face the seat holds, the report behind the
		// rule, half the time it can be sent.
		if c := alts["another copy"]; len(c) > 0 && g.rng.IntN(2) == 0 {
			return c[g.rng.IntN(len(c))]
		}
		return pick(alts)
	}
	return pick(others)
}

// lowest is the first card of id's face: the card its code names.
func (g *wireGame) lowest(id int) int {
	for _, c := range g.cards {
		if g.face(c.Card) == g.face(id) {
			return c.Card
		}
	}
	return id
}

// spectatorActs sends an action from the spectator's connection: a
// spectator watches and never plays.
func (g *wireGame) spectatorActs() {
	g.t.Helper()
	id := g.rng.IntN(skullking.NumCards)
	a := &protocol.Action{Kind: protocol.KindPlay, Card: &id}
	g.stats.sent["a spectator's action"]++
	_, err := g.watcher.send(a)
	var e *client.Error
	if !errors.As(err, &e) || e.Code != protocol.ErrNotSeated {
		g.t.Fatalf("a spectator's %s: %v, want %s", actionText(a), err, protocol.ErrNotSeated)
	}
}
