package bot

import sk "github.com/skullking-go/skullking"

// solver plays the last tricks of a sampled world exactly: every seat sees
// every hand (the world is one guess at them) and picks, card by card, what
// is best for its own round score (max^n), the searching seat what is best
// for its outcome. It works on a compact copy of the world rather than the
// engine's game, so a node costs a few dozen nanoseconds.
type solver struct {
	opts        sk.Options
	n, ghost    int
	trickSize   int
	firstLeader int
	cards       int
	round       int
	me          int
	goal        *goal
	bids        [8]int
	wagers      [8]int
	cannon      [8]int
	ghostPile   [sk.NumCards]sk.Card
	nodes, max  int
	aborted     bool
	// whale is set while the White Whale may still be played: ranks then
	// compare across suits and neighbouring cards stop being alike.
	whale bool
}

// node is the position of a solve: hands, the trick in progress and what
// the round has scored so far.
type node struct {
	hand    [9]sk.CardSet
	won     [8]int8
	bonus   [8]int16
	trick   [9]sk.Played
	order   [9]int8
	in      int8
	left    int8 // tricks still to complete, the one in progress included
	ghostAt int8
	nAll    int8
	all     [2]sk.Alliance
	lead    sk.Lead
}

// between[a][b] is the cards strictly between a and b in card order (for
// numbers of one suit: the ranks between them).
var between = func() (out [sk.Rosie][sk.Rosie]sk.CardSet) {
	for a := sk.Card(0); a < sk.Rosie; a++ {
		var s sk.CardSet
		for b := a + 1; b < sk.Rosie; b++ {
			out[a][b] = s
			s = s.With(b)
		}
	}
	return out
}()

// abilityPirates are the Pirates whose abilities ask for a decision the
// solver does not model.
var abilityPirates = sk.SetOf(sk.Rosie, sk.Bendt, sk.Rascal, sk.Harry)

// solve returns the exact outcome of g for seat under perfect information,
// or false when g is not a playing position the solver handles or would
// take more than maxNodes nodes. ghost is Graybeard's remaining pile in
// flipping order (nil without him); o values the outcome for the seat.
func (sv *solver) solve(g *sk.Game, v *sk.View, ghost []sk.Card, o *goal, maxNodes int) (float64, bool) {
	if g.Phase() != sk.PhasePlaying {
		return 0, false
	}
	opts := g.Options()
	sv.n, sv.ghost = g.Players(), g.GhostSeat()
	sv.cards, sv.round, sv.me, sv.goal = g.Cards(), g.Round(), v.Seat, o
	var nd node
	est := 1
	for s := 0; s < sv.n; s++ {
		nd.hand[s] = g.Hand(s)
		if opts.PirateAbilities && !nd.hand[s].And(abilityPirates).Empty() {
			return 0, false
		}
		for k := 2; k <= nd.hand[s].Len(); k++ {
			est *= k
		}
		if est > maxNodes {
			return 0, false
		}
		b, _ := g.Bid(s)
		sv.bids[s] = b
		nd.won[s] = int8(g.TricksWon(s))
		sv.wagers[s] = v.Seats[s].Wager
		sv.cannon[s] = max(v.Seats[s].Cannon, 0)
	}
	sv.opts = opts
	sv.trickSize = sv.n
	if sv.ghost >= 0 {
		sv.trickSize = 3
		nd.hand[sv.ghost] = g.Hand(sv.ghost)
		k := 0
		for _, c := range ghost {
			if nd.hand[sv.ghost].Has(c) {
				sv.ghostPile[k] = c
				k++
			}
		}
		if k != nd.hand[sv.ghost].Len() {
			return 0, false
		}
	}
	sv.firstLeader = (sv.round - 1) % sv.n
	seat := g.Seat(sv.me)
	for _, t := range seat.CompletedTricks() {
		r := &t.Result
		if r.Winner >= 0 && r.Winner != sv.ghost {
			nd.bonus[r.Winner] += int16(r.Bonus)
		}
		for _, a := range r.Alliances[:r.NAlliances] {
			if int(nd.nAll) < len(nd.all) {
				nd.all[nd.nAll] = a
				nd.nAll++
			}
		}
	}
	sv.whale = false
	for s := 0; s < sv.n+1 && s < len(nd.hand); s++ {
		sv.whale = sv.whale || nd.hand[s].Has(sk.WhiteWhale)
	}
	nd.in = int8(copy(nd.trick[:], seat.Trick()))
	for _, p := range nd.trick[:nd.in] {
		sv.whale = sv.whale || p.Card == sk.WhiteWhale
	}
	copy(nd.order[:], seat.PlayOrder())
	nd.lead = g.Lead()
	nd.left = int8(g.Cards() - g.TrickNumber() + 1)
	sv.nodes, sv.max, sv.aborted = 0, 4*maxNodes, false
	pts := sv.play(nd)
	if sv.aborted {
		return 0, false
	}
	return sv.utility(sv.me, &pts), true
}

// utility is what seat s plays for: its own points, and for the searching
// seat its goal.
func (sv *solver) utility(s int, pts *[8]int) float64 {
	if s != sv.me {
		return float64(pts[s])
	}
	return sv.goal.value(pts)
}

