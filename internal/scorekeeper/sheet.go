package scorekeeper

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// Sheet is one score sheet: the players, the rules, and the rounds entered
// so far. Its points are not stored; Score computes them, so that an edit
// of any round or rule can never leave a stale total behind.
type Sheet struct {
	// ID is the sheet's edit token: whoever knows it may change the sheet.
	ID string `json:"id,omitempty"`
	// Follow is the read-only token given to the others at the table.
	Follow string `json:"follow"`
	// Game is the game's stable id (see GameID), carried by its exports,
	// so that an import of a game already kept is recognised.
	Game string `json:"game,omitempty"`
	// Book groups the sheets of one device or group for history, roster
	// and statistics; it is never shown on the wire, since knowing it
	// lists every sheet's edit token.
	Book string `json:"-"`
	// Version counts the sheet's changes; an edit must name the version it
	// was made on (optimistic concurrency).
	Version int64     `json:"version"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`

	Title   string   `json:"title,omitempty"`
	Players []string `json:"players"`
	// Options are the rules from round 1, schedule included.
	Options skullking.Options `json:"options"`
	// Changes are the house rules changed mid-game, in round order.
	Changes []RuleChange `json:"rule_changes"`
	Rounds  []Round      `json:"rounds"`
}

// RuleChange sets the rules from round FromRound on. Like a record round's
// "options", Options are complete rules, not a difference from the previous
// ones. FromRound is at least 2 (a change from round 1 is Sheet.Options)
// and at most one past the last round entered: a change waiting for the
// next round.
type RuleChange struct {
	FromRound int               `json:"from_round"`
	Options   skullking.Options `json:"options"`
}

// Round is what happened in one round at the table.
type Round struct {
	// Cards is the cards dealt to each player when the deal differed from
	// the schedule; 0 keeps the schedule's.
	Cards int   `json:"cards,omitempty"`
	Bids  []int `json:"bids"`
	Won   []int `json:"won"`
	// Bonuses are the captures, as events; their points come from the
	// round's rules.
	Bonuses []Bonus `json:"bonuses,omitempty"`
	// Loot lists the Loot alliances formed, each [looter seat, winner seat].
	Loot [][]int `json:"loot,omitempty"`
	// Wagers are Rascal of Roatan's wagers per seat (0, 10 or 20), with
	// pirate abilities.
	Wagers []int `json:"wagers,omitempty"`
	// Cannon is each seat's cannon load ("grapeshot" or "cannonball") under
	// Rascal's scoring with cannon loads; absent means all grapeshot.
	Cannon []string `json:"cannon,omitempty"`
	// BonusPoints are captured bonus points per seat when only the points
	// are known — a round imported from a record's results — never with
	// Bonuses. They do not follow a later change of bonus values.
	BonusPoints []int `json:"bonus_points,omitempty"`
}

// BonusKind is what a bonus event captured.
type BonusKind string

// The bonus events of docs/rules.md §6.
const (
	// Fourteen: the seat won a trick holding the 14 of Suit.
	Fourteen BonusKind = "fourteen"
	// PirateTookMermaids: the seat's Pirate (or Tigress as Pirate) won a
	// trick with Count Mermaids in it.
	PirateTookMermaids BonusKind = "pirate_took_mermaids"
	// SkullKingTookPirates: the seat's Skull King won a trick with Count
	// Pirates in it (a Tigress played as Pirate counts).
	SkullKingTookPirates BonusKind = "skull_king_took_pirates"
	// MermaidTookSkullKing: the seat's Mermaid won a trick with the Skull
	// King in it.
	MermaidTookSkullKing BonusKind = "mermaid_took_skull_king"
)

// Bonus is one capture that scores a bonus when its seat's bid is exact.
type Bonus struct {
	Seat int       `json:"seat"`
	Kind BonusKind `json:"kind"`
	// Suit is the 14's suit: "green", "yellow", "purple" or "black".
	Suit string `json:"suit,omitempty"`
	// Count is the Mermaids (1–2) or Pirates (1–6) captured.
	Count int `json:"count,omitempty"`
}

