package main

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking"
)

// ruleFlags registers a flag for every rule option of docs/record.md on fs, named
// after the record's keys with dashes (--points-per-trick for
// points_per_trick), each defaulting to the standard rule. The returned
// options are filled in as fs parses; validate them for the table with
// Options.Validate. Every command that starts games shares these flags.
func ruleFlags(fs *flag.FlagSet) *skullking.Options {
	o := skullking.DefaultOptions()
	p := &o
	fs.IntVar(&p.Rounds, "rounds", p.Rounds, "rounds of the standard schedule (1..N cards)")
	fs.Var(scheduleFlag{p}, "schedule", "cards per round: standard, "+strings.Join(presetNames(), ", ")+
		", or a list such as 2,4,6")
	fs.IntVar(&p.PointsPerTrick, "points-per-trick", p.PointsPerTrick, "points per trick of a made bid of 1 or more")
	fs.IntVar(&p.MissPenalty, "miss-penalty", p.MissPenalty, "points lost per trick off on a missed bid of 1 or more")
	fs.IntVar(&p.ZeroPoints, "zero-points", p.ZeroPoints, "points of a zero bid, times the zero scaling")
	fs.Var(choiceFlag{names: []string{"cards", "round", "flat"}, set: func(i int) { p.ZeroScaling = skullking.ZeroScaling(i) },
		get: func() int { return int(p.ZeroScaling) }}, "zero-scaling",
		"what a zero bid's points are multiplied by: cards (dealt), round (number) or flat")
	fs.BoolVar(&p.KeepBonusOnMiss, "keep-bonus-on-miss", p.KeepBonusOnMiss, "house rule: bonuses count on a missed bid too")
	fs.BoolVar(&p.Bonuses, "bonuses", p.Bonuses, "bonus points (--bonuses=false: bids alone score)")
	fs.IntVar(&p.BonusFourteen, "bonus-fourteen", p.BonusFourteen, "bonus per green, yellow or purple 14 captured")
	fs.IntVar(&p.BonusBlackFourteen, "bonus-black-fourteen", p.BonusBlackFourteen, "bonus for the black 14 captured")
	fs.IntVar(&p.BonusPirateMermaid, "bonus-pirate-mermaid", p.BonusPirateMermaid, "bonus per Mermaid captured by a Pirate")
	fs.IntVar(&p.BonusSkullKingPirate, "bonus-skull-king-pirate", p.BonusSkullKingPirate,
		"bonus per Pirate captured by the Skull King")
	fs.IntVar(&p.BonusMermaidSkullKing, "bonus-mermaid-skull-king", p.BonusMermaidSkullKing,
		"bonus for the Skull King captured by a Mermaid")
	fs.Var(choiceFlag{names: []string{"standard", "rascal"}, set: func(i int) { p.Scoring = skullking.Scoring(i) },
		get: func() int { return int(p.Scoring) }}, "scoring", "scoring system: standard or rascal (Rascal's scoring)")
	fs.BoolVar(&p.CannonLoad, "cannon-load", p.CannonLoad, "Rascal's scoring: choose grapeshot or cannonball after bidding")
	fs.BoolVar(&p.Loot, "loot", p.Loot, "the Loot module (3 or more players)")
	fs.BoolVar(&p.Kraken, "kraken", p.Kraken, "the Kraken module")
	fs.BoolVar(&p.WhiteWhale, "white-whale", p.WhiteWhale, "the White Whale module")
	fs.BoolVar(&p.PirateAbilities, "pirate-abilities", p.PirateAbilities, "the named Pirates' abilities")
	fs.IntVar(&p.LootBonus, "loot-bonus", p.LootBonus, "each ally's reward for a Loot alliance")
	fs.Var(choiceFlag{names: []string{"would-have-won", "left-of-kraken"},
		set: func(i int) { p.KrakenLead = skullking.KrakenLead(i) }, get: func() int { return int(p.KrakenLead) }},
		"kraken-lead", "who leads after the Kraken: would-have-won, or left-of-kraken (2021 first print)")
	fs.BoolVar(&p.Tiebreak, "tiebreak", p.Tiebreak, "play extra rounds while first place is tied (--tiebreak=false: shared victory)")
	return p
}

func presetNames() []string {
	var out []string
	for k := range skullking.SchedulePresets {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// scheduleFlag reads --schedule: a preset name or a list of card counts.
type scheduleFlag struct{ o *skullking.Options }

func (f scheduleFlag) String() string {
	if f.o == nil {
		return "standard"
	}
	if len(f.o.ScheduleCards) > 0 {
		parts := make([]string, len(f.o.ScheduleCards))
		for i, n := range f.o.ScheduleCards {
			parts[i] = strconv.Itoa(n)
		}
		return strings.Join(parts, ",")
	}
	return f.o.Schedule
}

func (f scheduleFlag) Set(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	if _, ok := skullking.SchedulePresets[s]; ok || s == "standard" {
		f.o.Schedule, f.o.ScheduleCards = s, nil
		return nil
	}
	var cards []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 {
			return fmt.Errorf("want standard, a preset (%s) or a list of card counts such as 2,4,6",
				strings.Join(presetNames(), ", "))
		}
		cards = append(cards, n)
	}
	f.o.Schedule, f.o.ScheduleCards = "custom", cards
	return nil
}

// choiceFlag reads one of a few names into an enum.
type choiceFlag struct {
	names []string
	set   func(int)
	get   func() int
}

func (f choiceFlag) String() string {
	if f.get == nil {
		return ""
	}
	if i := f.get(); i >= 0 && i < len(f.names) {
		return f.names[i]
	}
	return ""
}

func (f choiceFlag) Set(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range f.names {
		if n == s {
			f.set(i)
			return nil
		}
	}
	return fmt.Errorf("want %s", strings.Join(f.names, " or "))
}
