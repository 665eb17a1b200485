package skullking

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Replay checks every action of the record and returns the game it
// describes: over, or stopped where the record stops. The first illegal
// action, bad hand or bad entry is returned as a *RecordError or an
// *ActionError that says where (round, trick, seat) and why.
func (rec *Record) Replay() (*Game, error) { return rec.replay(nil) }

// replay is Replay, showing visit each seat's decision before it is
// applied (nil: no one watches).
func (rec *Record) replay(visit Visitor) (*Game, error) {
	n := len(rec.Players)
	if err := rec.Options.Validate(n); err != nil {
		return nil, &RecordError{Seat: -1, Msg: strings.TrimPrefix(err.Error(), "skullking: ")}
	}
	dealErr := map[int]error{}
	dealer := DealerFunc(func(round, cards int, deck []Card) bool {
		if round > len(rec.Rounds) || !rec.Rounds[round-1].played() {
			return false
		}
		if err := rec.deal(round, cards, deck); err != nil {
			dealErr[round] = err
			return false
		}
		return true
	})
	g, err := NewGame(n, WithOptions(rec.Options), WithDealer(dealer), WithNames(rec.Players...))
	if err != nil {
		return nil, &RecordError{Seat: -1, Msg: strings.TrimPrefix(err.Error(), "skullking: ")}
	}
	for i := range rec.Rounds {
		rn := i + 1
		rr := &rec.Rounds[i]
		if g.Over() {
			return nil, &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("the game was over after round %d", g.Round())}
		}
		if err := dealErr[rn]; err != nil {
			return nil, err
		}
		if rr.Options != nil {
			if rr.played() {
				return nil, &RecordError{Round: rn, Seat: -1, Msg: "rules change (\"options\") only on a results-only round"}
			}
			if err := g.SetOptions(*rr.Options); err != nil {
				return nil, &RecordError{Round: rn, Seat: -1, Msg: strings.TrimPrefix(err.Error(), "skullking: ")}
			}
		}
		last := i == len(rec.Rounds)-1
		if rr.played() {
			if rr.Won != nil || rr.Bonus != nil || rr.Cards != 0 || rr.Wagers != nil || rr.Loot != nil {
				return nil, &RecordError{Round: rn, Seat: -1, Msg: "a round is either played (hands, tricks) or results-only (won, bonus), not both"}
			}
			if err := rec.checkDecidedBy(g, rr, rn); err != nil {
				return nil, err
			}
			v := visit
			var made map[DecidedBy]bool
			if len(rr.By) > 0 {
				// The decisions the round made, to find each "by" entry's.
				made = map[DecidedBy]bool{}
				v = func(sv SeatView, a Action) {
					made[decisionKey(sv, a)] = true
					if visit != nil {
						visit(sv, a)
					}
				}
			}
			if err := rec.replayPlayed(g, rr, rn, last, v); err != nil {
				return nil, err
			}
			for _, e := range rr.By {
				if k := (DecidedBy{Seat: e.Seat, Trick: e.Trick, Decision: e.Decision}); !made[k] {
					return nil, rec.seatErr(g, rn, e.Trick, e.Seat, "\"by\" names %s %s did not make", decisionNoun[e.Decision], g.Name(e.Seat))
				}
			}
		} else if rr.By != nil {
			return nil, &RecordError{Round: rn, Seat: -1, Msg: "who decided (\"by\") only on a played round: a results-only round has no decisions"}
		} else if err := rec.enterResults(g, rr, rn); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func (rec *Record) seatErr(g *Game, round, trick, seat int, format string, args ...any) error {
	name := ""
	if seat >= 0 {
		name = g.Name(seat)
	}
	return &RecordError{Round: round, Trick: trick, Seat: seat, Name: name, Msg: fmt.Sprintf(format, args...)}
}

// deal lays out a played round's deck from the record: hands, Graybeard's
// pile, the cards Bendt drew, then the rest.
func (rec *Record) deal(round, cards int, deck []Card) error {
	rr := &rec.Rounds[round-1]
	n := len(rec.Players)
	inUse := SetOf(deck...)
	named := rec.Options.PirateAbilities
	var used CardSet
	var order []Card
	take := func(seat int, what string, codes []string) error {
		name := ""
		if seat >= 0 && seat < n {
			name = rec.Players[seat]
		}
		where := &RecordError{Round: round, Seat: seat, Name: name}
		if seat == n {
			where.Seat, where.Msg = -1, "Graybeard's pile: "
		}
		fail := func(format string, args ...any) error {
			where.Msg += fmt.Sprintf(format, args...)
			return where
		}
		if len(codes) != cards {
			return fail("%s has %s, but round %d deals %d", what, plural(len(codes), "card"), round, cards)
		}
		for _, code := range codes {
			p, err := ParseCode(code)
			if err != nil {
				return fail("%s: unknown card %q", what, code)
			}
			if p.As != Undeclared {
				return fail("%s: %q is how a Tigress is played; a hand holds TIG", what, code)
			}
			if p.Kind == KindPirate && p.Card == NoCard && named {
				return fail("%s: with pirate abilities on, name the Pirate (ROSIE, BENDT, RASCAL, JUANITA, HARRY), not PIR", what)
			}
			c := p.FirstIn(inUse.Minus(used))
			if c == NoCard {
				if !inUse.And(SetOf(p.Cards()...)).Empty() {
					return fail("%s: %s is dealt more often than the deck holds it", what, strings.ToUpper(code))
				}
				return fail("%s: %s is not in the deck in use", what, strings.ToUpper(code))
			}
			used = used.With(c)
			order = append(order, c)
		}
		return nil
	}
	if len(rr.Hands) != n {
		return &RecordError{Round: round, Seat: -1, Msg: fmt.Sprintf("%s for %s", plural(len(rr.Hands), "hand"), plural(n, "player"))}
	}
	for s, h := range rr.Hands {
		if err := take(s, "hand", h); err != nil {
			return err
		}
	}
	if n == 2 {
		if rr.Ghost == nil {
			return &RecordError{Round: round, Seat: -1, Msg: "a two-player round needs Graybeard's pile (\"ghost\")"}
		}
		if err := take(n, "ghost", rr.Ghost); err != nil {
			return err
		}
	} else if rr.Ghost != nil {
		return &RecordError{Round: round, Seat: -1, Msg: "only a two-player game has Graybeard's pile (\"ghost\")"}
	}
	for _, u := range rr.Abilities {
		if u.Bendt == nil {
			continue
		}
		for _, code := range u.Bendt.Drew {
			p, err := ParseCode(code)
			if err != nil || p.As != Undeclared {
				return &RecordError{Round: round, Trick: u.Trick, Seat: -1, Msg: fmt.Sprintf("Bendt drew an unknown card %q", code)}
			}
			c := p.FirstIn(inUse.Minus(used))
			if c == NoCard {
				return &RecordError{Round: round, Trick: u.Trick, Seat: -1, Msg: fmt.Sprintf("Bendt drew %s, which was not undealt", strings.ToUpper(code))}
			}
			used = used.With(c)
			order = append(order, c)
		}
	}
	copy(deck, order)
	rest := inUse.Minus(used).Cards(nil)
	copy(deck[len(order):], rest)
	return nil
}

// laterInRound is a part of a round's record that comes after its bids or
// cannon loads: what it is, what a seat decides before ("the first card"),
// and whether the record has it.
type laterInRound struct {
	what, before string
	present      bool
}

// checkSecrets checks the shape of a round's bids or cannon loads, the
// decisions every seat makes at once: one a seat, and a null (a seat still
// deciding, at pending, or -1) only where the record stops in the middle of
// them, in its last round with nothing of later after it. noun names one
// decision ("bid"), verb what a seat does ("bids").
func (rec *Record) checkSecrets(g *Game, rn, count, pending int, last bool, noun, verb string, later ...laterInRound) error {
	if count != g.players {
		return &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("%s for %s", plural(count, noun), plural(g.players, "player"))}
	}
	if pending < 0 {
		return nil
	}
	if !last {
		return rec.seatErr(g, rn, 0, pending, "no %s (null); only the last round may stop early", noun)
	}
	for _, l := range later {
		if l.present {
			return rec.seatErr(g, rn, 0, pending, "no %s (null), but %s follow: every seat %s before %s", noun, l.what, verb, l.before)
		}
	}
	return nil
}