// Limits on what a sheet may hold: far beyond any game, small enough that
// no request can make the server do unbounded work.
const (
	maxNameRunes  = 40
	maxTitleRunes = 100
	maxRounds     = 250 // the engine's longest schedule is 100; the rest is tiebreaks
	maxEvents     = 64
	maxBonusPts   = 10000
	// MaxBodyBytes bounds a request body: a full 8-player sheet is a few
	// tens of kilobytes.
	MaxBodyBytes = 1 << 20
)

// ErrInvalid is wrapped by every refusal of a sheet's content.
var ErrInvalid = errors.New("scorekeeper: invalid sheet")

// ErrMalformed is wrapped by every refusal of a request's form: JSON that
// does not parse, an unknown field, a value of the wrong type.
var ErrMalformed = errors.New("scorekeeper: malformed JSON")

// malformedError is a request that is not the JSON it should be.
type MalformedError struct {
	msg string
	Wording
}

func (e *MalformedError) Error() string   { return "scorekeeper: " + e.Message() }
func (e *MalformedError) Message() string { return e.msg }
func (e *MalformedError) Unwrap() error   { return ErrMalformed }

// InvalidError is a refused entry: where (Round, 0 when about the whole
// sheet) and why, in a sentence for the table, and, when the catalogue
// has that sentence, its id and facts (Wording).
type InvalidError struct {
	Round int
	Msg   string
	Wording
}

func (e *InvalidError) Error() string { return "scorekeeper: " + e.Message() }

// Message is the error without the package prefix, for users.
func (e *InvalidError) Message() string {
	if e.Round > 0 {
		return fmt.Sprintf("round %d: %s", e.Round, e.Msg)
	}
	return e.Msg
}

// Unwrap makes every InvalidError an ErrInvalid.
func (e *InvalidError) Unwrap() error { return ErrInvalid }

func Invalid(round int, format string, args ...any) *InvalidError {
	return &InvalidError{Round: round, Msg: fmt.Sprintf(format, args...)}
}

// worded is e with the catalogue's wording of its sentence.
func (e *InvalidError) worded(w Wording) *InvalidError {
	e.Wording = w
	return e
}

// sheetInput is a sheet as a client sends it: the fields a client may set,
// strictly, and the server's fields tolerated so that a client can send back
// the sheet it got (offline sync) — those are ignored.
type sheetInput struct {
	Version *int64 `json:"version"`
	sheetFields

	ID       json.RawMessage `json:"id"`
	Follow   json.RawMessage `json:"follow"`
	Game     json.RawMessage `json:"game"`
	Created  json.RawMessage `json:"created"`
	Updated  json.RawMessage `json:"updated"`
	ReadOnly json.RawMessage `json:"read_only"`
	Score    json.RawMessage `json:"score"`
	// Base is the sheet the changes were made on, read by PUT to merge.
	Base json.RawMessage `json:"base"`
}

// DecodeSheet reads a sheet as a client sends it (docs/scorekeeper-api.md):
// strictly — unknown fields, trailing data and wrong types are errors — and
// checks its form (see Sheet.Check). The server's fields (id, follow,
// game, created, updated, read_only, score) and a PUT's base are accepted
// and ignored. The version is returned separately, -1 when absent. It never
// panics, whatever data holds.
func DecodeSheet(data []byte) (*Sheet, int64, error) {
	var in sheetInput
	if err := DecodeStrict(data, &in); err != nil {
		return nil, -1, err
	}
	s, err := in.sheet()
	if err != nil {
		return nil, -1, err
	}
	version := int64(-1)
	if in.Version != nil {
		version = *in.Version
	}
	s.Normalize()
	if err := s.Check(); err != nil {
		return nil, version, err
	}
	return s, version, nil
}

