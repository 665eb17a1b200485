package skullking

import "strconv"

// PirateAbility is the power of a named Pirate who wins a trick
// (docs/rules.md §8).
type PirateAbility uint8

// The pirate abilities.
const (
	NoAbility     PirateAbility = iota
	RosieLeads                  // Rosie D'Laney chooses who leads the next trick
	BendtDraws                  // Bendt the Bandit draws two undealt cards and discards two
	RascalWagers                // Rascal of Roatan wagers 0, 10 or 20 on his bid
	JuanitaLooks                // Juanita Jade looks at the undealt cards
	HarryMovesBid               // Harry the Giant moves his bid by −1, 0 or +1
)

var pirateAbilityNames = [...]string{"none", "rosie", "bendt", "rascal", "juanita", "harry"}

func (a PirateAbility) String() string {
	if int(a) < len(pirateAbilityNames) {
		return pirateAbilityNames[a]
	}
	return "PirateAbility(" + strconv.Itoa(int(a)) + ")"
}

// AbilityOf is the ability of named Pirate c, NoAbility for any other card.
func AbilityOf(c Card) PirateAbility {
	if c >= Rosie && c <= Harry {
		return PirateAbility(c-Rosie) + RosieLeads
	}
	return NoAbility
}

// AbilityState says what became of the pirate ability a trick's win gave.
type AbilityState uint8

// Ability states.
const (
	AbilityOffered  AbilityState = iota + 1 // the winner has yet to decide
	AbilityUsed                             // decided (Juanita's look is used at once)
	AbilityDeclined                         // Bendt drew nothing, Rascal wagered nothing, Harry kept the bid
)

var abilityStateNames = [...]string{"", "offered", "used", "declined"}

func (s AbilityState) String() string {
	if int(s) < len(abilityStateNames) {
		return abilityStateNames[s]
	}
	return "AbilityState(" + strconv.Itoa(int(s)) + ")"
}

// AbilityReport is the pirate ability a completed trick gave its winner and
// what everyone may know of its use (docs/rules.md §8).
type AbilityReport struct {
	Ability PirateAbility // NoAbility when the trick gave none
	State   AbilityState
	// Value is the public part of the decision: the seat Rosie chose to
	// lead, the cards Bendt drew (his discards are secret), Rascal's wager,
	// Harry's move of the bid.
	Value int8
}

// pending is a pirate ability awaiting its owner's decision (docs/rules.md §8).
type pending struct {
	kind   ActionKind // ActionRosie, ActionBendt, ActionDiscard, ActionWager or ActionHarry
	seat   int
	leader int // who leads next unless Rosie decides otherwise
	draw   int // cards Bendt drew, to discard as many
}

// Pending returns the ability decision awaited in PhaseAbility: its kind and
// the seat that decides.
func (g *Game) Pending() (ActionKind, int) {
	if g.phase != PhaseAbility {
		return ActionNone, -1
	}
	return g.pending.kind, g.pending.seat
}

// undealt returns how many undealt cards remain to be drawn.
func (g *Game) undealt() int { return g.deckLen - g.drawNext }

// UndealtSeen returns the undealt cards seat s saw with Juanita Jade this
// round, if it did.
func (g *Game) UndealtSeen(s int) (CardSet, bool) {
	if g.juanita < 0 || g.juanita != s {
		return CardSet{}, false
	}
	return g.peeked, true
}

// abilityAfterTrick starts the ability of a named Pirate that won the trick
// just completed, and reports whether a decision is now awaited.
func (g *Game) abilityAfterTrick(res *TrickResult) bool {
	if !g.opts.PirateAbilities || res.Outcome != Won || res.Winner == g.ghost {
		return false
	}
	t := &g.tricks[len(g.tricks)-1]
	c := t.Plays[res.Index].Card
	last := g.trickNo == g.cards // only Harry's works after the last trick
	p := pending{seat: res.Winner, leader: res.Leader}
	switch c {
	case Rosie:
		if last {
			return false
		}
		p.kind = ActionRosie
	case Bendt:
		if last || g.undealt() == 0 {
			return false
		}
		p.kind = ActionBendt
	case Rascal:
		if last {
			return false
		}
		p.kind = ActionWager
	case Juanita:
		if !last {
			g.juanita = res.Winner
			g.peeked = CardSet{}
			for _, d := range g.deck[g.drawNext:g.deckLen] {
				g.peeked = g.peeked.With(d)
			}
			t.Ability = AbilityReport{Ability: JuanitaLooks, State: AbilityUsed}
		}
		return false
	case Harry:
		p.kind = ActionHarry
	default:
		return false
	}
	g.pending = p
	g.phase = PhaseAbility
	t.Ability = AbilityReport{Ability: AbilityOf(c), State: AbilityOffered}
	return true
}