func (rec *Record) replayPlayed(g *Game, rr *RecordRound, rn int, last bool, visit Visitor) error {
	n := g.players
	incomplete := func(what string) error {
		if last {
			return nil // a record may stop in the middle of its last round
		}
		return &RecordError{Round: rn, Seat: -1, Msg: what + "; only the last round may stop early"}
	}
	uses, err := rec.abilityEntries(g, rr, rn, last)
	if err != nil {
		return err
	}
	// stopped ends a round that stops before its tricks (docs/record.md, "A
	// game in progress"): no ability may be listed for them.
	stopped := func(what string) error {
		if err := unplayedAbility(rn, uses, 0); err != nil {
			return err
		}
		return incomplete(what)
	}
	if rr.Bids == nil {
		if len(rr.Tricks) > 0 {
			return &RecordError{Round: rn, Seat: -1, Msg: "tricks without bids"}
		}
		if rr.Cannon != nil {
			return &RecordError{Round: rn, Seat: -1, Msg: "cannon loads without bids: every seat bids before loading"}
		}
		return stopped("no bids")
	}
	toBid := slices.Index(rr.Bids, NoBid)
	if err := rec.checkSecrets(g, rn, len(rr.Bids), toBid, last, "bid", "bids",
		laterInRound{"cannon loads", "loading", rr.Cannon != nil},
		laterInRound{"tricks", "the first card", len(rr.Tricks) > 0}); err != nil {
		return err
	}
	for s, b := range rr.Bids {
		if b == NoBid {
			continue
		}
		if b < 0 || b > g.cards {
			return &ActionError{Round: rn, Seat: s, Name: g.Name(s), Action: Bid(s, b), Err: ErrBidOutOfRange, Detail: bidRange(g.cards),
				Refusal: Refusal{Code: RefuseBidOutOfRange, Seat: s, Action: Bid(s, b), Phase: g.phase, Count: g.cards}}
		}
		if err := applyDecision(g, Bid(s, b), visit); err != nil {
			return err
		}
	}
	if toBid >= 0 {
		return stopped("bidding not over")
	}
	if g.opts.CannonLoad {
		if rr.Cannon == nil {
			if len(rr.Tricks) > 0 {
				return &RecordError{Round: rn, Seat: -1, Msg: "Rascal's scoring with cannon loads needs every seat's \"cannon\""}
			}
			return stopped("no cannon loads")
		}
		toLoad := slices.Index(rr.Cannon, NoLoad)
		if err := rec.checkSecrets(g, rn, len(rr.Cannon), toLoad, last, "cannon load", "loads",
			laterInRound{"tricks", "the first card", len(rr.Tricks) > 0}); err != nil {
			return err
		}
		for s, c := range rr.Cannon {
			if c == NoLoad {
				continue
			}
			v := -1
			switch strings.ToLower(c) {
			case "grapeshot":
				v = Grapeshot
			case "cannonball":
				v = Cannonball
			}
			if v < 0 {
				return rec.seatErr(g, rn, 0, s, "cannon load %q: load \"grapeshot\" or \"cannonball\"", c)
			}
			if err := applyDecision(g, Decision(ActionCannon, s, v), visit); err != nil {
				return err
			}
		}
		if toLoad >= 0 {
			return stopped("cannon loads not over")
		}
	} else if rr.Cannon != nil {
		return &RecordError{Round: rn, Seat: -1, Msg: "a cannon load belongs to Rascal's scoring with cannon loads (options \"scoring\": \"rascal\", \"cannon_load\": true)"}
	}
	for t, trick := range rr.Tricks {
		tn := t + 1
		if g.round != rn || g.Phase() == PhaseOver {
			return &RecordError{Round: rn, Trick: tn, Seat: -1, Msg: fmt.Sprintf("round %d deals %s: there is no trick %d", rn, plural(g.cards, "card"), tn)}
		}
		for j, code := range trick {
			if g.round != rn || g.trickNo != t || g.phase != PhasePlaying {
				return &RecordError{Round: rn, Trick: tn, Seat: -1, Msg: fmt.Sprintf("trick has %s, but %s played to a trick", plural(len(trick), "card"), pluralVerb(g.hands, "card", "is", "are"))}
			}
			p, err := ParseCode(code)
			if j < g.inTrick {
				// Graybeard flipped this card himself: the record must agree,
				// his Tigress included (always TIG-E, docs/rules.md §9).
				got := g.trick[j]
				if err != nil || !p.Matches(got.Card) || p.As != got.As {
					return rec.seatErr(g, rn, tn, -1, "Graybeard flips %s here, but the record shows %q", got.Code(false), code)
				}
				continue
			}
			seat := g.Turn()
			if err != nil {
				return rec.seatErr(g, rn, tn, seat, "unknown card %q", code)
			}
			if p.Kind == KindPirate && p.Card == NoCard && g.opts.PirateAbilities {
				return rec.seatErr(g, rn, tn, seat, "with pirate abilities on, name the Pirate, not PIR")
			}
			c := p.FirstIn(g.hand[seat])
			if c == NoCard {
				c = p.Cards()[0]
			}
			a := Play(seat, c)
			a.As = p.As
			if err := applyDecision(g, a, visit); err != nil {
				var ae *ActionError
				if errors.As(err, &ae) && errors.Is(err, ErrCardNotHeld) {
					// Another player's card: the record plays it out of turn.
					for other := 0; other < n; other++ {
						if other != seat && !g.hand[other].And(SetOf(p.Cards()...)).Empty() {
							return rec.seatErr(g, rn, tn, other, "%s is out of turn: it is %s's turn", strings.ToUpper(code), g.Name(seat))
						}
					}
					return rec.seatErr(g, rn, tn, seat, "%s is not in %s's hand", strings.ToUpper(code), g.Name(seat))
				}
				return err
			}
		}
		if g.round == rn && g.trickNo == t && g.phase == PhasePlaying {
			if t < len(rr.Tricks)-1 {
				return &RecordError{Round: rn, Trick: tn, Seat: -1, Msg: fmt.Sprintf("trick has %s, but %s played to a trick", plural(len(trick), "card"), pluralVerb(g.hands, "card", "is", "are"))}
			}
			if err := incomplete(fmt.Sprintf("trick %d is not finished", tn)); err != nil {
				return err
			}
			break
		}
		if err := rec.useAbility(g, rn, tn, uses, last && t == len(rr.Tricks)-1, visit); err != nil {
			return err
		}
	}
	done := g.cards // tricks finished this round
	if g.round == rn {
		done = g.trickNo
	}
	if err := unplayedAbility(rn, uses, done); err != nil {
		return err
	}
	if g.round == rn && !g.Over() {
		return incomplete(fmt.Sprintf("%d of %s played", g.trickNo, plural(g.cards, "trick")))
	}
	return nil
}