// sheetFields are what a client or an export document sets of a sheet, as
// read: the rules on top of the standard ones.
type sheetFields struct {
	Title   string             `json:"title"`
	Players []string           `json:"players"`
	Options *skullking.Options `json:"options"`
	Changes []struct {
		FromRound int                `json:"from_round"`
		Options   *skullking.Options `json:"options"`
	} `json:"rule_changes"`
	Rounds []Round `json:"rounds"`
}

// sheet is the sheet the fields make, not yet normalised or checked.
func (in *sheetFields) sheet() (*Sheet, error) {
	s := &Sheet{Title: in.Title, Players: in.Players, Options: skullking.DefaultOptions(), Rounds: in.Rounds}
	if in.Options != nil {
		s.Options = *in.Options
	}
	for i, c := range in.Changes {
		if c.Options == nil {
			return nil, &MalformedError{msg: fmt.Sprintf("rule change %d has no \"options\"", i+1)}
		}
		s.Changes = append(s.Changes, RuleChange{FromRound: c.FromRound, Options: *c.Options})
	}
	return s, nil
}

// Check checks the sheet's form: players, title, rules, the place of each
// rule change, and the shape of each round. What the rounds say is checked
// by Score.
func (s *Sheet) Check() error {
	n := len(s.Players)
	if n < 2 || n > 8 {
		return Invalid(0, "%d players: a game has 2 to 8", n)
	}
	seen := map[string]int{}
	for i, name := range s.Players {
		if err := checkText(name, maxNameRunes); err != nil {
			return Invalid(0, "player %d's name %s", i+1, err)
		}
		key := NameKey(name)
		if j, dup := seen[key]; dup {
			return Invalid(0, "players %d and %d are both called %q: give each a different name", j+1, i+1, strings.TrimSpace(name))
		}
		seen[key] = i
	}
	if s.Title != "" {
		if err := checkText(s.Title, maxTitleRunes); err != nil {
			return Invalid(0, "the title %s", err)
		}
	}
	if err := s.Options.Validate(n); err != nil {
		return Invalid(0, "rules: %s", optionsText(err))
	}
	if len(s.Rounds) > maxRounds {
		return Invalid(0, "%d rounds: a sheet holds at most %d", len(s.Rounds), maxRounds)
	}
	prev := 1
	for _, c := range s.Changes {
		if c.FromRound <= prev || c.FromRound > len(s.Rounds)+1 {
			if c.FromRound < 2 {
				return Invalid(0, "a rule change from round %d: changes start at round 2 (the rules of round 1 are the sheet's options)", c.FromRound)
			}
			if c.FromRound > len(s.Rounds)+1 {
				return Invalid(0, "a rule change from round %d, but only %d rounds are entered", c.FromRound, len(s.Rounds))
			}
			return Invalid(0, "rule changes must be in round order, one per round (round %d)", c.FromRound)
		}
		if err := c.Options.Validate(n); err != nil {
			return Invalid(c.FromRound, "the rules changed here: %s", optionsText(err))
		}
		prev = c.FromRound
	}
	for i := range s.Rounds {
		if err := s.Rounds[i].checkShape(i+1, n); err != nil {
			return err
		}
	}
	return nil
}

