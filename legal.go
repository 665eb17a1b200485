package skullking

import (
	"strconv"
	"strings"
)

// LegalCards returns the cards seat s may play now: empty unless it is the
// seat's turn to play. The Tigress, when legal, may be declared either way.
func (g *Game) LegalCards(s int) CardSet {
	if g.phase != PhasePlaying || uint(s) >= uint(g.players) || g.toPlay != s {
		return CardSet{}
	}
	return g.legalNow
}

// LegalActions appends every action seat s may take now to buf and returns
// it. It is the one source of legality: Apply checks against the same rules,
// bots choose from it and user interfaces enable what it lists.
func (g *Game) LegalActions(s int, buf []Action) []Action {
	if !g.Waiting(s) {
		return buf
	}
	switch g.phase {
	case PhaseBidding:
		for n := 0; n <= g.cards; n++ {
			buf = append(buf, Bid(s, n))
		}
	case PhaseCannon:
		buf = append(buf, Decision(ActionCannon, s, Grapeshot), Decision(ActionCannon, s, Cannonball))
	case PhasePlaying:
		for w := g.distinctPlays(g.LegalCards(s)); !w.Empty(); {
			c := w.First()
			w = w.Without(c)
			if c == Tigress {
				buf = append(buf, PlayTigress(s, AsPirate), PlayTigress(s, AsEscape))
				continue
			}
			buf = append(buf, Play(s, c))
		}
	case PhaseAbility:
		buf = g.abilityActions(buf)
	}
	return buf
}

// interchangeable reports whether c has copies that play identically: the
// Mermaids, the Escapes, the Loots, and the Pirates while their names do not
// matter.
func (g *Game) interchangeable(c Card) bool {
	switch c.Kind() {
	case KindMermaid, KindEscape, KindLoot:
		return true
	case KindPirate:
		return !g.opts.PirateAbilities
	}
	return false
}

// The faces whose copies play identically, as bits of a CardSet's words.
const (
	pirateBits = 0x1F << Rosie          // low word: the Pirates, alike without pirate abilities
	escapeBits = 0x1F << (Escape1 - 64) // high word
	lootBits   = 0x3 << (Loot1 - 64)    // high word
)

// distinctPlays returns legal with every interchangeable copy but the
// lowest of its face left out: one card per choice, as LegalActions lists
// them. It takes a few instructions and no branch on the cards, since
// simulations ask for it at every card.
func (g *Game) distinctPlays(legal CardSet) CardSet {
	lo, hi := legal.lo, legal.hi
	// x & (x−1) is every bit of x but the lowest.
	if !g.opts.PirateAbilities {
		p := lo & pirateBits
		lo &^= p & (p - 1)
	}
	// The high word holds the rest: a table of its ten bits and whether
	// the first Mermaid (the low word's top bit) is there.
	return CardSet{lo, uint64(distinctHigh[hi&hiMask|lo>>63<<10])}
}

// distinctHigh[h | m<<10] is the high word h of a legal set, with the first
// Mermaid there when m is 1, less the copies distinctPlays leaves out: the
// second Mermaid beside the first, and every Escape and Loot but the
// lowest of each.
var distinctHigh = func() (t [1 << 11]uint16) {
	for i := range t {
		hi, first := uint64(i)&hiMask, i>>10 == 1
		if first {
			hi &^= 1 // the second Mermaid is the high word's bit 0
		}
		e := hi & escapeBits
		l := hi & lootBits
		hi &^= e&(e-1) | l&(l-1)
		t[i] = uint16(hi)
	}
	return t
}()

// Check reports why action a may not be applied now, or nil if it may. A
// card is judged as the copy the seat holds of its face (normalize); Commit
// is how a caller gets that form back to keep and apply.
func (g *Game) Check(a Action) error { return g.check(g.normalize(a)) }

// check is Check of an action already in its canonical form.
func (g *Game) check(a Action) error {
	s := int(a.Seat)
	fail := g.refuser(a)
	if err := g.checkSeat(a, fail); err != nil {
		return err
	}
	switch a.Kind {
	case ActionBid:
		if g.phase != PhaseBidding {
			return fail(ErrWrongPhase, Refusal{Code: RefuseBidsOver}, "bids are over for this round")
		}
		if !g.dealt {
			return fail(ErrWrongPhase, Refusal{Code: RefuseResultsOnly}, "this round's results are entered, not played")
		}
		if g.hasBid[s] {
			return fail(ErrAlreadyBid, Refusal{Code: RefuseAlreadyBid}, "a bid never changes once made")
		}
		if a.Value < 0 || int(a.Value) > g.cards {
			return fail(ErrBidOutOfRange, Refusal{Code: RefuseBidOutOfRange, Count: g.cards}, bidRange(g.cards))
		}
		return nil
	case ActionCannon:
		if g.phase != PhaseCannon {
			return fail(ErrWrongPhase, Refusal{Code: RefuseNotCannonTime}, "cannon loads are chosen right after bidding under Rascal's scoring with cannon loads")
		}
		if g.loaded[s] {
			return fail(ErrAlreadyBid, Refusal{Code: RefuseAlreadyLoaded}, "the cannon is already loaded")
		}
		if a.Value != Grapeshot && a.Value != Cannonball {
			return fail(ErrBadDecision, Refusal{Code: RefuseBadCannon}, "load grapeshot (0) or cannonball (1)")
		}
		return nil
	case ActionPlay:
		return g.checkPlay(a, fail)
	case ActionRosie, ActionBendt, ActionDiscard, ActionWager, ActionHarry:
		return g.checkAbility(a, fail)
	}
	return fail(ErrBadDecision, Refusal{Code: RefuseUnknownAction}, "unknown action")
}