// abilityEntries checks a played round's ability entries on their own
// (docs/record.md, "Pirate abilities") and returns them by trick: one per
// trick, each with exactly one decision, a pending one only after the
// record's last trick.
func (rec *Record) abilityEntries(g *Game, rr *RecordRound, rn int, last bool) (map[int]AbilityUse, error) {
	uses := map[int]AbilityUse{}
	for _, u := range rr.Abilities {
		if _, dup := uses[u.Trick]; dup {
			return nil, &RecordError{Round: rn, Trick: u.Trick, Seat: -1, Msg: "two abilities for one trick"}
		}
		if u.Trick < 1 || u.Trick > g.cards {
			return nil, &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("an ability after trick %d of %d", u.Trick, g.cards)}
		}
		switch d := u.decisions(); len(d) {
		case 0:
			return nil, &RecordError{Round: rn, Trick: u.Trick, Seat: -1,
				Msg: "an ability entry with no decision: an entry holds one of rosie, bendt, wager, harry, declined or pending"}
		case 1:
		default:
			return nil, &RecordError{Round: rn, Trick: u.Trick, Seat: -1,
				Msg: "an ability entry holds exactly one decision, this one holds " + andList(d)}
		}
		// A decision awaited stops the game: nothing may come after it.
		if u.Pending {
			switch {
			case !last:
				return nil, &RecordError{Round: rn, Trick: u.Trick, Seat: -1,
					Msg: "a decision still awaited (\"pending\") ends a record, but rounds follow"}
			case u.Trick < len(rr.Tricks):
				return nil, &RecordError{Round: rn, Trick: u.Trick, Seat: -1,
					Msg: fmt.Sprintf("a decision still awaited (\"pending\") ends a record, but trick %d follows", u.Trick+1)}
			}
		}
		uses[u.Trick] = u
	}
	return uses, nil
}

