package skullking

import "errors"

// Spectator is the seat of a view with no hand: it sees only what is public.
const Spectator = -1

// SeatInfo is what everyone may know about one seat.
type SeatInfo struct {
	Name      string
	HandSize  int  // cards left in hand (Graybeard: in his pile)
	HasBid    bool // whether the seat has bid this round (public: who is still thinking)
	Bid       int  // the bid, or −1 until every bid is in
	Won       int  // tricks won this round
	Total     int  // running total
	Graybeard bool // the ghost of a two-player game
	Wager     int  // Rascal of Roatan's wager this round (public once made)
	Cannon    int  // cannon load, −1 until every seat has loaded
	// BonusLost says the bonus the seat captures this round can no longer
	// count, whatever is still to play (Game.BonusCanCount).
	BonusLost bool
}

// View is what one seat (or a spectator) may know of a game: its own hand and
// everything public. It is built so that it cannot hold another hand,
// Graybeard's pile, the undealt cards or a bid before all are in; bots, the
// server and user interfaces all work from views.
type View struct {
	Seat    int // Spectator for a spectator
	Players int
	Options Options

	Phase           Phase
	Round           int
	ScheduledRounds int
	Tiebreak        bool // this round is a tiebreak round
	Cards           int  // cards dealt to each hand this round
	Dealt           bool

	Seats []SeatInfo // players, then Graybeard when he sits in

	Hand []Card // the seat's own hand, in card order
	// Refusals[i] says why Hand[i] may not be played now; its Code is
	// empty where it may.
	Refusals []Refusal
	Legal    []Action   // what the seat may do now
	Turn     int        // who plays now (−1 during simultaneous decisions)
	Leader   int        // who led the current trick
	Trick    []Played   // the trick in progress
	Winning  int        // index in Trick of the card winning so far, −1 if empty
	Lead     Lead       // the current trick's suit
	Tricks   []TrickLog // this round's completed tricks
	TrickNo  int        // 1-based number of the trick in progress
	// LastTrick is the trick completed last, while no card of the next
	// one is on the table: during an ability decision, before the next
	// lead, and through the next round's bidding for a round's last trick.
	LastTrick *TrickLog

	// Pending is the ability decision awaited, PendingSeat its owner,
	// PendingDraw how many cards Bendt drew (and must discard) and
	// PendingLeader who leads next unless Rosie decides otherwise.
	Pending       ActionKind
	PendingSeat   int
	PendingDraw   int
	PendingLeader int
	// UndealtSeen is what this seat saw with Juanita Jade this round.
	UndealtSeen []Card
	// Discarded is what this seat discarded with Bendt this round: out of
	// the round, face down, known only to this seat.
	Discarded []Card

	Results []RoundResult
	// RoundRules, when a score sheet changed its rules mid-game, holds the
	// rules each of Results was scored with; nil when they are Options.
	RoundRules []Options
	Winners    []int
}

// TrickLog is a completed trick as everyone saw it.
type TrickLog struct {
	Round, Number int // the round and the 1-based trick number
	Plays         []Played
	Result        TrickResult
	Ability       AbilityReport
}

// View returns what seat may know of the game; Spectator for a spectator.
func (g *Game) View(seat int) View { return g.view(seat, true) }

// OwnView is View without the parts that are the same for every viewer:
// Results, RoundRules, Tricks and LastTrick are left empty. It is for a
// caller that shows many viewers the same moment and takes those parts
// from one viewer's View (the server's state frames), so that they are
// not copied once more for each.
func (g *Game) OwnView(seat int) View { return g.view(seat, false) }

