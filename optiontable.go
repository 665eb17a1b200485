package skullking

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// OptionGroup says under which heading a form lists an option.
type OptionGroup string

// Option groups: the rules a table chooses, house rules (point values and
// variants found on other sheets), the optional modules, and the pace of an
// online table (settings of the table, not of the game: see the table
// package).
const (
	GroupRules   OptionGroup = "rules"
	GroupHouse   OptionGroup = "house"
	GroupModules OptionGroup = "modules"
	GroupPace    OptionGroup = "pace"
)

// OptionType is the kind of value an option takes.
type OptionType string

// Option types. A schedule is one of its choices (a preset) or an explicit
// list of card counts.
const (
	OptionInt      OptionType = "int"
	OptionBool     OptionType = "bool"
	OptionChoice   OptionType = "choice"
	OptionSchedule OptionType = "schedule"
)

// Unit is what an int option's number counts, so that a client can word a
// value ("20 points", "10 rounds") from the option table rather than from a
// guess; a check of a client finds the point values of the rules by it. A
// switch or a choice counts nothing: its unit is UnitNone.
type Unit string

// Units. Adding one means naming it in docs/protocol.md (the option list's
// field table), where a test looks for every unit of Units.
const (
	UnitNone    Unit = ""
	UnitPoints  Unit = "points"  // points scored or lost
	UnitCards   Unit = "cards"   // cards, as dealt to a hand
	UnitRounds  Unit = "rounds"  // rounds of a game
	UnitTricks  Unit = "tricks"  // tricks won or bid
	UnitSeconds Unit = "seconds" // time, as a table's turn timer
	UnitPlayers Unit = "players" // seats at a table
)

// Units lists every unit but UnitNone.
func Units() []Unit {
	return []Unit{UnitPoints, UnitCards, UnitRounds, UnitTricks, UnitSeconds, UnitPlayers}
}

// Choice is one value of a choice option; a player reads it as the
// catalogue's option.<key>.<value> (locale).
type Choice struct {
	Value string
	// Cards is, for a schedule preset, the cards it deals each round before
	// a large table's cap (the standard schedule: for the default rounds).
	Cards []int
}

// OptionNeed says that an option matters only while another one has a
// value: the rounds only under the standard schedule, the cannon load only
// under Rascal's scoring, the Loot reward only with the Loot.
type OptionNeed struct {
	Key   string
	Value any // bool or string
}

// OptionSpec is one rule of Options: everything the record codec, the
// command-line flags, the forms, the rules page and the validation need to
// know of it. OptionSpecs lists them all; adding a rule is one entry there
// and the rule's code.
type OptionSpec struct {
	Key   string // the record's key: "points_per_trick"
	Type  OptionType
	Group OptionGroup
	// Label is the option's English name in the engine's own messages
	// (protocol.RulesProblem's); a player reads the catalogue's
	// option.<key> and, for what it does, option.<key>.help (locale).
	Label string
	// Min, Max and Step bound an OptionInt.
	Min, Max, Step int
	// Unit is what an OptionInt counts; UnitNone for the other types.
	Unit Unit
	// Choices are the values of an OptionChoice or the presets of an
	// OptionSchedule.
	Choices []Choice
	Needs   *OptionNeed

	get func(o *Options) any
	set func(o *Options, v any) error
	// omit, when set, keeps the option out of a record although it differs
	// from the standard rule (the rounds of a game on another schedule).
	omit func(o *Options) bool
	// field is an OptionInt's field of Options, which a test sets out of
	// range behind Set's back to see Validate refuse it.
	field func(o *Options) *int
}

// Default is the standard rule's value: an int, a bool, a string, or for a
// schedule its name.
func (s *OptionSpec) Default() any {
	d := DefaultOptions()
	return s.get(&d)
}

// Get returns the option's value in o: an int, a bool, a string, or for a
// schedule its name or its list of card counts ([]int).
func (s *OptionSpec) Get(o *Options) any { return s.get(o) }

// Set sets the option in o from a value of its type (an int, a bool, a
// string, or for a schedule a name or []int). A value of the wrong type or
// out of range is an error and changes nothing.
func (s *OptionSpec) Set(o *Options, v any) error { return s.set(o, v) }

// Text writes the option's value in o as a flag or a form writes it.
func (s *OptionSpec) Text(o *Options) string {
	switch v := s.get(o).(type) {
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	case []int:
		parts := make([]string, len(v))
		for i, n := range v {
			parts[i] = strconv.Itoa(n)
		}
		return strings.Join(parts, ",")
	case string:
		return v
	}
	return ""
}