// unplayedAbility reports the first entry left in uses once a round is
// replayed as far as the record goes, done tricks finished: an entry for a
// trick the record does not finish, or one no ability offered took.
func unplayedAbility(rn int, uses map[int]AbilityUse, done int) error {
	if len(uses) == 0 {
		return nil
	}
	// The first in trick order, so that a record has one error whatever
	// the map's order.
	t := slices.Min(slices.Collect(maps.Keys(uses)))
	u := uses[t]
	what := "used"
	switch {
	case u.Declined:
		what = "declined"
	case u.Pending:
		what = "awaited"
	}
	if t > done {
		return &RecordError{Round: rn, Trick: t, Seat: -1, Msg: "an ability " + what + ", but the record stops before this trick ends"}
	}
	return &RecordError{Round: rn, Trick: t, Seat: -1, Msg: "an ability " + what + ", but no named Pirate with that ability won this trick"}
}

// andList joins names as a sentence does: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// useAbility applies the recorded decision for a pirate ability offered
// after trick tn, or declines it when the record declines it or lists none.
// A record that ends (atEnd) with the decision pending, or between Bendt's
// draw and his discard, leaves it awaited.
func (rec *Record) useAbility(g *Game, rn, tn int, uses map[int]AbilityUse, atEnd bool, visit Visitor) error {
	if g.phase != PhaseAbility {
		return nil
	}
	u, ok := uses[tn]
	delete(uses, tn)
	kind, seat := g.Pending()
	decline := Decision(kind, seat, 0)
	if kind == ActionRosie {
		decline.Value = int8(g.pending.leader) // the lead left to the trick's winner
	}
	if !ok {
		applyDecline(g, decline, visit)
		return nil
	}
	if u.Seat != nil && *u.Seat != seat {
		what := "uses an ability"
		switch {
		case u.Declined:
			what = "declines an ability"
		case u.Pending:
			what = "awaits an ability decision"
		}
		return rec.seatErr(g, rn, tn, *u.Seat, "%s, but %s won the trick", what, g.Name(seat))
	}
	a := decline
	mismatch := func(have string) error {
		return rec.seatErr(g, rn, tn, seat, "the record uses %s, but the Pirate who won is %s", have, g.tricks[len(g.tricks)-1].Plays[g.tricks[len(g.tricks)-1].Result.Index].Card.NamedCode())
	}
	switch {
	case u.Pending:
		// abilityEntries let a pending decision end the record only.
		return nil
	case u.Declined:
		applyDecline(g, decline, visit)
		return nil
	case u.Rosie != nil:
		if kind != ActionRosie {
			return mismatch("Rosie's choice")
		}
		a.Value = int8(clampInt8(*u.Rosie))
	case u.Wager != nil:
		if kind != ActionWager {
			return mismatch("Rascal's wager")
		}
		a.Value = int8(clampInt8(*u.Wager))
	case u.Harry != nil:
		if kind != ActionHarry {
			return mismatch("Harry's change of bid")
		}
		a.Value = int8(clampInt8(*u.Harry))
	case u.Bendt != nil:
		if kind != ActionBendt {
			return mismatch("Bendt's draw")
		}
		a.Value = 1
		if err := applyDecision(g, a, visit); err != nil {
			return err
		}
		if want := g.pending.draw; len(u.Bendt.Drew) != want {
			return rec.seatErr(g, rn, tn, seat, "Bendt draws %s, the record lists %d", plural(want, "card"), len(u.Bendt.Drew))
		}
		if len(u.Bendt.Discard) == 0 && atEnd {
			return nil
		}
		if len(u.Bendt.Discard) != g.pending.draw {
			return rec.seatErr(g, rn, tn, seat, "Bendt discards %s, the record lists %d", plural(g.pending.draw, "card"), len(u.Bendt.Discard))
		}
		d := Discard(seat, NoCard, NoCard)
		for i, code := range u.Bendt.Discard {
			p, err := ParseCode(code)
			if err != nil || p.As != Undeclared {
				return rec.seatErr(g, rn, tn, seat, "Bendt discards an unknown card %q", code)
			}
			c := p.FirstIn(g.hand[seat].Without(d.Card))
			if c == NoCard {
				return rec.seatErr(g, rn, tn, seat, "Bendt discards %s, which is not in %s's hand", strings.ToUpper(code), g.Name(seat))
			}
			if i == 0 {
				d.Card = c
			} else {
				d.Card2 = c
			}
		}
		return applyDecision(g, d, visit)
	default:
		return rec.seatErr(g, rn, tn, seat, "an ability entry with no decision")
	}
	return applyDecision(g, a, visit)
}

