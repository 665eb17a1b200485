package bot

import sk "github.com/skullking-go/skullking"

// sampler deals the cards a seat cannot see, consistently with everything
// it has seen: each hand has the size everyone can count, a seat that failed
// to follow a suit holds none of it (until its Bendt draws), and the undealt
// cards the seat saw with Juanita Jade stay undealt where they can.
type sampler struct {
	me, n, ghost int
	hand         sk.CardSet
	unseen       sk.CardSet
	peeked       sk.CardSet
	size         [9]int
	void         [9]sk.CardSet // cards seat s cannot hold
	order        []int         // other seats, the most constrained first
	orderBuf     [8]int
	pick         [sk.NumCards]sk.Card
}

// init reads the constraints from the seat's view.
func (sm *sampler) init(v *sk.View) {
	sm.me, sm.n, sm.ghost = v.Seat, v.Players, -1
	if v.Players == 2 {
		sm.ghost = 2
	}
	sm.hand = sk.SetOf(v.Hand...)
	sm.unseen = v.Unseen()
	sm.peeked = sk.SetOf(v.UndealtSeen...).And(sm.unseen)
	for s := range sm.size {
		sm.size[s] = 0
		sm.void[s] = sk.CardSet{}
	}
	for s := range v.Seats {
		sm.size[s] = v.Seats[s].HandSize
	}
	abilities := v.Options.PirateAbilities
	for ti, t := range v.Tricks {
		sm.noteVoids(t.Plays)
		if abilities && t.Result.Outcome == sk.Won && t.Plays[t.Result.Index].Card == sk.Bendt && ti+1 < v.Cards {
			sm.void[t.Result.Winner] = sk.CardSet{}
		}
	}
	sm.noteVoids(v.Trick)
	sm.order = sm.orderBuf[:0]
	for s := 0; s < sm.n; s++ {
		if s != sm.me {
			sm.order = append(sm.order, s)
		}
	}
	// Most constrained first: fewest cards allowed per card to hold.
	for i := 1; i < len(sm.order); i++ {
		for j := i; j > 0 && sm.slack(sm.order[j]) < sm.slack(sm.order[j-1]); j-- {
			sm.order[j], sm.order[j-1] = sm.order[j-1], sm.order[j]
		}
	}
}

func (sm *sampler) slack(s int) int {
	return sm.unseen.Minus(sm.void[s]).Len() - sm.size[s]
}

func (sm *sampler) noteVoids(plays []sk.Played) {
	var l sk.Lead
	for _, p := range plays {
		if p.Kind() == sk.KindNumber && l.Suit != sk.NoSuit && p.Card.Suit() != l.Suit && int(p.Seat) != sm.ghost {
			sm.void[p.Seat] = sm.void[p.Seat].Or(suitSets[l.Suit])
		}
		l = leadAfter(l, p)
	}
}

// take draws k cards uniformly from set, in random order, into sm.pick.
func (sm *sampler) take(r *sk.Rand, set sk.CardSet, k int) []sk.Card {
	all := set.Cards(sm.pick[:0])
	for i := 0; i < k && i < len(all); i++ {
		j := i + r.IntN(len(all)-i)
		all[i], all[j] = all[j], all[i]
	}
	return all[:min(k, len(all))]
}

// sample writes one placement of the unseen cards into w.
func (sm *sampler) sample(r *sk.Rand, w *sk.World) {
	pool := sm.unseen
	w.Hands = [8]sk.CardSet{}
	w.Hands[sm.me] = sm.hand
	for _, s := range sm.order {
		k := sm.size[s]
		allowed := pool.Minus(sm.void[s]).Minus(sm.peeked)
		if allowed.Len() < k {
			allowed = pool.Minus(sm.void[s])
		}
		if allowed.Len() < k {
			allowed = pool
		}
		var h sk.CardSet
		for _, c := range sm.take(r, allowed, k) {
			h = h.With(c)
		}
		w.Hands[s] = h
		pool = pool.Minus(h)
	}
	w.Ghost = w.Ghost[:0]
	if sm.ghost >= 0 {
		k := sm.size[sm.ghost]
		allowed := pool.Minus(sm.peeked)
		if allowed.Len() < k {
			allowed = pool
		}
		w.Ghost = append(w.Ghost, sm.take(r, allowed, k)...)
		for _, c := range w.Ghost {
			pool = pool.Without(c)
		}
	}
	// The undealt pile: what Juanita showed on top, then the rest, each
	// part in random order.
	w.Undealt = w.Undealt[:0]
	seen := pool.And(sm.peeked)
	w.Undealt = append(w.Undealt, sm.take(r, seen, seen.Len())...)
	rest := pool.Minus(seen)
	w.Undealt = append(w.Undealt, sm.take(r, rest, rest.Len())...)
}
