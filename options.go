package skullking

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
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

// Scoring systems (RULES.md §6 and §8).
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

// DefaultOptions are the standard rules of RULES.md.
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
// 8 at eight players (RULES.md §2), else what the deck allows for every hand
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

// Validate checks the options for a table of the given number of players.
func (o *Options) Validate(players int) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrBadOptions}, args...)...)
	}
	if players < 2 || players > 8 {
		return bad("%s: a table has 2 to 8", plural(players, "player"))
	}
	if len(o.ScheduleCards) == 0 {
		if _, ok := SchedulePresets[o.Schedule]; !ok && o.Schedule != "standard" && o.Schedule != "" {
			return bad("unknown schedule %q", o.Schedule)
		}
		if o.Schedule == "standard" || o.Schedule == "" {
			if o.Rounds < 1 || o.Rounds > maxRounds {
				return bad("rounds %d: must be 1 to %d", o.Rounds, maxRounds)
			}
		}
	} else {
		if len(o.ScheduleCards) > maxRounds {
			return bad("schedule of %d rounds: at most %d", len(o.ScheduleCards), maxRounds)
		}
		for i, n := range o.ScheduleCards {
			if n < 1 || n > NumCards {
				return bad("schedule round %d deals %d cards: must be 1 to %d", i+1, n, NumCards)
			}
		}
	}
	if o.ZeroScaling > ZeroFlat {
		return bad("unknown zero scaling %d", o.ZeroScaling)
	}
	if o.Scoring > RascalScoring {
		return bad("unknown scoring %d", o.Scoring)
	}
	if o.CannonLoad && o.Scoring != RascalScoring {
		return bad("cannon loads belong to Rascal's scoring")
	}
	if o.KrakenLead > KrakenLeadLeftOfKraken {
		return bad("unknown kraken lead %d", o.KrakenLead)
	}
	if o.Loot && players == 2 {
		return bad("Loot is never used with 2 players")
	}
	for _, v := range []int{o.PointsPerTrick, o.MissPenalty, o.ZeroPoints, o.BonusFourteen, o.BonusBlackFourteen,
		o.BonusPirateMermaid, o.BonusSkullKingPirate, o.BonusMermaidSkullKing, o.LootBonus} {
		if v < 0 || v > 1000 {
			return bad("point value %d: must be 0 to 1000", v)
		}
	}
	return nil
}

// optionKeys lists the record keys in the order they are written.
var optionKeys = []string{"rounds", "schedule", "points_per_trick", "miss_penalty", "zero_points", "zero_scaling",
	"keep_bonus_on_miss", "bonuses", "bonus_fourteen", "bonus_black_fourteen", "bonus_pirate_mermaid",
	"bonus_skull_king_pirate", "bonus_mermaid_skull_king", "scoring", "cannon_load", "loot", "kraken", "white_whale",
	"pirate_abilities", "loot_bonus", "kraken_lead", "tiebreak"}

// MarshalJSON writes the options as the record's "options" object, with only
// the keys that differ from the standard rules.
func (o Options) MarshalJSON() ([]byte, error) {
	def := DefaultOptions()
	m := map[string]any{}
	if len(o.ScheduleCards) > 0 {
		m["schedule"] = o.ScheduleCards
	} else if o.Schedule != "standard" && o.Schedule != "" {
		m["schedule"] = o.Schedule
	} else if o.Rounds != def.Rounds {
		m["rounds"] = o.Rounds
	}
	ints := map[string][2]int{
		"points_per_trick":         {o.PointsPerTrick, def.PointsPerTrick},
		"miss_penalty":             {o.MissPenalty, def.MissPenalty},
		"zero_points":              {o.ZeroPoints, def.ZeroPoints},
		"bonus_fourteen":           {o.BonusFourteen, def.BonusFourteen},
		"bonus_black_fourteen":     {o.BonusBlackFourteen, def.BonusBlackFourteen},
		"bonus_pirate_mermaid":     {o.BonusPirateMermaid, def.BonusPirateMermaid},
		"bonus_skull_king_pirate":  {o.BonusSkullKingPirate, def.BonusSkullKingPirate},
		"bonus_mermaid_skull_king": {o.BonusMermaidSkullKing, def.BonusMermaidSkullKing},
		"loot_bonus":               {o.LootBonus, def.LootBonus},
	}
	for k, v := range ints {
		if v[0] != v[1] {
			m[k] = v[0]
		}
	}
	bools := map[string][2]bool{
		"keep_bonus_on_miss": {o.KeepBonusOnMiss, def.KeepBonusOnMiss},
		"bonuses":            {o.Bonuses, def.Bonuses},
		"cannon_load":        {o.CannonLoad, def.CannonLoad},
		"loot":               {o.Loot, false},
		"kraken":             {o.Kraken, false},
		"white_whale":        {o.WhiteWhale, false},
		"pirate_abilities":   {o.PirateAbilities, false},
		"tiebreak":           {o.Tiebreak, def.Tiebreak},
	}
	for k, v := range bools {
		if v[0] != v[1] {
			m[k] = v[0]
		}
	}
	if o.ZeroScaling != def.ZeroScaling {
		m["zero_scaling"] = o.ZeroScaling.String()
	}
	if o.Scoring != def.Scoring {
		m["scoring"] = o.Scoring.String()
	}
	if o.KrakenLead == KrakenLeadLeftOfKraken {
		m["kraken_lead"] = "left-of-kraken"
	}
	// Write keys in the documented order so records diff cleanly.
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	for _, k := range optionKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		if !first {
			buf.WriteString(", ")
		}
		first = false
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		buf.Write(kb)
		buf.WriteString(": ")
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads a record's "options" object on top of the standard
// rules. Unknown keys and values of the wrong type are errors.
func (o *Options) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("%w: options must be an object: %v", ErrBadOptions, err)
	}
	out := DefaultOptions()
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := raw[k]
		if err := out.set(k, v); err != nil {
			return fmt.Errorf("%w: option %q: %v", ErrBadOptions, k, err)
		}
	}
	*o = out
	return nil
}