func (rec *Record) enterResults(g *Game, rr *RecordRound, rn int) error {
	n := g.players
	if rr.Bids == nil || rr.Won == nil {
		return &RecordError{Round: rn, Seat: -1, Msg: "a results-only round needs \"bids\" and \"won\""}
	}
	if rr.Tricks != nil || rr.Abilities != nil {
		return &RecordError{Round: rn, Seat: -1, Msg: "tricks and abilities belong to a played round with hands"}
	}
	lists := map[string][]int{"bids": rr.Bids, "won": rr.Won, "bonus": rr.Bonus, "wagers": rr.Wagers}
	for _, k := range []string{"bids", "won", "bonus", "wagers"} {
		if v := lists[k]; v != nil && len(v) != n {
			return &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("%s in %q for %s", count(len(v), "entry", "entries"), k, plural(n, "player"))}
		}
	}
	// A score sheet writes a round once it is over (docs/record.md, "A game
	// in progress").
	if s := slices.Index(rr.Bids, NoBid); s >= 0 {
		return rec.seatErr(g, rn, 0, s, "no bid (null): a results-only round is never partial")
	}
	if s := slices.Index(rr.Cannon, NoLoad); s >= 0 {
		return rec.seatErr(g, rn, 0, s, "no cannon load (null): a results-only round is never partial")
	}
	var r RoundResult
	r.Cards = rr.Cards
	copy(r.Bids[:], rr.Bids)
	copy(r.Won[:], rr.Won)
	copy(r.Bonus[:], rr.Bonus)
	copy(r.Wagers[:], rr.Wagers)
	if len(rr.Loot) > len(r.Alliances) {
		return &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("%s: %s", plural(len(rr.Loot), "Loot alliance"), thereAre(deck.Loot, "Loot card"))}
	}
	for i, l := range rr.Loot {
		if l[0] < 0 || l[0] >= n || l[1] < 0 || l[1] >= n {
			return &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("Loot alliance %v names no seat", l)}
		}
		r.Alliances[i] = Alliance{Looter: int8(l[0]), Winner: int8(l[1])}
	}
	r.NAlliances = len(rr.Loot)
	if rr.Cannon != nil {
		if len(rr.Cannon) != n {
			return &RecordError{Round: rn, Seat: -1, Msg: fmt.Sprintf("%s for %s", plural(len(rr.Cannon), "cannon load"), plural(n, "player"))}
		}
		for s, c := range rr.Cannon {
			switch strings.ToLower(c) {
			case "grapeshot":
				r.Cannon[s] = Grapeshot
			case "cannonball":
				r.Cannon[s] = Cannonball
			default:
				return rec.seatErr(g, rn, 0, s, "cannon load %q: load \"grapeshot\" or \"cannonball\"", c)
			}
		}
		if !g.opts.CannonLoad {
			return &RecordError{Round: rn, Seat: -1, Msg: "a cannon load belongs to Rascal's scoring with cannon loads"}
		}
	}
	if err := g.EnterResults(r); err != nil {
		return &RecordError{Round: rn, Seat: -1, Msg: strings.TrimPrefix(err.Error(), fmt.Sprintf("%v: round %d: ", ErrBadResults, rn))}
	}
	return nil
}

