package skullking

import (
	"errors"
	"sort"
	"strconv"
)

// ZeroScaling says what a zero bid's points are multiplied by.
type ZeroScaling uint8

// Zero-bid scalings. ZeroByCards is the rule; the others are house rules
// found on old score sheets and other tools.
const (
	ZeroByCards ZeroScaling = iota // cards dealt this round (the rule)
	ZeroByRound                    // the round number
	ZeroFlat                       // ×1
)

var zeroScalingNames = [...]string{"cards", "round", "flat"}

func (z ZeroScaling) String() string {
	if int(z) < len(zeroScalingNames) {
		return zeroScalingNames[z]
	}
	return "ZeroScaling(" + strconv.Itoa(int(z)) + ")"
}

// Scoring is the scoring system of a game.
type Scoring uint8

// Scoring systems (docs/rules.md §6 and §8).
const (
	StandardScoring Scoring = iota
	RascalScoring
)

func (s Scoring) String() string {
	if s == RascalScoring {
		return "rascal"
	}
	return "standard"
}

// KrakenLead says who leads after the Kraken destroys a trick.
type KrakenLead uint8

// Kraken leads: the publisher's FAQ (default) or the 2021 first print.
const (
	KrakenLeadWouldHaveWon KrakenLead = iota
	KrakenLeadLeftOfKraken
)

// Options are the rules of one game. The zero value is not valid: start from
// DefaultOptions (NewGame does) and change what differs.
type Options struct {
	// Rounds is the length of a standard-schedule game (1..Rounds cards).
	Rounds int
	// Schedule names a preset (see SchedulePresets) or, when ScheduleCards is
	// set, is "custom".
	Schedule string
	// ScheduleCards is an explicit list of cards per round.
	ScheduleCards []int

	PointsPerTrick  int
	MissPenalty     int
	ZeroPoints      int
	ZeroScaling     ZeroScaling
	KeepBonusOnMiss bool
	Bonuses         bool

	BonusFourteen         int
	BonusBlackFourteen    int
	BonusPirateMermaid    int
	BonusSkullKingPirate  int
	BonusMermaidSkullKing int

	Scoring Scoring
	// CannonLoad adds the secret Grapeshot/Cannonball choice to Rascal's scoring.
	CannonLoad bool

	Loot            bool
	Kraken          bool
	WhiteWhale      bool
	PirateAbilities bool
	LootBonus       int
	KrakenLead      KrakenLead

	// Tiebreak plays extra rounds while the top total is tied; false declares
	// a shared victory.
	Tiebreak bool
}

// DefaultOptions are the standard rules of docs/rules.md.
func DefaultOptions() Options {
	return Options{
		Rounds:                10,
		Schedule:              "standard",
		PointsPerTrick:        20,
		MissPenalty:           10,
		ZeroPoints:            10,
		ZeroScaling:           ZeroByCards,
		Bonuses:               true,
		BonusFourteen:         10,
		BonusBlackFourteen:    20,
		BonusPirateMermaid:    20,
		BonusSkullKingPirate:  30,
		BonusMermaidSkullKing: 40,
		LootBonus:             20,
		Tiebreak:              true,
	}
}

// SchedulePresets maps each named schedule to its cards per round (before the
// cap of a large table). "standard" depends on Rounds and is not listed.
var SchedulePresets = map[string][]int{
	"even-keeled":       {2, 4, 6, 8, 10, 2, 4, 6, 8, 10},
	"skip-to-the-brawl": {6, 7, 8, 9, 10},
	"swift-n-salty":     {5, 5, 5, 5, 5},
	"broadside":         {10, 10, 10, 10, 10, 10, 10, 10, 10, 10},
	"whirlpool":         {9, 7, 5, 3, 1, 9, 7, 5, 3, 1},
	"bedtime":           {1},
}

// maxRounds bounds every schedule: long enough for any table, short enough
// that a hostile record cannot ask for a billion rounds.
const maxRounds = 100

