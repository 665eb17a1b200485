// Package sheettest is the contract every scorekeeper.SheetStore keeps,
// as tests to run against each: the memory store in package scorekeeper,
// the SQL ones in package sqlstore.
package sheettest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	sk "github.com/skullking-go/skullking/internal/scorekeeper"
)

// Run runs the contract against the stores open makes, one new store a
// test.
func Run(t *testing.T, open func(t *testing.T) sk.SheetStore) {
	t.Run("contract", func(t *testing.T) { contract(t, open(t)) })
	t.Run("racing updates", func(t *testing.T) { racing(t, open(t)) })
}

// Sheet is a sheet with tokens, a book and a round with every kind of
// entry, as the score keeper's handler would store it.
func Sheet(t *testing.T, book string, at time.Time) *sk.Sheet {
	t.Helper()
	o := skullking.DefaultOptions()
	o.Loot, o.PirateAbilities = true, true
	s := &sk.Sheet{Players: []string{"Ann", "Ben", "Cat"}, Options: o}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	s = round(t, s, sk.Round{Bids: []int{1, 0, 0}, Won: []int{1, 0, 0}, Loot: [][]int{{1, 0}}, Wagers: []int{10, 0, 0},
		Bonuses: []sk.Bonus{{Seat: 0, Kind: sk.Fourteen, Suit: "black"}}})
	s, _, err := s.WithRules(skullking.DefaultOptions(), sk.ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	s.ID, s.Follow, s.Book, s.Version, s.Created, s.Updated = sk.NewToken(), sk.NewToken(), book, 1, at, at
	s.Title = "Friday"
	s.Game = sk.NewToken()
	return s
}

func round(t *testing.T, s *sk.Sheet, r sk.Round) *sk.Sheet {
	t.Helper()
	next, _ := Add(t, s, r)
	return next
}

func contract(t *testing.T, st sk.SheetStore) {
	ctx := context.Background()
	at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	book := sk.NewToken()
	s := Sheet(t, book, at)
	if err := st.Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, s); !errors.Is(err, sk.ErrExists) {
		t.Fatalf("second create: %v, want ErrExists", err)
	}
	got, err := st.Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	Same(t, got, s)
	byFollow, err := st.GetByFollow(ctx, s.Follow)
	if err != nil {
		t.Fatal(err)
	}
	Same(t, byFollow, s)
	if _, err := st.Get(ctx, s.Follow); !errors.Is(err, sk.ErrNotFound) {
		t.Fatalf("the follow token opened the sheet for editing: %v", err)
	}
	if _, err := st.Get(ctx, sk.NewToken()); !errors.Is(err, sk.ErrNotFound) {
		t.Fatalf("missing sheet: %v", err)
	}

	// A stored copy is not the caller's.
	got.Rounds[0].Bids[0] = 9
	again, _ := st.Get(ctx, s.ID)
	if again.Rounds[0].Bids[0] != 1 {
		t.Fatal("changing a returned sheet changed the stored one")
	}

	next := round(t, s, sk.Round{Bids: []int{1, 1, 0}, Won: []int{1, 1, 0}})
	next.Version, next.Updated = 2, at.Add(time.Minute)
	if err := st.Update(ctx, next, 1); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(ctx, next, 1); !errors.Is(err, sk.ErrConflict) {
		t.Fatalf("stale update: %v, want ErrConflict", err)
	}
	got, _ = st.Get(ctx, s.ID)
	Same(t, got, next)

	other := Sheet(t, book, at.Add(time.Hour))
	elsewhere := Sheet(t, sk.NewToken(), at)
	for _, x := range []*sk.Sheet{other, elsewhere} {
		if err := st.Create(ctx, x); err != nil {
			t.Fatal(err)
		}
	}
	list, err := st.ListBook(ctx, book)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != other.ID || list[1].ID != s.ID {
		t.Fatalf("book lists %d sheets, want the 2 of the book, newest first", len(list))
	}
	if list, _ := st.ListBook(ctx, ""); len(list) != 0 {
		t.Fatal("the empty book lists sheets")
	}

	if err := st.Delete(ctx, s.ID, 1); !errors.Is(err, sk.ErrConflict) {
		t.Fatalf("stale delete: %v", err)
	}
	if err := st.Delete(ctx, s.ID, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := st.GetByFollow(ctx, s.Follow); !errors.Is(err, sk.ErrNotFound) {
		t.Fatalf("deleted sheet still found: %v", err)
	}
	if err := st.Update(ctx, next, 2); !errors.Is(err, sk.ErrNotFound) {
		t.Fatalf("update of a deleted sheet: %v", err)
	}
	if err := st.Delete(ctx, s.ID, 2); !errors.Is(err, sk.ErrNotFound) {
		t.Fatalf("delete of a deleted sheet: %v", err)
	}
}

// racing: of many edits made on one version, exactly one wins.
func racing(t *testing.T, st sk.SheetStore) {
	ctx := context.Background()
	s := Sheet(t, "", time.Now().UTC().Truncate(time.Millisecond))
	if err := st.Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 8 {
		wg.Go(func() {
			next := s.Clone()
			next.Version = 2
			err := st.Update(ctx, next, 1)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				wins++
			} else if !errors.Is(err, sk.ErrConflict) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d updates won, want 1", wins)
	}
}

// Same fails unless a and b are the same sheet.
func Same(t *testing.T, a, b *sk.Sheet) {
	t.Helper()
	oa, _ := json.Marshal(a.Options)
	ob, _ := json.Marshal(b.Options)
	if a.ID != b.ID || a.Follow != b.Follow || a.Book != b.Book || a.Game != b.Game || a.Version != b.Version || a.Title != b.Title ||
		!a.Created.Equal(b.Created) || !a.Updated.Equal(b.Updated) || !slices.Equal(a.Players, b.Players) ||
		string(oa) != string(ob) || len(a.Changes) != len(b.Changes) || len(a.Rounds) != len(b.Rounds) {
		t.Fatalf("got %+v\nwant %+v", a, b)
	}
	ra, _ := a.Record()
	rb, _ := b.Record()
	ja, _ := ra.Marshal()
	jb, _ := rb.Marshal()
	if string(ja) != string(jb) {
		t.Fatalf("got\n%s\nwant\n%s", ja, jb)
	}
	for i := range a.Rounds {
		if !slices.Equal(a.Rounds[i].Bonuses, b.Rounds[i].Bonuses) {
			t.Fatalf("round %d bonuses %v, want %v", i+1, a.Rounds[i].Bonuses, b.Rounds[i].Bonuses)
		}
	}
}

// New is a sheet of players under rules o (nil: the standard rules),
// checked. New, Add, Rnd and Opts are the helpers of the tests outside
// package scorekeeper; its own tests, which cannot import this package,
// keep theirs (newSheet, add, rnd, opts in sheet_test.go).
func New(t testing.TB, o *skullking.Options, players ...string) *sk.Sheet {
	t.Helper()
	s := &sk.Sheet{Players: players, Options: skullking.DefaultOptions()}
	if o != nil {
		s.Options = *o
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// Add enters a round and fails the test if it is refused.
func Add(t testing.TB, s *sk.Sheet, r sk.Round) (*sk.Sheet, *sk.Score) {
	t.Helper()
	next, sc, err := s.WithRound(r)
	if err != nil {
		t.Fatalf("round %d refused: %v", len(s.Rounds)+1, err)
	}
	return next, sc
}

// Rnd is a round of bids, tricks won and bonus events.
func Rnd(bids, won []int, bonuses ...sk.Bonus) sk.Round {
	return sk.Round{Bids: bids, Won: won, Bonuses: bonuses}
}

// Opts is the standard rules changed by f.
func Opts(f func(*skullking.Options)) *skullking.Options {
	o := skullking.DefaultOptions()
	f(&o)
	return &o
}

// Refusal is an impossible round and what its refusal must say.
type Refusal struct {
	Name  string
	Round sk.Round
	Want  string
}

// RefusalBase is the sheet the refusals are entered on: Ann, Ben and Cat
// under the standard rules, at round 3 (3 cards).
func RefusalBase(t *testing.T) *sk.Sheet {
	t.Helper()
	base := New(t, nil, "Ann", "Ben", "Cat")
	base, _ = Add(t, base, Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	base, _ = Add(t, base, Rnd([]int{0, 1, 1}, []int{0, 1, 1}))
	return base
}

func StandardRefusals() []Refusal {
	return []Refusal{
		{"bid too high", Rnd([]int{4, 0, 0}, []int{1, 1, 1}), "Ann bid 4: 3 cards dealt, bid 0 to 3"},
		{"negative bid", Rnd([]int{-1, 0, 0}, []int{1, 1, 1}), "Ann bid -1"},
		{"won too many", Rnd([]int{1, 0, 0}, []int{4, 0, 0}), "Ann won 4 tricks"},
		{"tricks short", Rnd([]int{1, 1, 1}, []int{1, 1, 0}), "tricks won add up to 2 of 3, so 1 trick went to nobody, but every trick has a winner"},
		{"tricks over", Rnd([]int{1, 1, 1}, []int{2, 1, 1}), "tricks won add up to 4, but only 3"},
		{"black 14 twice", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.Fourteen, Suit: "black"}, sk.Bonus{Seat: 1, Kind: sk.Fourteen, Suit: "black"}),
			"both Ann and Ben captured the black 14, but there is one black 14"},
		{"green 14 twice by one", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 2, Kind: sk.Fourteen, Suit: "green"}, sk.Bonus{Seat: 2, Kind: sk.Fourteen, Suit: "green"}),
			"Cat captured the green 14 twice"},
		{"bad suit", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 0, Kind: sk.Fourteen, Suit: "red"}),
			`a 14 of suit "red"`},
		{"three Mermaids", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.PirateTookMermaids, Count: 2}, sk.Bonus{Seat: 1, Kind: sk.PirateTookMermaids, Count: 1}),
			"3 Mermaids captured, but there are 2"},
		{"three Mermaids with the Skull King", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.PirateTookMermaids, Count: 2}, sk.Bonus{Seat: 1, Kind: sk.MermaidTookSkullKing}),
			"3 Mermaids captured"},
		{"Skull King twice", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.SkullKingTookPirates, Count: 1}, sk.Bonus{Seat: 1, Kind: sk.SkullKingTookPirates, Count: 1}),
			"the Skull King took Pirates 2 times, but there is one Skull King"},
		{"Mermaid took the Skull King twice", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.MermaidTookSkullKing}, sk.Bonus{Seat: 1, Kind: sk.MermaidTookSkullKing}),
			"a Mermaid took the Skull King 2 times"},
		{"Mermaid took SK and SK took Pirates", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.MermaidTookSkullKing}, sk.Bonus{Seat: 1, Kind: sk.SkullKingTookPirates, Count: 2}),
			"the Skull King took Pirates and a Mermaid took the Skull King, but there is one Skull King"},
		{"seven Pirates", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 0, Kind: sk.SkullKingTookPirates, Count: 7}),
			"took 7 Pirates: there are 6 (5 Pirates and the Tigress)"},
		{"Skull King taking more Pirates than a trick holds", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.PirateTookMermaids, Count: 1}, sk.Bonus{Seat: 1, Kind: sk.PirateTookMermaids, Count: 1},
			sk.Bonus{Seat: 2, Kind: sk.SkullKingTookPirates, Count: 5}),
			"Cat has the Skull King taking 5 Pirates, but a trick holds 3 cards"},
		{"no Pirates", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 0, Kind: sk.SkullKingTookPirates}),
			"took 0 Pirates"},
		{"three Mermaids in a trick", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 0, Kind: sk.PirateTookMermaids, Count: 3}),
			"Ann's Pirate took 3 Mermaids"},
		{"capture without a trick", Rnd([]int{1, 0, 2}, []int{1, 0, 2}, sk.Bonus{Seat: 1, Kind: sk.Fourteen, Suit: "yellow"}),
			"Ben has bonuses but won no tricks"},
		{"more captures than tricks", Rnd([]int{1, 1, 1}, []int{1, 1, 1},
			sk.Bonus{Seat: 0, Kind: sk.PirateTookMermaids, Count: 1}, sk.Bonus{Seat: 0, Kind: sk.SkullKingTookPirates, Count: 1}),
			"Ann won 1 trick but has 2 captures that each need a trick of their own"},
		{"seat out of range", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 3, Kind: sk.Fourteen, Suit: "green"}),
			"a bonus for seat 3: seats are 0 to 2"},
		{"unknown bonus", Rnd([]int{1, 1, 1}, []int{1, 1, 1}, sk.Bonus{Seat: 0, Kind: "kraken_ate_it"}),
			`unknown bonus "kraken_ate_it"`},
		{"cards out of range", sk.Round{Cards: 40, Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}}, "40 cards dealt: a hand holds 1 to 23 cards at 3 players"},
		{"Loot without the module", sk.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, Loot: [][]int{{0, 1}}},
			"the Loot module is not in play"},
		{"wager without abilities", sk.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, Wagers: []int{10, 0, 0}},
			"pirate abilities are not in play"},
		{"cannonball without cannon loads", sk.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, Cannon: []string{"cannonball", "grapeshot", "grapeshot"}},
			"Ann loaded a cannonball, but the rules are not Rascal's scoring with cannon loads"},
		{"bonus points with events", sk.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, BonusPoints: []int{10, 0, 0},
			Bonuses: []sk.Bonus{{Seat: 0, Kind: sk.Fourteen, Suit: "green"}}}, "not both"},
		{"bids for too few", Rnd([]int{1, 1}, []int{1, 1, 1}), `2 entries in "bids" for 3 players`},
		// docs/rules.md §6: an imported bonus is a sum some captures in the
		// seat's tricks make.
		{"bonus points without a trick", sk.Round{Bids: []int{1, 0, 2}, Won: []int{1, 0, 2}, BonusPoints: []int{0, 20, 0}},
			"Ben has 20 bonus points but won no tricks"},
		{"bonus points no capture makes", sk.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, BonusPoints: []int{15, 0, 0}},
			"Ann has 15 bonus points, but no captures in 1 trick make 15 under these rules"},
	}
}