// decisionNoun names a DecidedBy decision in an error.
var decisionNoun = map[string]string{DecisionBid: "a bid", DecisionCannon: "a cannon load", DecisionCard: "a card",
	DecisionAbility: "an ability decision", DecisionDiscard: "Bendt's discard"}

// checkDecidedBy checks the form of a played round's "by" entries
// (docs/record.md, "Who decided"): a known decider and decision, a seat of
// the table, a trick where the decision has one, and no decision twice.
// That each names a decision the round made is checked after its replay.
func (rec *Record) checkDecidedBy(g *Game, rr *RecordRound, rn int) error {
	seen := map[DecidedBy]bool{}
	for _, e := range rr.By {
		if e.Seat < 0 || e.Seat >= g.players {
			return &RecordError{Round: rn, Trick: max(e.Trick, 0), Seat: -1,
				Msg: fmt.Sprintf("\"by\" names seat %d: the record's %d players are seats 0 to %d", e.Seat, g.players, g.players-1)}
		}
		fail := func(format string, args ...any) error {
			return rec.seatErr(g, rn, max(e.Trick, 0), e.Seat, format, args...)
		}
		switch e.By {
		case DecidedByBot, DecidedByTimer, DecidedByAuto:
		default:
			return fail("\"by\": %q is not who decides: \"bot\", \"timer\" or \"auto\" (the player's own decisions are not listed)", e.By)
		}
		switch e.Decision {
		case DecisionBid, DecisionCannon:
			if e.Trick != 0 {
				return fail("\"by\": %s has no trick", decisionNoun[e.Decision])
			}
		case DecisionCard, DecisionAbility, DecisionDiscard:
			if e.Trick < 1 || e.Trick > g.cards {
				return fail("\"by\": %s names its trick, 1 to %d, not %d", decisionNoun[e.Decision], g.cards, e.Trick)
			}
		default:
			return fail("\"by\": unknown decision %q: \"bid\", \"cannon\", \"card\", \"ability\" or \"discard\"", e.Decision)
		}
		k := DecidedBy{Seat: e.Seat, Trick: e.Trick, Decision: e.Decision}
		if seen[k] {
			return fail("\"by\" lists %s twice", decisionNoun[e.Decision])
		}
		seen[k] = true
	}
	return nil
}