// ScheduledCards returns the cards each scheduled round asks for, before the
// cap of the table (see CardsPerHand).
func (o *Options) ScheduledCards() []int { return o.appendSchedule(nil) }

// appendSchedule appends the scheduled cards per round to buf.
func (o *Options) appendSchedule(buf []int) []int {
	if len(o.ScheduleCards) > 0 {
		return append(buf, o.ScheduleCards...)
	}
	if p, ok := SchedulePresets[o.Schedule]; ok {
		return append(buf, p...)
	}
	for i := 1; i <= o.Rounds; i++ {
		buf = append(buf, i)
	}
	return buf
}

// Deck is the set of cards in use with these options (70 to 74).
func (o Options) Deck() CardSet {
	d := CardSet{}
	for c := Card(0); c < Loot1; c++ {
		d = d.With(c)
	}
	if o.Loot {
		d = d.With(Loot1).With(Loot2)
	}
	if o.Kraken {
		d = d.With(Kraken)
	}
	if o.WhiteWhale {
		d = d.With(WhiteWhale)
	}
	return d
}

// MaxHand is the most cards one hand may hold at a table of n players:
// 8 at eight players (docs/rules.md §2), else what the deck allows for every hand
// (Graybeard's included).
func (o *Options) MaxHand(players int) int {
	if players >= 8 {
		return 8
	}
	hands := players
	if players == 2 {
		hands = 3
	}
	return o.Deck().Len() / hands
}

// CardsPerHand is the cards dealt to each hand in a round that asks for
// scheduled cards, capped for the table.
func (o *Options) CardsPerHand(scheduled, players int) int {
	return min(scheduled, o.MaxHand(players))
}

// ErrBadOptions is wrapped by every options error.
var ErrBadOptions = errors.New("skullking: bad options")

// OptionError is a refused option: its record key and why, so that a form
// can say which of its fields is wrong, under the field's label. It wraps
// ErrBadOptions.
type OptionError struct {
	Key    string // the option's key ("" when the error is about no one option)
	Detail string // why, a sentence fragment: "0: must be 1 to 100"
	// Alone says Detail names the option itself and reads on its own:
	// "Loot is never used with 2 players".
	Alone bool
	// quoted writes the key as a record's reader reports it: option "rounds".
	quoted bool
}

func (e *OptionError) Error() string {
	switch {
	case e.Key == "" || e.Alone:
		return ErrBadOptions.Error() + ": " + e.Detail
	case e.quoted:
		return ErrBadOptions.Error() + ": option " + strconv.Quote(e.Key) + ": " + e.Detail
	}
	return ErrBadOptions.Error() + ": " + e.Key + " " + e.Detail
}

// Unwrap makes every OptionError an ErrBadOptions.
func (e *OptionError) Unwrap() error { return ErrBadOptions }

// MinPlayers and MaxPlayers bound a table: two players (with Graybeard,
// the ghost) to eight.
const (
	MinPlayers = 2
	MaxPlayers = 8
)

// Validate checks the options for a table of the given number of players.
func (o *Options) Validate(players int) error {
	if players < MinPlayers || players > MaxPlayers {
		return &OptionError{Detail: plural(players, "player") + ": a table has 2 to 8"}
	}
	for i := range optionSpecs {
		spec := &optionSpecs[i]
		// Every value must be one the option could have been set to.
		probe := DefaultOptions()
		if err := spec.set(&probe, spec.get(o)); err != nil {
			if spec.omit != nil && spec.omit(o) {
				continue // not in force (the rounds of another schedule)
			}
			return &OptionError{Key: spec.Key, Detail: err.Error()}
		}
	}
	if o.CannonLoad && o.Scoring != RascalScoring {
		return &OptionError{Key: "cannon_load", Detail: "cannon loads belong to Rascal's scoring", Alone: true}
	}
	if o.Loot && players == 2 {
		return &OptionError{Key: "loot", Detail: "Loot is never used with 2 players", Alone: true}
	}
	return nil
}

func sortStrings(s []string) { sort.Strings(s) }
