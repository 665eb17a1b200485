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
	next, _, err := s.WithRound(r)
	if err != nil {
		t.Fatalf("round %d refused: %v", len(s.Rounds)+1, err)
	}
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