// refusing is how check and its steps refuse an action: err is the sentinel,
// r the refusal's code and facts, detail the same in words.
type refusing func(err error, r Refusal, detail string) error

// refuser returns check's way of refusing a: an *ActionError with the
// refusal, its place in the game and a detail in words.
func (g *Game) refuser(a Action) refusing {
	s := int(a.Seat)
	return func(err error, r Refusal, detail string) error {
		r.Seat, r.Action, r.Phase = s, a, g.phase
		if r.Code != RefuseMustFollowSuit && r.Code != RefuseCardNotHeld {
			r.Card = NoCard
		}
		e := &ActionError{Round: g.round, Seat: s, Name: g.Name(s), Action: a, Err: err, Detail: detail,
			Refusal: r, named: g.opts.PirateAbilities}
		if g.phase == PhasePlaying || g.phase == PhaseAbility {
			e.Trick = g.trickNo + 1
			if g.phase == PhaseAbility {
				e.Trick = g.trickNo
			}
		}
		if g.phase == PhaseOver {
			e.Round = 0
		}
		return e
	}
}

// checkSeat refuses any action once the game is over, and one for a seat
// that does not exist.
func (g *Game) checkSeat(a Action, fail refusing) error {
	s := int(a.Seat)
	if g.phase == PhaseOver {
		return fail(ErrGameOver, Refusal{Code: RefuseGameOver}, "")
	}
	if s < 0 || s >= g.players {
		return fail(ErrNoSuchSeat, Refusal{Code: RefuseNoSuchSeat, Count: g.players}, "seats are 0 to "+strconv.Itoa(g.players-1))
	}
	return nil
}

func bidRange(cards int) string {
	return plural(cards, "card") + " dealt, bid 0 to " + strconv.Itoa(cards)
}

func (g *Game) checkPlay(a Action, fail refusing) error {
	s := int(a.Seat)
	if err := g.checkTurnToPlay(s, fail); err != nil {
		return err
	}
	if !a.Card.Valid() || !g.hand[s].Has(a.Card) {
		return fail(ErrCardNotHeld, Refusal{Code: RefuseCardNotHeld, Card: a.Card}, g.Name(s)+" holds "+g.hand[s].String())
	}
	if a.Card == Tigress && a.As != AsPirate && a.As != AsEscape {
		return fail(ErrTigressUndeclared, Refusal{Code: RefuseTigressAs}, "")
	}
	if a.Card != Tigress && a.As != Undeclared {
		return fail(ErrBadDecision, Refusal{Code: RefuseOnlyTigress}, "only the Tigress is declared")
	}
	if !g.legalNow.Has(a.Card) {
		held := g.hand[s].And(suitSets[g.lead.Suit])
		return fail(ErrMustFollowSuit, Refusal{Code: RefuseMustFollowSuit, Suit: g.lead.Suit, Card: held.First()}, g.lead.Suit.String()+" was led and "+g.Name(s)+" holds "+held.First().String())
	}
	return nil
}

// checkTurnToPlay refuses any card of seat s while the game waits for
// something else than s's card: the part of checkPlay that does not depend
// on the card.
func (g *Game) checkTurnToPlay(s int, fail refusing) error {
	switch g.phase {
	case PhaseBidding:
		missing := []string{}
		var seats []int
		for i := 0; i < g.players; i++ {
			if !g.hasBid[i] {
				missing = append(missing, g.Name(i))
				seats = append(seats, i)
			}
		}
		return fail(ErrWrongPhase, Refusal{Code: RefuseBiddingNotOver, Seats: seats}, "bidding is not over: waiting for "+strings.Join(missing, ", "))
	case PhasePlaying:
	default:
		return fail(ErrWrongPhase, Refusal{Code: RefuseDecisionAwaited, Other: g.Turn()}, "a "+g.phase.String()+" decision is awaited")
	}
	if turn := g.toPlay; turn != s {
		return fail(ErrNotYourTurn, Refusal{Code: RefuseNotYourTurn, Other: turn}, "it is "+g.Name(turn)+"'s turn")
	}
	return nil
}

// checkAnyPlay reports why seat may play none of its cards now, whichever
// card, or nil if some card may be played: what Check says of every play
// of the seat's while that holds. A view asks it once, not once a card.
func (g *Game) checkAnyPlay(seat int) error {
	a := Play(seat, NoCard)
	fail := g.refuser(a)
	if err := g.checkSeat(a, fail); err != nil {
		return err
	}
	return g.checkTurnToPlay(seat, fail)
}