// SetText sets the option in o from text, as a flag or a form gives it:
// "20", "true", "rascal", "2,4,6" for a schedule.
func (s *OptionSpec) SetText(o *Options, text string) error {
	text = strings.TrimSpace(text)
	switch s.Type {
	case OptionInt:
		n, err := strconv.Atoi(text)
		if err != nil {
			return fmt.Errorf("want a whole number from %d to %d, got %q", s.Min, s.Max, text)
		}
		return s.set(o, n)
	case OptionBool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", text)
		}
		return s.set(o, b)
	case OptionSchedule:
		text = strings.ToLower(text)
		if s.choice(text) {
			return s.set(o, text)
		}
		var cards []int
		for _, part := range strings.Split(text, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil {
				return fmt.Errorf("want %s, or a list of card counts such as 2,4,6", s.choicesText())
			}
			cards = append(cards, n)
		}
		return s.set(o, cards)
	}
	return s.set(o, strings.ToLower(text))
}

// choice reports whether v is one of the option's choices.
func (s *OptionSpec) choice(v string) bool {
	for _, c := range s.Choices {
		if c.Value == v {
			return true
		}
	}
	return false
}

func (s *OptionSpec) choicesText() string {
	names := make([]string, len(s.Choices))
	for i, c := range s.Choices {
		names[i] = strconv.Quote(c.Value)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// decode sets the option from its JSON value in a record.
func (s *OptionSpec) decode(o *Options, raw json.RawMessage) error {
	switch s.Type {
	case OptionInt:
		var n int
		if err := strictInt(raw, &n); err != nil {
			return err
		}
		return s.set(o, n)
	case OptionBool:
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return fmt.Errorf("want true or false, got %s", raw)
		}
		return s.set(o, b)
	case OptionSchedule:
		if len(raw) > 0 && raw[0] == '[' {
			var list []int
			if err := json.Unmarshal(raw, &list); err != nil {
				return fmt.Errorf("want a preset name or a list of card counts, got %s", raw)
			}
			return s.set(o, list)
		}
	}
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		if s.Type == OptionSchedule {
			return fmt.Errorf("want a preset name or a list of card counts, got %s", raw)
		}
		return fmt.Errorf("want %s, got %s", s.choicesText(), raw)
	}
	return s.set(o, text)
}

// OptionSpecs lists every rule option in the order records write them and
// forms show them. The slice is shared: do not modify it.
func OptionSpecs() []OptionSpec { return optionSpecs }

// OptionSpecOf returns the option with the record key key.
func OptionSpecOf(key string) (*OptionSpec, bool) {
	for i := range optionSpecs {
		if optionSpecs[i].Key == key {
			return &optionSpecs[i], true
		}
	}
	return nil, false
}

// maxPoints bounds every point value: far above any sheet, low enough that
// no total can overflow.
const maxPoints = 1000

