package skullking

import (
	"fmt"
	"strings"
)

// This file re-scores a game record from docs/rules.md alone, without the
// engine's trick resolution or scoring: the property tests and the golden
// records compare the engine against it. Only the card-code codec is shared.

// refPlay is a card as played, in the terms docs/rules.md uses.
type refPlay struct {
	seat   int
	code   string // upper case, as written: TIG-P, ROSIE, MER, …
	kind   string // "num", "pirate", "sk", "mermaid", "escape", "loot", "kraken", "whale"
	suit   Suit
	rank   int
	pirate string // ROSIE, BENDT, … for a named Pirate
}

func refCard(seat int, code string) (refPlay, error) {
	p, err := ParseCode(code)
	if err != nil {
		return refPlay{}, err
	}
	u := strings.ToUpper(code)
	r := refPlay{seat: seat, code: u}
	switch {
	case u == "TIG-P":
		r.kind = "pirate"
	case u == "TIG-E":
		r.kind = "escape"
	case u == "TIG":
		return r, fmt.Errorf("an undeclared Tigress played")
	case u == "SK":
		r.kind = "sk"
	case u == "MER":
		r.kind = "mermaid"
	case u == "ESC":
		r.kind = "escape"
	case u == "LOOT":
		r.kind = "loot"
	case u == "KRAKEN":
		r.kind = "kraken"
	case u == "WHALE":
		r.kind = "whale"
	case p.Kind == KindPirate:
		r.kind = "pirate"
		if u != "PIR" {
			r.pirate = u
		}
	default:
		r.kind, r.suit, r.rank = "num", Suit(strings.Index("GYPB", u[:1])+1), p.Card.Rank()
	}
	return r, nil
}

// refOutcome is one resolved trick.
type refOutcome struct {
	winner int // seat, or −1 when destroyed or discarded
	idx    int // the winning play (−1 when nobody wins)
	leader int // who leads next (before Rosie)
	bonus  int
	lootTo []int // seats whose Loot allies them with the winner
}

// refWinner applies docs/rules.md §5 to plays (a module card overridden by the
// other counts as an Escape); skip is a play to leave out (−1 for none).
func refWinner(plays []refPlay, skip int) int {
	first := func(kind string) int {
		for i, p := range plays {
			if i != skip && p.kind == kind {
				return i
			}
		}
		return -1
	}
	mer, sk, pir := first("mermaid"), first("sk"), first("pirate")
	switch {
	case mer >= 0 && sk >= 0:
		return mer
	case sk >= 0:
		return sk
	case pir >= 0:
		return pir
	case mer >= 0:
		return mer
	}
	best := -1
	for i, p := range plays {
		if i != skip && p.kind == "num" && p.suit == Black && (best < 0 || p.rank > plays[best].rank) {
			best = i
		}
	}
	if best >= 0 {
		return best
	}
	led := NoSuit
	for i, p := range plays {
		if i != skip && p.kind == "num" {
			led = p.suit
			break
		}
	}
	for i, p := range plays {
		if i != skip && p.kind == "num" && p.suit == led && (best < 0 || p.rank > plays[best].rank) {
			best = i
		}
	}
	if best >= 0 {
		return best
	}
	for i := range plays {
		if i != skip {
			return i // only Escapes, Loot and overridden module cards
		}
	}
	return -1
}

func refResolve(plays []refPlay, o *Options) refOutcome {
	kraken, whale := -1, -1
	for i, p := range plays {
		switch p.kind {
		case "kraken":
			kraken = i
		case "whale":
			whale = i
		}
	}
	if kraken >= 0 && whale >= 0 {
		// The one played second takes effect; the first is an Escape.
		if kraken > whale {
			plays[whale].kind, whale = "escape", -1
		} else {
			plays[kraken].kind, kraken = "escape", -1
		}
	}
	fourteens := func(out *refOutcome) {
		for _, p := range plays {
			if p.kind == "num" && p.rank == 14 {
				if p.suit == Black {
					out.bonus += o.BonusBlackFourteen
				} else {
					out.bonus += o.BonusFourteen
				}
			}
		}
	}
	var out refOutcome
	switch {
	case whale >= 0:
		best := -1
		for i, p := range plays {
			if p.kind == "num" && (best < 0 || p.rank > plays[best].rank) {
				best = i
			}
		}
		if best < 0 {
			return refOutcome{winner: -1, idx: -1, leader: plays[whale].seat}
		}
		out = refOutcome{winner: plays[best].seat, idx: best}
		fourteens(&out)
	case kraken >= 0:
		w := refWinner(plays, kraken)
		return refOutcome{winner: -1, idx: -1, leader: plays[w].seat}
	default:
		w := refWinner(plays, -1)
		out = refOutcome{winner: plays[w].seat, idx: w}
		fourteens(&out)
		count := func(kind string) (n int) {
			for _, p := range plays {
				if p.kind == kind {
					n++
				}
			}
			return n
		}
		switch plays[w].kind {
		case "pirate":
			out.bonus += o.BonusPirateMermaid * count("mermaid")
		case "sk":
			out.bonus += o.BonusSkullKingPirate * count("pirate")
		case "mermaid":
			if count("sk") > 0 {
				out.bonus += o.BonusMermaidSkullKing
			}
		}
	}
	out.leader = out.winner
	for _, p := range plays {
		if p.kind == "loot" && p.seat != out.winner {
			out.lootTo = append(out.lootTo, p.seat)
		}
	}
	return out
}

