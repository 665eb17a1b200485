package skullking

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// RecordFormat is the format tag of a game record (docs/record.md).
const RecordFormat = "skullking-record/1"

// Record is a game record: a whole game, or a score sheet kept at a real
// table, in the skullking-record/1 format of docs/record.md. Cards are kept as
// their codes so that a bad code is reported where it stands.
type Record struct {
	Format  string        `json:"format"`
	Players []string      `json:"players"`
	Options Options       `json:"options"`
	Rounds  []RecordRound `json:"rounds"`
}

// RecordRound is one round of a record: played (Hands, Bids, Tricks) or
// results-only (Bids, Won, Bonus).
type RecordRound struct {
	Hands [][]string `json:"hands,omitempty"`
	Ghost []string   `json:"ghost,omitempty"`
	// Bids and Cannon hold NoBid and NoLoad, written null, for the seats
	// still to decide in the last round of a game in progress.
	Bids   Bids       `json:"bids,omitempty"`
	Cannon Loads      `json:"cannon,omitempty"`
	Tricks [][]string `json:"tricks,omitempty"`
	// Abilities lists the pirate abilities used, declined or awaited, by
	// the trick whose win offered them. An ability offered but not listed
	// was declined.
	Abilities []AbilityUse `json:"abilities,omitempty"`
	// By names the round's decisions that the seat's player did not make
	// (a bot standing in, the turn timer, automatic play); a decision not
	// listed was the player's own. Only on a played round.
	By []DecidedBy `json:"by,omitempty"`

	// Options, on a results-only round, changes the rules from this round on
	// (a house rule changed mid-game); like the record's options it is read on
	// top of the standard rules, not of the previous ones.
	Options *Options `json:"options,omitempty"`

	Won    []int    `json:"won,omitempty"`
	Bonus  []int    `json:"bonus,omitempty"`
	Cards  int      `json:"cards,omitempty"`
	Wagers []int    `json:"wagers,omitempty"`
	Loot   [][2]int `json:"loot,omitempty"`
}

// AbilityUse is one pirate ability offered in a played round (docs/rules.md
// §8) and what became of it. Exactly one of the decision fields (Rosie,
// Bendt, Wager, Harry, Declined, Pending) is set (docs/record.md, "Pirate
// abilities").
type AbilityUse struct {
	Trick int       `json:"trick"`          // 1-based trick the named Pirate won
	Seat  *int      `json:"seat,omitempty"` // the winner; checked when given
	Rosie *int      `json:"rosie,omitempty"`
	Bendt *BendtUse `json:"bendt,omitempty"`
	Wager *int      `json:"wager,omitempty"`
	Harry *int      `json:"harry,omitempty"`
	// Declined: the ability was offered and declined, as when the entry is
	// absent.
	Declined bool `json:"declined,omitempty"`
	// Pending: the decision is still awaited; only after the last trick of
	// the record, whose game stops there.
	Pending bool `json:"pending,omitempty"`
}

// decisions names the decision fields set in u, in the order of
// docs/record.md.
func (u *AbilityUse) decisions() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"rosie", u.Rosie != nil}, {"bendt", u.Bendt != nil}, {"wager", u.Wager != nil}, {"harry", u.Harry != nil},
		{"declined", u.Declined}, {"pending", u.Pending}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// Who, besides the seat's player, may decide for a seat (DecidedBy.By).
const (
	DecidedByBot   = "bot"   // a bot standing in for an absent player
	DecidedByTimer = "timer" // the turn timer ran out
	DecidedByAuto  = "auto"  // automatic play of a forced last card
)

// The decisions a DecidedBy entry names (DecidedBy.Decision).
const (
	DecisionBid     = "bid"
	DecisionCannon  = "cannon"
	DecisionCard    = "card"
	DecisionAbility = "ability" // Rosie's, Bendt's draw, Rascal's or Harry's
	DecisionDiscard = "discard" // Bendt's discard
)

// DecidedBy is one decision of a played round made for the seat by someone
// other than its player (docs/record.md, "Who decided"). A seat makes at
// most one decision of each kind for a trick, so seat, decision and trick
// name it.
type DecidedBy struct {
	Seat int `json:"seat"`
	// Trick is the 1-based trick the card is played to, or whose win
	// offered the ability (and Bendt's discard); 0 for a bid or a load.
	Trick    int    `json:"trick,omitempty"`
	Decision string `json:"decision"`
	By       string `json:"by"`
}