func (g *Game) view(seat int, shared bool) View {
	if seat < Spectator || seat >= g.players {
		seat = Spectator
	}
	allBid := g.bidsIn == g.players
	v := View{
		Seat: seat, Players: g.players, Options: g.opts, Phase: g.phase, Round: g.round,
		ScheduledRounds: len(g.schedule), Tiebreak: g.round > len(g.schedule), Cards: g.cards, Dealt: g.dealt,
		Turn: g.Turn(), Winning: -1, Lead: g.lead, TrickNo: g.trickNo + 1, PendingSeat: -1,
		Winners: g.Winners(), Seats: make([]SeatInfo, 0, g.hands),
	}
	if g.phase == PhaseOver {
		v.Turn = -1
	}
	if g.phase != PhasePlaying {
		v.Lead = Lead{} // the last trick's suit is over with it
	}
	if shared {
		g.sharedView(&v)
	}
	for s := 0; s < g.hands; s++ {
		info := SeatInfo{Name: g.Name(s), HandSize: g.hand[s].Len(), Bid: -1, Cannon: -1}
		if s == g.ghost {
			info.Graybeard = true
			info.HandSize = g.players*g.cards + g.cards - g.ghostNext
			if !g.dealt {
				info.HandSize = 0
			}
		} else {
			info.HasBid, info.Won, info.Total, info.Wager = g.hasBid[s], g.won[s], g.totals[s], g.wagers[s]
			info.BonusLost = g.opts.Bonuses && !g.BonusCanCount(s)
			// A seat knows its own bid; the others' stay secret until all are in.
			if allBid || (s == seat && g.hasBid[s]) {
				info.Bid = g.bids[s]
			}
			if g.nLoad == g.players || (s == seat && g.loaded[s]) {
				info.Cannon = g.cannon[s]
			}
		}
		v.Seats = append(v.Seats, info)
	}
	// Leader is who leads the trick on the table, or the next one while it
	// waits: the round's first leader through the bidding, the leader
	// unless Rosie decides otherwise during an ability decision.
	switch g.phase {
	case PhaseBidding, PhaseCannon:
		v.Leader = g.firstLeader
	case PhaseAbility:
		v.Leader = g.pending.leader
	case PhasePlaying:
		v.Leader = int(g.order[0])
		if g.inTrick > 0 {
			v.Trick = append(v.Trick, g.trick[:g.inTrick]...)
			v.Leader = int(g.trick[0].Seat)
			if res := ResolveTrick(v.Trick, &g.opts); res.Outcome == Won {
				v.Winning = res.Index
			}
		}
	default:
		v.Leader = -1
	}
	if g.phase == PhaseAbility {
		v.Pending, v.PendingSeat = g.pending.kind, g.pending.seat
		v.PendingDraw, v.PendingLeader = g.pending.draw, g.pending.leader
	}
	if seat >= 0 {
		v.Hand = g.hand[seat].Cards(nil)
		v.Refusals = make([]Refusal, len(v.Hand))
		// While the seat may play no card at all, each is refused for the
		// same reason: it is worked out once, not once a card.
		var none *ActionError
		errors.As(g.checkAnyPlay(seat), &none)
		for i, c := range v.Hand {
			a := Play(seat, c)
			if c == Tigress {
				a.As = AsPirate // either declaration is legal or neither is
			}
			var ae *ActionError
			if none != nil {
				v.Refusals[i] = none.Refusal
				v.Refusals[i].Action = g.normalize(a)
			} else if errors.As(g.Check(a), &ae) {
				v.Refusals[i] = ae.Refusal
			} else {
				v.Refusals[i] = Refusal{Seat: seat, Action: a, Phase: g.phase, Other: -1, Card: NoCard}
			}
		}
		v.Legal = g.LegalActions(seat, nil)
		if seen, ok := g.UndealtSeen(seat); ok {
			v.UndealtSeen = seen.Cards(nil)
		}
		v.Discarded = g.discarded[seat].Cards(nil)
	}
	return v
}

// sharedView fills in the parts of a view every viewer shares: the score
// sheet, each round's rules when they changed, the round's tricks and the
// last one completed.
func (g *Game) sharedView(v *View) {
	v.Results = append([]RoundResult(nil), g.results...)
	for _, st := range g.starts {
		if st.changed != nil {
			for i := range g.results {
				v.RoundRules = append(v.RoundRules, g.RulesOf(i))
			}
			break
		}
	}
	if len(g.tricks) > 0 {
		v.Tricks = make([]TrickLog, 0, len(g.tricks))
	}
	for i, t := range g.tricks {
		v.Tricks = append(v.Tricks, TrickLog{Round: g.round, Number: i + 1, Plays: append([]Played(nil), t.Plays...),
			Result: t.Result, Ability: t.Ability})
	}
	if g.inTrick == 0 {
		switch {
		case len(v.Tricks) > 0:
			last := v.Tricks[len(v.Tricks)-1]
			v.LastTrick = &last
		case g.prevNumber > 0:
			t := &g.prevTricks[len(g.prevTricks)-1]
			v.LastTrick = &TrickLog{Round: g.prevRound, Number: g.prevNumber,
				Plays: append([]Played(nil), t.Plays...), Result: t.Result, Ability: t.Ability}
		}
	}
}