// refRound is one re-scored round.
type refRound struct {
	cards  int
	bids   []int // final bids (after Harry)
	won    []int
	bonus  []int
	points []int
	lost   int      // tricks nobody won: Graybeard's, destroyed, discarded
	allies [][2]int // Loot alliances: looter, winner
}

// refScore re-scores every complete round of rec.
func refScore(rec *Record) ([]refRound, []int, error) {
	opts := rec.Options
	o := &opts
	n := len(rec.Players)
	totals := make([]int, n)
	var out []refRound
	for ri, rr := range rec.Rounds {
		round := ri + 1
		var r refRound
		var wagers []int
		var cannon []string
		type ally struct{ a, b int }
		var allies []ally
		if rr.Options != nil {
			opts = *rr.Options // a house rule changed from this round on
		}
		if rr.Hands == nil {
			r = refRound{cards: rr.Cards, bids: rr.Bids, won: rr.Won, bonus: make([]int, n)}
			copy(r.bonus, rr.Bonus)
			if r.cards == 0 {
				r.cards = refScheduled(o, n, round)
			}
			wagers, cannon = rr.Wagers, rr.Cannon
			for _, l := range rr.Loot {
				allies = append(allies, ally{l[0], l[1]})
			}
		} else {
			var err error
			var complete bool
			r, wagers, complete, err = refPlayRound(o, n, rr, round)
			if err != nil {
				return nil, nil, fmt.Errorf("round %d: %v", round, err)
			}
			if !complete {
				break
			}
			cannon = rr.Cannon
			for _, a := range r.allies {
				allies = append(allies, ally{a[0], a[1]})
			}
		}
		r.points = make([]int, n)
		for s := 0; s < n; s++ {
			bid, won := r.bids[s], r.won[s]
			off := won - bid
			if off < 0 {
				off = -off
			}
			bonus := 0
			if o.Bonuses {
				bonus = r.bonus[s]
			}
			var p int
			if o.Scoring == RascalScoring {
				ball := s < len(cannon) && strings.EqualFold(cannon[s], "cannonball")
				switch {
				case ball && off == 0:
					p = 15*r.cards + bonus
				case ball:
					p = 0
				case off == 0:
					p = 10*r.cards + bonus
				case off == 1:
					p = 5*r.cards + bonus/2
				}
			} else {
				scale := r.cards
				switch o.ZeroScaling {
				case ZeroByRound:
					scale = round
				case ZeroFlat:
					scale = 1
				}
				switch {
				case bid == 0 && won == 0:
					p = o.ZeroPoints * scale
				case bid == 0:
					p = -o.ZeroPoints * scale
				case off == 0:
					p = o.PointsPerTrick * bid
				default:
					p = -o.MissPenalty * off
				}
				if off == 0 || o.KeepBonusOnMiss {
					p += bonus
				}
			}
			if s < len(wagers) {
				if off == 0 {
					p += wagers[s]
				} else {
					p -= wagers[s]
				}
			}
			r.points[s] = p
		}
		if o.Bonuses {
			for _, a := range allies {
				if r.bids[a.a] == r.won[a.a] && r.bids[a.b] == r.won[a.b] {
					r.points[a.a] += o.LootBonus
					r.points[a.b] += o.LootBonus
				}
			}
		}
		for s := range totals {
			totals[s] += r.points[s]
		}
		out = append(out, r)
	}
	return out, totals, nil
}

// refScheduled is the cards a round deals, from docs/rules.md §2 (tiebreak
// rounds repeat the last scheduled round).
func refScheduled(o *Options, n, round int) int {
	presets := map[string][]int{
		"even-keeled":       {2, 4, 6, 8, 10, 2, 4, 6, 8, 10},
		"skip-to-the-brawl": {6, 7, 8, 9, 10},
		"swift-n-salty":     {5, 5, 5, 5, 5},
		"broadside":         {10, 10, 10, 10, 10, 10, 10, 10, 10, 10},
		"whirlpool":         {9, 7, 5, 3, 1, 9, 7, 5, 3, 1},
		"bedtime":           {1},
	}
	list := o.ScheduleCards
	if len(list) == 0 {
		list = presets[o.Schedule]
	}
	if len(list) == 0 {
		for i := 1; i <= o.Rounds; i++ {
			list = append(list, i)
		}
	}
	c := list[min(round, len(list))-1]
	deck := 70
	for _, on := range []bool{o.Loot, o.Loot, o.Kraken, o.WhiteWhale} {
		if on {
			deck++
		}
	}
	hands := n
	if n == 2 {
		hands = 3
	}
	limit := deck / hands
	if n == 8 {
		limit = 8
	}
	return min(c, limit)
}