func (o *Options) set(key string, v json.RawMessage) error {
	intField := map[string]*int{
		"points_per_trick":         &o.PointsPerTrick,
		"miss_penalty":             &o.MissPenalty,
		"zero_points":              &o.ZeroPoints,
		"bonus_fourteen":           &o.BonusFourteen,
		"bonus_black_fourteen":     &o.BonusBlackFourteen,
		"bonus_pirate_mermaid":     &o.BonusPirateMermaid,
		"bonus_skull_king_pirate":  &o.BonusSkullKingPirate,
		"bonus_mermaid_skull_king": &o.BonusMermaidSkullKing,
		"loot_bonus":               &o.LootBonus,
		"rounds":                   &o.Rounds,
	}
	boolField := map[string]*bool{
		"keep_bonus_on_miss": &o.KeepBonusOnMiss,
		"bonuses":            &o.Bonuses,
		"cannon_load":        &o.CannonLoad,
		"loot":               &o.Loot,
		"kraken":             &o.Kraken,
		"white_whale":        &o.WhiteWhale,
		"pirate_abilities":   &o.PirateAbilities,
		"tiebreak":           &o.Tiebreak,
	}
	if p, ok := intField[key]; ok {
		return strictInt(v, p)
	}
	if p, ok := boolField[key]; ok {
		if err := json.Unmarshal(v, p); err != nil {
			return fmt.Errorf("want true or false, got %s", v)
		}
		return nil
	}
	var s string
	switch key {
	case "schedule":
		if len(v) > 0 && v[0] == '[' {
			var list []int
			if err := json.Unmarshal(v, &list); err != nil {
				return fmt.Errorf("want a preset name or a list of card counts, got %s", v)
			}
			if len(list) == 0 {
				return errors.New("an explicit schedule needs at least one round")
			}
			o.ScheduleCards = list
			o.Schedule = "custom"
			return nil
		}
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("want a preset name or a list of card counts, got %s", v)
		}
		if _, ok := SchedulePresets[s]; !ok && s != "standard" {
			return fmt.Errorf("unknown schedule %q (presets: standard, %s)", s, strings.Join(presetNames(), ", "))
		}
		o.Schedule = s
		return nil
	case "zero_scaling":
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("want \"cards\", \"round\" or \"flat\", got %s", v)
		}
		for i, n := range zeroScalingNames {
			if n == s {
				o.ZeroScaling = ZeroScaling(i)
				return nil
			}
		}
		return fmt.Errorf("want \"cards\", \"round\" or \"flat\", got %q", s)
	case "scoring":
		if err := json.Unmarshal(v, &s); err != nil || (s != "standard" && s != "rascal") {
			return fmt.Errorf("want \"standard\" or \"rascal\", got %s", v)
		}
		if s == "rascal" {
			o.Scoring = RascalScoring
		} else {
			o.Scoring = StandardScoring
		}
		return nil
	case "kraken_lead":
		if err := json.Unmarshal(v, &s); err != nil || (s != "would-have-won" && s != "left-of-kraken") {
			return fmt.Errorf("want \"would-have-won\" or \"left-of-kraken\", got %s", v)
		}
		if s == "left-of-kraken" {
			o.KrakenLead = KrakenLeadLeftOfKraken
		} else {
			o.KrakenLead = KrakenLeadWouldHaveWon
		}
		return nil
	}
	return errors.New("unknown option")
}

func strictInt(v json.RawMessage, p *int) error {
	var f json.Number
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		return fmt.Errorf("want a whole number, got %s", v)
	}
	n, err := strconv.Atoi(f.String())
	if err != nil {
		return fmt.Errorf("want a whole number, got %s", v)
	}
	*p = n
	return nil
}

func presetNames() []string {
	out := make([]string, 0, len(SchedulePresets))
	for k := range SchedulePresets {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