var optionSpecs = []OptionSpec{
	scheduleOption(),
	IntOption("rounds", GroupRules, UnitRounds, "Rounds", 1, maxRounds, 1, func(o *Options) *int { return &o.Rounds }).
		needs("schedule", "standard").omitWhen(func(o *Options) bool { return o.Schedule != "standard" && o.Schedule != "" || len(o.ScheduleCards) > 0 }),
	enumOption("scoring", GroupRules, "Scoring", []Choice{{Value: "standard"}, {Value: "rascal"}},
		func(o *Options) *Scoring { return &o.Scoring }),
	BoolOption("cannon_load", GroupRules, "Cannon loads",
		func(o *Options) *bool { return &o.CannonLoad }).needs("scoring", "rascal"),
	BoolOption("loot", GroupModules, "Loot", func(o *Options) *bool { return &o.Loot }),
	BoolOption("kraken", GroupModules, "Kraken", func(o *Options) *bool { return &o.Kraken }),
	BoolOption("white_whale", GroupModules, "White Whale", func(o *Options) *bool { return &o.WhiteWhale }),
	BoolOption("pirate_abilities", GroupModules, "Pirate abilities",
		func(o *Options) *bool { return &o.PirateAbilities }),
	pointsOption("points_per_trick", "Points per trick bid", func(o *Options) *int { return &o.PointsPerTrick }),
	pointsOption("miss_penalty", "Penalty per trick off", func(o *Options) *int { return &o.MissPenalty }),
	pointsOption("zero_points", "Zero bid value", func(o *Options) *int { return &o.ZeroPoints }),
	enumOption("zero_scaling", GroupHouse, "Zero bid scaling",
		[]Choice{{Value: "cards"}, {Value: "round"}, {Value: "flat"}},
		func(o *Options) *ZeroScaling { return &o.ZeroScaling }),
	BoolOption("bonuses", GroupHouse, "Bonus points", func(o *Options) *bool { return &o.Bonuses }),
	BoolOption("keep_bonus_on_miss", GroupHouse, "Bonuses on a missed bid",
		func(o *Options) *bool { return &o.KeepBonusOnMiss }).needs("bonuses", true),
	pointsOption("bonus_fourteen", "Colour 14 captured",
		func(o *Options) *int { return &o.BonusFourteen }).needs("bonuses", true),
	pointsOption("bonus_black_fourteen", "Black 14 captured",
		func(o *Options) *int { return &o.BonusBlackFourteen }).needs("bonuses", true),
	pointsOption("bonus_pirate_mermaid", "Mermaid taken by a Pirate",
		func(o *Options) *int { return &o.BonusPirateMermaid }).needs("bonuses", true),
	pointsOption("bonus_skull_king_pirate", "Pirate taken by the Skull King",
		func(o *Options) *int { return &o.BonusSkullKingPirate }).needs("bonuses", true),
	pointsOption("bonus_mermaid_skull_king", "Skull King taken by a Mermaid",
		func(o *Options) *int { return &o.BonusMermaidSkullKing }).needs("bonuses", true),
	pointsOption("loot_bonus", "Loot reward", func(o *Options) *int { return &o.LootBonus }).needs("loot", true),
	enumOption("kraken_lead", GroupHouse, "After the Kraken",
		[]Choice{{Value: "would-have-won"}, {Value: "left-of-kraken"}},
		func(o *Options) *KrakenLead { return &o.KrakenLead }).needs("kraken", true),
	BoolOption("tiebreak", GroupHouse, "Tiebreak rounds", func(o *Options) *bool { return &o.Tiebreak }),
}

func (s OptionSpec) needs(key string, v any) OptionSpec {
	s.Needs = &OptionNeed{Key: key, Value: v}
	return s
}

func (s OptionSpec) omitWhen(f func(o *Options) bool) OptionSpec {
	s.omit = f
	return s
}

// pointsOption is a house rule's point value: 0 to maxPoints, in fives.
func pointsOption(key, label string, field func(o *Options) *int) OptionSpec {
	return IntOption(key, GroupHouse, UnitPoints, label, 0, maxPoints, 5, field)
}

// IntOption is the entry of an OptionInt: a whole number of unit from lo to
// hi, which a form offers in steps of step, kept in the field of Options
// that field returns. The table's entries are made with it, and so can a
// test's rule that the table does not have, to show that a check reads the
// table rather than a list of its own.
func IntOption(key string, group OptionGroup, unit Unit, label string, lo, hi, step int, field func(o *Options) *int) OptionSpec {
	return OptionSpec{Key: key, Type: OptionInt, Group: group, Label: label, Min: lo, Max: hi, Step: step, Unit: unit,
		field: field,
		get:   func(o *Options) any { return *field(o) },
		set: func(o *Options, v any) error {
			n, ok := v.(int)
			if !ok {
				return fmt.Errorf("want a whole number, got %v", v)
			}
			if n < lo || n > hi {
				return fmt.Errorf("%d: must be %d to %d", n, lo, hi)
			}
			*field(o) = n
			return nil
		}}
}

// BoolOption is the entry of an OptionBool, a switch kept in the field of
// Options that field returns (see IntOption).
func BoolOption(key string, group OptionGroup, label string, field func(o *Options) *bool) OptionSpec {
	return OptionSpec{Key: key, Type: OptionBool, Group: group, Label: label,
		get: func(o *Options) any { return *field(o) },
		set: func(o *Options, v any) error {
			b, ok := v.(bool)
			if !ok {
				return fmt.Errorf("want true or false, got %v", v)
			}
			*field(o) = b
			return nil
		}}
}