// refPlayRound replays a played round from its cards: who plays when, who
// wins, what they capture, and the recorded ability decisions, checking
// that every card comes from its player's hand.
func refPlayRound(o *Options, n int, rr RecordRound, round int) (r refRound, wagers []int, complete bool, err error) {
	ghost := -1
	if n == 2 {
		ghost = 2
	}
	cards := len(rr.Hands[0])
	r = refRound{cards: cards, bids: append([]int(nil), rr.Bids...), won: make([]int, n), bonus: make([]int, n)}
	wagers = make([]int, n)
	if len(rr.Bids) != n || len(rr.Tricks) < cards || len(rr.Tricks[cards-1]) == 0 {
		return r, nil, false, nil
	}
	hands := make([]map[string]int, n)
	for s := range hands {
		hands[s] = map[string]int{}
		for _, c := range rr.Hands[s] {
			hands[s][strings.ToUpper(c)]++
		}
	}
	flips := 0
	first := (round - 1) % n
	leader := first
	uses := map[int]AbilityUse{}
	for _, u := range rr.Abilities {
		uses[u.Trick] = u
	}
	for ti, trick := range rr.Tricks {
		var order []int
		switch {
		case ghost < 0:
			for i := 0; i < n; i++ {
				order = append(order, (leader+i)%n)
			}
		case leader == ghost:
			order = []int{ghost, first, 1 - first}
		default:
			order = []int{leader, ghost, 1 - leader}
		}
		if len(trick) != len(order) {
			return r, nil, false, nil // a trick in progress
		}
		plays := make([]refPlay, len(trick))
		for i, code := range trick {
			seat := order[i]
			p, err := refCard(seat, code)
			if err != nil {
				return r, nil, false, err
			}
			held := p.code
			if strings.HasPrefix(held, "TIG") {
				held = "TIG"
			}
			if seat == ghost {
				if flips >= len(rr.Ghost) || !strings.EqualFold(rr.Ghost[flips], held) {
					return r, nil, false, fmt.Errorf("trick %d: Graybeard flips %s out of order", ti+1, code)
				}
				if held == "TIG" && p.code != "TIG-E" {
					return r, nil, false, fmt.Errorf("trick %d: Graybeard's Tigress played as %s", ti+1, code)
				}
				flips++
			} else {
				if hands[seat][held] == 0 {
					return r, nil, false, fmt.Errorf("trick %d: seat %d plays %s, not in hand", ti+1, seat, code)
				}
				hands[seat][held]--
			}
			plays[i] = p
		}
		res := refResolve(plays, o)
		if res.winner >= 0 && res.winner != ghost {
			r.won[res.winner]++
			r.bonus[res.winner] += res.bonus
			for _, l := range res.lootTo {
				r.allies = append(r.allies, [2]int{l, res.winner})
			}
		} else {
			r.lost++
		}
		leader = res.leader
		if res.winner < 0 && o.KrakenLead == KrakenLeadLeftOfKraken {
			for i, p := range plays {
				if p.kind == "kraken" {
					leader = order[(i+1)%len(order)]
				}
			}
		}
		if u, ok := uses[ti+1]; ok {
			delete(uses, ti+1)
			name := ""
			if res.idx >= 0 {
				name = plays[res.idx].pirate
			}
			last := ti+1 == cards
			offered := name == "HARRY" || !last && (name == "ROSIE" || name == "RASCAL" || name == "BENDT")
			switch {
			case u.Pending && offered:
				return r, nil, false, nil // the decision is awaited: the round goes on
			case u.Declined && offered:
				// Declined: the lead, the wager and the bid stay as they are.
			case u.Rosie != nil && name == "ROSIE" && !last:
				leader = *u.Rosie
			case u.Wager != nil && name == "RASCAL" && !last:
				wagers[res.winner] = *u.Wager
			case u.Harry != nil && name == "HARRY":
				r.bids[res.winner] += *u.Harry
			case u.Bendt != nil && name == "BENDT" && !last:
				for _, c := range u.Bendt.Drew {
					hands[res.winner][strings.ToUpper(c)]++
				}
				for _, c := range u.Bendt.Discard {
					c = strings.ToUpper(c)
					if hands[res.winner][c] == 0 {
						return r, nil, false, fmt.Errorf("trick %d: Bendt discards %s, not in hand", ti+1, c)
					}
					hands[res.winner][c]--
				}
			default:
				return r, nil, false, fmt.Errorf("trick %d: ability %+v used, but %q won", ti+1, u, name)
			}
		}
	}
	if len(uses) > 0 {
		return r, nil, false, fmt.Errorf("abilities for tricks not won by their Pirate: %v", uses)
	}
	for s, h := range hands {
		for c, k := range h {
			if k != 0 {
				return r, nil, false, fmt.Errorf("seat %d ends the round holding %d × %s", s, k, c)
			}
		}
	}
	return r, wagers, true, nil
}