// decisionOf is the DecidedBy.Decision of an action kind, "" for none.
func decisionOf(k ActionKind) string {
	switch k {
	case ActionBid:
		return DecisionBid
	case ActionCannon:
		return DecisionCannon
	case ActionPlay:
		return DecisionCard
	case ActionRosie, ActionBendt, ActionWager, ActionHarry:
		return DecisionAbility
	case ActionDiscard:
		return DecisionDiscard
	}
	return ""
}

// decisionKey names decision a of the seat of v, taken at v, as a
// DecidedBy entry does (By left empty).
func decisionKey(v SeatView, a Action) DecidedBy {
	k := DecidedBy{Seat: int(a.Seat), Decision: decisionOf(a.Kind)}
	switch v.Phase() {
	case PhasePlaying:
		k.Trick = v.TrickNumber()
	case PhaseAbility:
		k.Trick = len(v.CompletedTricks())
	}
	return k
}

// DecidedBy says who made decision a of the seat of v, as a Visitor of
// Walk sees them: "" for the seat's player, or the round's DecidedBy.By
// (DecidedByBot, DecidedByTimer, DecidedByAuto).
func (rec *Record) DecidedBy(v SeatView, a Action) string {
	r := v.Round()
	if r < 1 || r > len(rec.Rounds) || len(rec.Rounds[r-1].By) == 0 {
		return ""
	}
	k := decisionKey(v, a)
	for _, e := range rec.Rounds[r-1].By {
		if e.Seat == k.Seat && e.Trick == k.Trick && e.Decision == k.Decision {
			return e.By
		}
	}
	return ""
}

// BendtUse is Bendt the Bandit's draw: the undealt cards drawn, in order,
// and the cards discarded.
type BendtUse struct {
	Drew    []string `json:"drew"`
	Discard []string `json:"discard"`
}

// NoBid, in a round's Bids, is a seat that has not bid yet, and NoLoad, in
// its Cannon, a seat that has not loaded yet: the last round of a game in
// progress, stopped in its bidding or its cannon loads. Both are null in the
// JSON (docs/record.md, "A game in progress").
//
// Bids and Loads stay slices of int and string, so the score keeper, the
// commands and the bots, which only see complete rounds, build and read
// them as before; only the codec below and the replay know the marks. A
// mark is a value no JSON literal reads as, so that a record's literal is
// never taken for a null: not −1 (the mark of View), because a record
// that bids −1 must hear that −1 is no bid, and not "", which is a bad
// load. NoBid is the one int a literal can still spell, and the reader
// refuses that literal as it does a number too large for an int; NoLoad
// is not valid UTF-8, which no JSON string reads as.
const (
	NoBid  = math.MinInt
	NoLoad = "\xff"
)

// Bids is a round's bids in seat order, NoBid for a seat still to bid.
type Bids []int

// Loads is a round's cannon loads in seat order ("grapeshot" or
// "cannonball", case-insensitive), NoLoad for a seat still to load.
type Loads []string

// MarshalJSON writes NoBid as null.
func (b Bids) MarshalJSON() ([]byte, error) {
	if b == nil {
		return []byte("null"), nil
	}
	out := []byte{'['}
	for i, v := range b {
		if i > 0 {
			out = append(out, ',')
		}
		if v == NoBid {
			out = append(out, "null"...)
		} else {
			out = strconv.AppendInt(out, int64(v), 10)
		}
	}
	return append(out, ']'), nil
}

// UnmarshalJSON reads null as NoBid.
func (b *Bids) UnmarshalJSON(data []byte) error {
	out, err := readMarked(data, NoBid, "number")
	if err == nil {
		*b = out
	}
	return err
}

// MarshalJSON writes NoLoad as null.
func (l Loads) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("null"), nil
	}
	out := make([]any, len(l))
	for i, v := range l {
		if v != NoLoad {
			out[i] = v
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads null as NoLoad.
func (l *Loads) UnmarshalJSON(data []byte) error {
	out, err := readMarked(data, NoLoad, "string")
	if err == nil {
		*l = out
	}
	return err
}

// readMarked reads a list of bids or loads: a null in it is a seat still to
// decide, written mark, and a literal that reads as mark is refused as the
// wrong type (kind is its JSON kind, for the error). A null list is no
// list, as before the marks.
func readMarked[T comparable](data []byte, mark T, kind string) ([]T, error) {
	var raw []*T
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, asListError(err, reflect.TypeFor[[]T]())
	}
	if raw == nil {
		return nil, nil
	}
	out := make([]T, len(raw))
	for i, p := range raw {
		switch {
		case p == nil:
			out[i] = mark
		case *p == mark:
			return nil, &json.UnmarshalTypeError{Value: kind + " " + fmt.Sprint(*p), Type: reflect.TypeFor[T]()}
		default:
			out[i] = *p
		}
	}
	return out, nil
}

// asListError makes a type error about the list of pointers readMarked
// decodes name the list it stands for, as the reader's messages always have
// ("rounds.bids is string, want []int").
func asListError(err error, list reflect.Type) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		switch te.Type {
		case reflect.PointerTo(list.Elem()):
			te.Type = list.Elem()
		case reflect.SliceOf(reflect.PointerTo(list.Elem())):
			te.Type = list
		}
	}
	return err
}