func (g *Game) applyAbility(a Action) {
	s := int(a.Seat)
	report := &g.tricks[len(g.tricks)-1].Ability
	report.State, report.Value = AbilityUsed, a.Value
	if a.Value == 0 && a.Kind != ActionRosie && a.Kind != ActionDiscard {
		report.State = AbilityDeclined // no draw, no wager, no change of bid
	}
	switch a.Kind {
	case ActionRosie:
		g.nextTrick(int(a.Value))
		return
	case ActionBendt:
		if a.Value == 1 {
			n := min(2, g.undealt())
			for i := 0; i < n; i++ {
				if g.seeded && g.drawNext >= g.shuffled && g.shuffled < g.deckLen {
					shuffleFrom(g.deck[:g.deckLen], g.shuffled, &g.dealRand)
					g.shuffled++
				}
				c := g.deck[g.drawNext]
				g.drawNext++
				g.hand[s] = g.hand[s].With(c)
				g.bendtOwn[s] = g.bendtOwn[s].With(c)
			}
			g.pending.kind, g.pending.draw = ActionDiscard, n
			report.Value = int8(n)
			return
		}
	case ActionDiscard:
		report.Value = int8(g.pending.draw) // the discards are secret: the report keeps the draw
		g.hand[s] = g.hand[s].Without(a.Card)
		g.discarded[s] = g.discarded[s].With(a.Card)
		if g.pending.draw > 1 {
			g.hand[s] = g.hand[s].Without(a.Card2)
			g.discarded[s] = g.discarded[s].With(a.Card2)
		}
	case ActionWager:
		g.wagers[s] = int(a.Value)
	case ActionHarry:
		g.bids[s] += int(a.Value)
	}
	g.nextTrick(g.pending.leader)
}

func (g *Game) checkAbility(a Action, fail refusing) error {
	s := int(a.Seat)
	if g.phase != PhaseAbility || a.Kind != g.pending.kind {
		return fail(ErrWrongPhase, Refusal{Code: RefuseNoAbility}, "no "+a.Kind.String()+" decision is awaited: only the seat whose named Pirate just won the trick uses its ability")
	}
	if s != g.pending.seat {
		return fail(ErrNotYourTurn, Refusal{Code: RefuseNotYourAbility, Other: g.pending.seat}, g.Name(g.pending.seat)+" won the trick and decides")
	}
	switch a.Kind {
	case ActionRosie:
		if a.Value < 0 || int(a.Value) >= g.players {
			detail := "Rosie chooses a player, seat 0 to " + strconv.Itoa(g.players-1)
			if g.ghost >= 0 {
				detail += " (never Graybeard)"
			}
			return fail(ErrBadDecision, Refusal{Code: RefuseRosieSeat, Count: g.players}, detail)
		}
	case ActionBendt:
		if a.Value != 0 && a.Value != 1 {
			return fail(ErrBadDecision, Refusal{Code: RefuseBendtChoice}, "Bendt draws (1) or declines (0)")
		}
	case ActionDiscard:
		if !g.hand[s].Has(a.Card) || (g.pending.draw > 1 && (!g.hand[s].Has(a.Card2) || a.Card2 == a.Card)) {
			return fail(ErrBadDecision, Refusal{Code: RefuseDiscard, Count: g.pending.draw}, "Bendt discards "+count(g.pending.draw, "card", "different cards")+" from "+g.hand[s].String())
		}
		if g.pending.draw < 2 && a.Card2 != NoCard {
			return fail(ErrBadDecision, Refusal{Code: RefuseDiscard, Count: g.pending.draw}, "Bendt drew one card and discards one")
		}
	case ActionWager:
		if a.Value != 0 && a.Value != 10 && a.Value != 20 {
			return fail(ErrBadDecision, Refusal{Code: RefuseWager}, "Rascal wagers 0, 10 or 20")
		}
	case ActionHarry:
		if a.Value < -1 || a.Value > 1 {
			return fail(ErrBadDecision, Refusal{Code: RefuseHarryMove}, "Harry moves a bid by −1, 0 or +1")
		}
		if nb := g.bids[s] + int(a.Value); nb < 0 || nb > g.cards {
			return fail(ErrBadDecision, Refusal{Code: RefuseHarryRange, Count: g.cards}, "the bid must stay within 0 to "+strconv.Itoa(g.cards))
		}
	}
	return nil
}

func (g *Game) abilityActions(buf []Action) []Action {
	p := g.pending
	mk := func(v int) Action {
		return Decision(p.kind, p.seat, v)
	}
	switch p.kind {
	case ActionRosie:
		for s := 0; s < g.players; s++ {
			buf = append(buf, mk(s))
		}
	case ActionBendt:
		buf = append(buf, mk(1), mk(0))
	case ActionWager:
		buf = append(buf, mk(0), mk(10), mk(20))
	case ActionHarry:
		for v := -1; v <= 1; v++ {
			if nb := g.bids[p.seat] + v; nb >= 0 && nb <= g.cards {
				buf = append(buf, mk(v))
			}
		}
	case ActionDiscard:
		cards := g.hand[p.seat].Cards(make([]Card, 0, 16))
		for i, c := range cards {
			if p.draw < 2 {
				a := mk(0)
				a.Card = c
				buf = append(buf, a)
				continue
			}
			for _, d := range cards[i+1:] {
				a := mk(0)
				a.Card, a.Card2 = c, d
				buf = append(buf, a)
			}
		}
	}
	return buf
}