// ModuleBase is the sheet the module refusals are entered on: Loot and
// pirate abilities in play, at round 2.
func ModuleBase(t *testing.T) *sk.Sheet {
	t.Helper()
	o := Opts(func(o *skullking.Options) { o.Loot = true; o.PirateAbilities = true })
	s := New(t, o, "Ann", "Ben", "Cat")
	s, _ = Add(t, s, Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	return s
}

// KrakenBase is a sheet with the Kraken, at round 2
// (2 cards).
func KrakenBase(t *testing.T) *sk.Sheet {
	t.Helper()
	s := New(t, Opts(func(o *skullking.Options) { o.Kraken = true }), "Ann", "Ben", "Cat")
	s, _ = Add(t, s, Rnd([]int{0, 0, 0}, []int{0, 0, 0}))
	return s
}

// KrakenRefusals: docs/rules.md §8.1, the Kraken destroys one trick a round.
func KrakenRefusals() []Refusal {
	return []Refusal{
		{"both tricks to nobody", Rnd([]int{0, 0, 0}, []int{0, 0, 0}),
			"tricks won add up to 0 of 2, so 2 tricks went to nobody, but only the Kraken's trick can (one a round)"},
		{"a second Skull King capture", Rnd([]int{1, 1, 0}, []int{1, 1, 0}, sk.Bonus{Seat: 0, Kind: sk.MermaidTookSkullKing}, sk.Bonus{Seat: 1, Kind: sk.MermaidTookSkullKing}),
			"a Mermaid took the Skull King 2 times, but there is one Skull King"},
	}
}

func ModuleRefusals() []Refusal {
	return []Refusal{
		{"own loot", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{0, 0}}}, "won their own Loot"},
		{"loot winner took nothing", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{0, 1}}}, "Ben won no tricks"},
		{"three loots", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{1, 0}, {2, 0}, {1, 0}}}, "there are 2 Loot cards"},
		{"loot pair", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{1}}}, "[looter seat, winner seat]"},
		{"loot seat", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{5, 0}}}, "names no seat"},
		{"wager 15", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Wagers: []int{15, 0, 0}}, "wagers 0, 10 or 20"},
		{"two wagers", sk.Round{Bids: []int{1, 1, 0}, Won: []int{1, 1, 0}, Wagers: []int{10, 10, 0}}, "there is one Rascal"},
		{"wager without a trick", sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Wagers: []int{0, 10, 0}}, "Ben wagered 10 but won no tricks"},
	}
}