// enumOption is a choice stored as a small enum: its value is the index of
// its choice.
func enumOption[E ~uint8](key string, group OptionGroup, label string, choices []Choice, field func(o *Options) *E) OptionSpec {
	s := OptionSpec{Key: key, Type: OptionChoice, Group: group, Label: label, Choices: choices}
	s.get = func(o *Options) any {
		if i := int(*field(o)); i < len(choices) {
			return choices[i].Value
		}
		return ""
	}
	s.set = func(o *Options, v any) error {
		text, _ := v.(string)
		for i, c := range choices {
			if c.Value == text {
				*field(o) = E(i)
				return nil
			}
		}
		return fmt.Errorf("want %s, got %q", s.choicesText(), fmt.Sprint(v))
	}
	return s
}

// scheduleOption is the schedule: a preset by name, or a list of card counts.
func scheduleOption() OptionSpec {
	s := OptionSpec{Key: "schedule", Type: OptionSchedule, Group: GroupRules, Label: "Schedule",
		Choices: []Choice{
			{Value: "standard"},
			{Value: "even-keeled"},
			{Value: "skip-to-the-brawl"},
			{Value: "swift-n-salty"},
			{Value: "broadside"},
			{Value: "whirlpool"},
			{Value: "bedtime"},
		}}
	for i := range s.Choices {
		c := &s.Choices[i]
		if c.Value == "standard" {
			d := DefaultOptions()
			c.Cards = d.ScheduledCards()
		} else {
			c.Cards = SchedulePresets[c.Value]
		}
	}
	s.get = func(o *Options) any {
		if len(o.ScheduleCards) > 0 {
			return append([]int(nil), o.ScheduleCards...)
		}
		if o.Schedule == "" {
			return "standard"
		}
		return o.Schedule
	}
	s.set = func(o *Options, v any) error {
		switch v := v.(type) {
		case string:
			if !s.choice(v) {
				return fmt.Errorf("unknown schedule %q (presets: %s)", v, s.choicesText())
			}
			o.Schedule, o.ScheduleCards = v, nil
			return nil
		case []int:
			if len(v) == 0 {
				return errors.New("an explicit schedule needs at least one round")
			}
			if len(v) > maxRounds {
				return fmt.Errorf("a schedule of %d rounds: at most %d", len(v), maxRounds)
			}
			for i, n := range v {
				if n < 1 || n > NumCards {
					return fmt.Errorf("round %d deals %d cards: must be 1 to %d", i+1, n, NumCards)
				}
			}
			o.Schedule, o.ScheduleCards = "custom", append([]int(nil), v...)
			return nil
		}
		return fmt.Errorf("want a preset name or a list of card counts, got %v", v)
	}
	return s
}

// MarshalJSON writes the options as the record's "options" object: the keys
// that differ from the standard rules, in the table's order, so that records
// diff cleanly.
func (o Options) MarshalJSON() ([]byte, error) {
	def := DefaultOptions()
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i := range optionSpecs {
		s := &optionSpecs[i]
		v := s.get(&o)
		if optionEqual(v, s.get(&def)) || (s.omit != nil && s.omit(&o)) {
			continue
		}
		if buf.Len() > 1 {
			buf.WriteString(", ")
		}
		kb, _ := json.Marshal(s.Key)
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

// optionEqual compares two option values.
func optionEqual(a, b any) bool {
	la, aList := a.([]int)
	lb, bList := b.([]int)
	if aList || bList {
		if aList != bList || len(la) != len(lb) {
			return false
		}
		for i := range la {
			if la[i] != lb[i] {
				return false
			}
		}
		return true
	}
	return a == b
}

// UnmarshalJSON reads a record's "options" object on top of the standard
// rules. Unknown keys and values of the wrong type or out of range are
// errors.
func (o *Options) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("%w: options must be an object: %v", ErrBadOptions, err)
	}
	out := DefaultOptions()
	for i := range optionSpecs {
		s := &optionSpecs[i]
		v, ok := raw[s.Key]
		if !ok {
			continue
		}
		delete(raw, s.Key)
		if err := s.decode(&out, v); err != nil {
			return &OptionError{Key: s.Key, Detail: err.Error(), quoted: true}
		}
	}
	if len(raw) > 0 {
		keys := make([]string, 0, len(raw))
		for k := range raw {
			keys = append(keys, k)
		}
		sortStrings(keys)
		return &OptionError{Key: keys[0], Detail: "unknown option", quoted: true}
	}
	*o = out
	return nil
}

func strictInt(v json.RawMessage, p *int) error {
	if t := bytes.TrimSpace(v); len(t) > 0 && t[0] == '"' {
		return fmt.Errorf("want a whole number, got %s", v) // json.Number would take a quoted number
	}
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