// played reports whether the round is played card by card.
func (rr *RecordRound) played() bool {
	return rr.Hands != nil || rr.Tricks != nil || rr.Ghost != nil
}

// maxRecordBytes bounds what ReadRecord accepts: a 10-round 8-player game is
// about 10 KB; a thousand times that is not a game.
const maxRecordBytes = 16 << 20

// ErrBadRecord is wrapped by every error about a record's form or content.
var ErrBadRecord = errors.New("skullking: bad record")

// RecordError is an error at a place in a record.
type RecordError struct {
	Round, Trick int // 1-based; 0 when not about one
	Seat         int // −1 when not about one
	Name         string
	Msg          string
}

func (e *RecordError) Error() string { return "skullking: " + e.Message() }

// Message is the error without the package prefix.
func (e *RecordError) Message() string {
	var parts []string
	if e.Round > 0 {
		parts = append(parts, fmt.Sprintf("round %d", e.Round))
	}
	if e.Trick > 0 {
		parts = append(parts, fmt.Sprintf("trick %d", e.Trick))
	}
	if e.Seat >= 0 {
		s := fmt.Sprintf("seat %d", e.Seat)
		if e.Name != "" {
			s += " (" + e.Name + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return e.Msg
	}
	return strings.Join(parts, ", ") + ": " + e.Msg
}

// Unwrap makes every RecordError an ErrBadRecord.
func (e *RecordError) Unwrap() error { return ErrBadRecord }

// ReadRecord decodes a record strictly: malformed JSON, unknown fields,
// trailing data and documents over 16 MiB are errors.
func ReadRecord(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	if len(data) > maxRecordBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrBadRecord, maxRecordBytes)
	}
	return ParseRecord(data)
}