// play returns the points every seat ends the round with from nd.
func (sv *solver) play(nd node) [8]int {
	sv.nodes++
	if sv.nodes > sv.max {
		sv.aborted = true
		return [8]int{}
	}
	seat := int(nd.order[nd.in])
	if seat == sv.ghost {
		c := sv.ghostPile[nd.ghostAt]
		nd.ghostAt++
		p := sk.Played{Card: c, Seat: int8(seat)}
		if c == sk.Tigress {
			p.As = sk.AsEscape
		}
		return sv.apply(nd, p)
	}
	hand := nd.hand[seat]
	legal := hand
	if nd.lead.Suit != sk.NoSuit {
		if follow := hand.And(suitSets[nd.lead.Suit]); !follow.Empty() {
			legal = follow.Or(hand.Minus(numberSet))
		}
	}
	// Cards still to be played by others, or on the table: a card of ours
	// between two of our numbers of a suit keeps them apart.
	var live sk.CardSet
	if !sv.whale {
		for s := 0; s <= sv.n && s < len(nd.hand); s++ {
			if s != seat {
				live = live.Or(nd.hand[s])
			}
		}
		for _, p := range nd.trick[:nd.in] {
			live = live.With(p.Card)
		}
	}
	prev := sk.NoCard
	var best [8]int
	bestU, first := 0.0, true
	var seen [sk.KindWhale + 1]bool
	try := func(p sk.Played) {
		pts := sv.apply(nd, p)
		if u := sv.utility(seat, &pts); first || u > bestU {
			best, bestU, first = pts, u, false
		}
	}
	for w := legal; !w.Empty() && !sv.aborted; {
		c := w.First()
		w = w.Without(c)
		switch k := c.Kind(); k {
		case sk.KindMermaid, sk.KindEscape, sk.KindLoot, sk.KindPirate:
			// Copies of a face play alike (no Pirate ability is left).
			if seen[k] {
				continue
			}
			seen[k] = true
		case sk.KindTigress:
			try(sk.Played{Card: c, Seat: int8(seat), As: sk.AsPirate})
			try(sk.Played{Card: c, Seat: int8(seat), As: sk.AsEscape})
			continue
		case sk.KindNumber:
			// Touching numbers of a suit (nobody else holds a card between
			// them) play alike, 14s aside for their bonus.
			alike := !sv.whale && prev != sk.NoCard && prev.Suit() == c.Suit() && c.Rank() < 14 &&
				between[prev][c].And(live).Empty()
			prev = c
			if alike {
				continue
			}
		}
		try(sk.Played{Card: c, Seat: int8(seat)})
	}
	return best
}

// apply puts p on the trick, resolving it when complete.
func (sv *solver) apply(nd node, p sk.Played) [8]int {
	nd.hand[p.Seat] = nd.hand[p.Seat].Without(p.Card)
	nd.trick[nd.in] = p
	nd.in++
	nd.lead = leadAfter(nd.lead, p)
	if int(nd.in) < sv.trickSize {
		return sv.play(nd)
	}
	plays := nd.trick[:nd.in]
	res := sk.ResolveTrick(plays, &sv.opts)
	leader := res.Leader
	if res.Outcome == sk.Destroyed && sv.opts.KrakenLead == sk.KrakenLeadLeftOfKraken {
		for i, q := range plays {
			if q.Card == sk.Kraken {
				leader = int(nd.order[(i+1)%sv.trickSize])
			}
		}
	}
	if res.Winner >= 0 && res.Winner != sv.ghost {
		nd.won[res.Winner]++
		nd.bonus[res.Winner] += int16(res.Bonus)
	}
	for _, a := range res.Alliances[:res.NAlliances] {
		if int(nd.nAll) < len(nd.all) {
			nd.all[nd.nAll] = a
			nd.nAll++
		}
	}
	nd.left--
	if nd.left == 0 {
		return sv.score(&nd)
	}
	nd.in, nd.lead = 0, sk.Lead{}
	sv.setOrder(&nd, leader)
	return sv.play(nd)
}

// setOrder is the play order of a trick led by leader (docs/rules.md §4, §9).
func (sv *solver) setOrder(nd *node, leader int) {
	if sv.ghost < 0 {
		for i := 0; i < sv.n; i++ {
			nd.order[i] = int8((leader + i) % sv.n)
		}
		return
	}
	if leader == sv.ghost {
		nd.order[0], nd.order[1], nd.order[2] = int8(sv.ghost), int8(sv.firstLeader), int8(1-sv.firstLeader)
	} else {
		nd.order[0], nd.order[1], nd.order[2] = int8(leader), int8(sv.ghost), int8(1-leader)
	}
}

// score is the round's points once every trick is played.
func (sv *solver) score(nd *node) [8]int {
	r := sk.RoundResult{Round: sv.round, Cards: sv.cards, Played: true, Players: sv.n,
		Alliances: nd.all, NAlliances: int(nd.nAll)}
	for s := 0; s < sv.n; s++ {
		r.Bids[s], r.Won[s], r.Bonus[s] = sv.bids[s], int(nd.won[s]), int(nd.bonus[s])
		r.Wagers[s], r.Cannon[s] = sv.wagers[s], sv.cannon[s]
	}
	sv.opts.ScoreRound(&r)
	return r.Points
}