// checkShape checks that a round has one entry per seat where it needs them.
func (r *Round) checkShape(round, n int) error {
	if r.Bids == nil || r.Won == nil {
		return Invalid(round, "a round needs \"bids\" and \"won\"")
	}
	for _, l := range []struct {
		name string
		v    int
	}{{"bids", len(r.Bids)}, {"won", len(r.Won)}} {
		if l.v != n {
			return Invalid(round, "%d entries in %q for %d players", l.v, l.name, n)
		}
	}
	if r.Wagers != nil && len(r.Wagers) != n {
		return Invalid(round, "%d entries in \"wagers\" for %d players", len(r.Wagers), n)
	}
	if r.Cannon != nil && len(r.Cannon) != n {
		return Invalid(round, "%d entries in \"cannon\" for %d players", len(r.Cannon), n)
	}
	if r.BonusPoints != nil && len(r.BonusPoints) != n {
		return Invalid(round, "%d entries in \"bonus_points\" for %d players", len(r.BonusPoints), n)
	}
	if len(r.Bonuses) > maxEvents {
		return Invalid(round, "%d bonus events: at most %d", len(r.Bonuses), maxEvents)
	}
	if len(r.Loot) > DeckLoot {
		return Invalid(round, "%d Loot alliances: there are %d Loot cards", len(r.Loot), DeckLoot)
	}
	for _, l := range r.Loot {
		if len(l) != 2 {
			return Invalid(round, "a Loot alliance is [looter seat, winner seat], got %d numbers", len(l))
		}
	}
	return nil
}

// checkText checks a name or title: not blank, not too long, printable.
func checkText(s string, max int) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("is empty")
	}
	if !utf8.ValidString(s) {
		return errors.New("is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("has %d characters: at most %d", n, max)
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return errors.New("holds a control character")
		}
	}
	return nil
}

// nameKey is how names are compared: a player is the same player whatever
// the case or the spaces around the name.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// optionsText is an options error without the engine's prefix.
func optionsText(err error) string { return protocol.RulesProblem(err) }

// Normalize trims the players' names and the title: what the table typed,
// without stray spaces.
func (s *Sheet) Normalize() {
	for i, n := range s.Players {
		s.Players[i] = strings.TrimSpace(n)
	}
	s.Title = strings.TrimSpace(s.Title)
	for i := range s.Rounds {
		s.Rounds[i].normalize()
	}
}

// normalize writes the round's words (suits, cannon loads) in lower case.
func (r *Round) normalize() {
	for j, c := range r.Cannon {
		r.Cannon[j] = strings.ToLower(strings.TrimSpace(c))
	}
	for j := range r.Bonuses {
		b := &r.Bonuses[j]
		b.Suit = strings.ToLower(strings.TrimSpace(b.Suit))
		b.Kind = BonusKind(strings.ToLower(strings.TrimSpace(string(b.Kind))))
	}
}

// Clone returns a deep copy of the sheet.
func (s *Sheet) Clone() *Sheet {
	c := *s
	c.Players = append([]string(nil), s.Players...)
	c.Options = cloneOptions(s.Options)
	c.Changes = make([]RuleChange, len(s.Changes))
	for i, ch := range s.Changes {
		c.Changes[i] = RuleChange{FromRound: ch.FromRound, Options: cloneOptions(ch.Options)}
	}
	c.Rounds = make([]Round, len(s.Rounds))
	for i := range s.Rounds {
		c.Rounds[i] = s.Rounds[i].clone()
	}
	return &c
}

func (r *Round) clone() Round {
	c := *r
	c.Bids = cloneInts(r.Bids)
	c.Won = cloneInts(r.Won)
	c.Wagers = cloneInts(r.Wagers)
	c.BonusPoints = cloneInts(r.BonusPoints)
	if r.Bonuses != nil {
		c.Bonuses = append([]Bonus{}, r.Bonuses...)
	}
	if r.Cannon != nil {
		c.Cannon = append([]string{}, r.Cannon...)
	}
	if r.Loot != nil {
		c.Loot = make([][]int, len(r.Loot))
		for i, l := range r.Loot {
			c.Loot[i] = cloneInts(l)
		}
	}
	return c
}

func cloneInts(v []int) []int {
	if v == nil {
		return nil
	}
	return append([]int{}, v...)
}

func cloneOptions(o skullking.Options) skullking.Options {
	if o.ScheduleCards != nil {
		o.ScheduleCards = append([]int(nil), o.ScheduleCards...)
	}
	return o
}