// ParseRecord decodes a record from JSON (see ReadRecord).
func ParseRecord(data []byte) (*Record, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	rec := &Record{Options: DefaultOptions()}
	if err := dec.Decode(rec); err != nil {
		if errors.Is(err, ErrBadOptions) {
			// Well-formed JSON naming an option that does not exist.
			return nil, fmt.Errorf("%w: %v", ErrBadRecord, strings.TrimPrefix(err.Error(), "skullking: "))
		}
		return nil, fmt.Errorf("%w: malformed JSON: %v", ErrBadRecord, jsonErrorText(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: malformed JSON: data after the record", ErrBadRecord)
	}
	if rec.Format != RecordFormat {
		return nil, fmt.Errorf("%w: format is %q, want %q", ErrBadRecord, rec.Format, RecordFormat)
	}
	if len(rec.Players) < 2 || len(rec.Players) > 8 {
		return nil, fmt.Errorf("%w: %s: a game has 2 to 8", ErrBadRecord, plural(len(rec.Players), "player"))
	}
	for i, n := range rec.Players {
		if strings.TrimSpace(n) == "" {
			return nil, fmt.Errorf("%w: player %d has no name", ErrBadRecord, i)
		}
	}
	if err := rec.Options.Validate(len(rec.Players)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRecord, strings.TrimPrefix(err.Error(), "skullking: "))
	}
	if err := refuseZeroDeal(data); err != nil {
		return nil, err
	}
	return rec, nil
}

// refuseZeroDeal refuses a round that says it dealt "cards": 0. A missing
// "cards" deals as the schedule says (docs/record.md), and RecordRound
// reads both as 0, so the document is read again for the field alone: a
// deal of no card is a mistake on the sheet, not the schedule's deal.
func refuseZeroDeal(data []byte) error {
	var deals struct {
		Rounds []struct {
			Cards *int `json:"cards"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(data, &deals); err != nil {
		return fmt.Errorf("%w: malformed JSON: %v", ErrBadRecord, jsonErrorText(err))
	}
	for i, r := range deals.Rounds {
		if r.Cards != nil && *r.Cards == 0 {
			return &RecordError{Round: i + 1, Seat: -1, Msg: "\"cards\": 0 deals no card: a deal holds 1 card or more, and a round dealt as the schedule says leaves \"cards\" out"}
		}
	}
	return nil
}

func jsonErrorText(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s is %s, want %s", te.Field, te.Value, te.Type)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v at byte %d", se, se.Offset)
	}
	if errors.Is(err, io.EOF) {
		return "empty input"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// Marshal writes the record as indented JSON.
func (r *Record) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// RecordOf writes game g as a record: every round so far with its hands,
// bids and tricks (or its results for rounds entered from a real table). A
// round in progress is written as far as it went, to the decision awaited
// (docs/record.md, "A game in progress"), so that the record replays to g.
// The engine does not know who decided for a seat: WithDeciders tells it.
func RecordOf(g *Game, opts ...RecordOption) *Record {
	var cfg recordConfig
	for _, o := range opts {
		o(&cfg)
	}
	// by is who decided each action of g's log, "" for the seat's player
	// and for Graybeard's flips, which are nobody's decision.
	var by []string
	if len(cfg.deciders) > 0 {
		by = make([]string, len(g.log))
		d := 0
		for i, a := range g.log {
			if g.ghost >= 0 && int(a.Seat) == g.ghost {
				continue
			}
			if d < len(cfg.deciders) && cfg.deciders[d] != "player" {
				by[i] = cfg.deciders[d]
			}
			d++
		}
	}
	names := g.names
	if len(names) == 0 {
		for s := 0; s < g.players; s++ {
			names = append(names, g.Name(s))
		}
	}
	rec := &Record{Format: RecordFormat, Players: append([]string(nil), names...), Options: g.opts}
	if len(g.starts) > 0 && g.starts[0].opts != nil {
		rec.Options = *g.starts[0].opts
		if g.starts[0].changed != nil {
			// Changed before anything was scored: the game's rules from the start.
			rec.Options = *g.starts[0].changed
		}
	}
	cur := rec.Options // the rules in force for the round being written
	for i, st := range g.starts {
		if i > 0 && st.changed != nil {
			cur = *st.changed
		}
		named := cur.PirateAbilities
		var rr RecordRound
		end := len(g.log)
		if i+1 < len(g.starts) {
			end = g.starts[i+1].logAt
		}
		if !st.dealt {
			if i < len(g.results) {
				res := g.results[i]
				rr = RecordRound{Bids: res.Bids[:g.players:g.players], Won: res.Won[:g.players:g.players],
					Bonus: res.Bonus[:g.players:g.players]}
				if i > 0 && st.changed != nil {
					rr.Options = st.changed
				}
				if res.Cards != st.cards {
					rr.Cards = res.Cards
				}
				if cur.PirateAbilities {
					rr.Wagers = res.Wagers[:g.players:g.players]
				}
				for _, a := range res.Alliances[:res.NAlliances] {
					rr.Loot = append(rr.Loot, [2]int{int(a.Looter), int(a.Winner)})
				}
				if cur.CannonLoad {
					for s := 0; s < g.players; s++ {
						rr.Cannon = append(rr.Cannon, cannonName(res.Cannon[s]))
					}
				}
				rec.Rounds = append(rec.Rounds, rr)
			}
			continue
		}
		deck := st.deck
		if g.dealer == nil {
			// The seeded deal is regenerated: the lazy shuffle's full result
			// does not depend on how far it had gone.
			n := copy(deck[:], g.inUse)
			seededDeck(g.seed, st.round, deck[:n])
		}
		for s := 0; s < g.players; s++ {
			hand := SetOf(deck[s*st.cards : (s+1)*st.cards]...)
			rr.Hands = append(rr.Hands, codes(hand.Cards(nil), named))
		}
		if g.ghost >= 0 {
			rr.Ghost = codes(deck[g.players*st.cards:(g.players+1)*st.cards], named)
		}
		var roundBy []string
		if by != nil {
			roundBy = by[st.logAt:end]
		}
		rr.addLog(g, g.log[st.logAt:end], roundBy, named, deck[:len(g.inUse)], st.cards, i == len(g.starts)-1)
		rec.Rounds = append(rec.Rounds, rr)
	}
	return rec
}

// RecordOption changes what RecordOf writes.
type RecordOption func(*recordConfig)

type recordConfig struct{ deciders []string }

// WithDeciders tells RecordOf who made each of the game's decisions, in the
// order the game took them (its log without Graybeard's flips, the actions
// given to Apply): "" or "player" for the seat's player, DecidedByBot,
// DecidedByTimer or DecidedByAuto for the others, which the record lists
// in its rounds' "by". Decisions past the end of by are the players'.
func WithDeciders(by []string) RecordOption {
	return func(c *recordConfig) { c.deciders = by }
}

func cannonName(v int) string {
	if v == Cannonball {
		return "cannonball"
	}
	return "grapeshot"
}

func codes(cards []Card, named bool) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.code(named)
	}
	return out
}

// addLog fills in a played round's decisions from its part of the log. In
// the game's current round (current), it writes what a game in progress
// awaits as docs/record.md says: null for the bids and loads still to come,
// and a pending entry for an ability decision awaited.
func (rr *RecordRound) addLog(g *Game, log []Action, by []string, named bool, deck []Card, cards int, current bool) {
	next := g.hands * cards // Bendt draws the undealt cards in deck order
	bids := make(Bids, g.players)
	cannon := make(Loads, g.players)
	for s := range bids {
		bids[s], cannon[s] = NoBid, NoLoad
	}
	nBids, nCannon := 0, 0
	trickSize := g.hands
	var trick []string
	tricks := 0
	var lastBendt *AbilityUse
	for j, a := range log {
		seat := int(a.Seat)
		if j < len(by) && by[j] != "" {
			e := DecidedBy{Seat: seat, Decision: decisionOf(a.Kind), By: by[j]}
			switch e.Decision {
			case DecisionCard:
				e.Trick = tricks + 1
			case DecisionAbility, DecisionDiscard:
				e.Trick = tricks
			}
			rr.By = append(rr.By, e)
		}
		switch a.Kind {
		case ActionBid:
			bids[seat] = int(a.Value)
			nBids++
		case ActionCannon:
			cannon[seat] = cannonName(int(a.Value))
			nCannon++
		case ActionPlay:
			trick = append(trick, a.CardCode(named))
			if len(trick) == trickSize {
				rr.Tricks = append(rr.Tricks, trick)
				trick = nil
				tricks++
			}
		case ActionRosie:
			// Rosie always names a seat, herself when she lets the lead be.
			v := int(a.Value)
			rr.Abilities = append(rr.Abilities, AbilityUse{Trick: tricks, Seat: &seat, Rosie: &v})
		case ActionWager, ActionHarry:
			u := AbilityUse{Trick: tricks, Seat: &seat}
			// A wager of 0 and a move of 0 are written as what they are,
			// declines, so that no reader has to know that an offered
			// ability left out was declined.
			v := int(a.Value)
			switch {
			case v == 0:
				u.Declined = true
			case a.Kind == ActionWager:
				u.Wager = &v
			default:
				u.Harry = &v
			}
			rr.Abilities = append(rr.Abilities, u)
		case ActionBendt:
			u := AbilityUse{Trick: tricks, Seat: &seat, Declined: a.Value != 1}
			if a.Value == 1 {
				n := min(2, len(deck)-next)
				// Discard stays empty, not null, while the discard is awaited.
				u.Bendt = &BendtUse{Drew: codes(deck[next:next+n], named), Discard: []string{}}
				next += n
			}
			rr.Abilities = append(rr.Abilities, u)
			if u.Bendt != nil {
				lastBendt = &rr.Abilities[len(rr.Abilities)-1]
			}
		case ActionDiscard:
			if lastBendt != nil {
				lastBendt.Bendt.Discard = append(lastBendt.Bendt.Discard, a.Card.code(named))
				if a.Card2 != NoCard {
					lastBendt.Bendt.Discard = append(lastBendt.Bendt.Discard, a.Card2.code(named))
				}
			}
		}
	}
	if len(trick) > 0 {
		rr.Tricks = append(rr.Tricks, trick)
	}
	if nBids > 0 {
		rr.Bids = bids
	}
	if nCannon > 0 {
		rr.Cannon = cannon
	}
	// An ability decision awaited. Bendt's discard after his draw needs no
	// entry of its own: his draw entry, its discard still empty, says it.
	if kind, seat := g.Pending(); current && kind != ActionNone && kind != ActionDiscard {
		rr.Abilities = append(rr.Abilities, AbilityUse{Trick: tricks, Seat: &seat, Pending: true})
	}
}
