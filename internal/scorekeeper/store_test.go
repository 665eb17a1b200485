package scorekeeper

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/sqlitedb"
)

// openSQLite opens a database as the server opens the score keeper's
// (sqlitedb.Open): WAL, one connection, immediate transactions.
func openSQLite(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sqlitedb.Open(filepath.Join(t.TempDir(), "sheets.db"), sqlitedb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := MigrateSQLite(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// stores runs f against every SheetStore, so that both keep one contract.
func stores(t *testing.T, f func(t *testing.T, st SheetStore)) {
	t.Run("memory", func(t *testing.T) { f(t, NewMemoryStore()) })
	t.Run("sqlite", func(t *testing.T) { f(t, NewSQLiteStore(openSQLite(t))) })
	t.Run("postgres", func(t *testing.T) { f(t, NewPostgresStore(openPostgres(t))) })
}

// storedSheet is a sheet with tokens, a book and a round with every kind of
// entry, as the handler would store it.
func storedSheet(t *testing.T, book string, at time.Time) *Sheet {
	t.Helper()
	o := skullking.DefaultOptions()
	o.Loot, o.PirateAbilities = true, true
	s := newSheet(t, &o, "Ann", "Ben", "Cat")
	s, _ = add(t, s, Round{Bids: []int{1, 0, 0}, Won: []int{1, 0, 0}, Loot: [][]int{{1, 0}}, Wagers: []int{10, 0, 0},
		Bonuses: []Bonus{{Seat: 0, Kind: Fourteen, Suit: "black"}}})
	var err error
	s, _, err = s.WithRules(skullking.DefaultOptions(), ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	s.ID, s.Follow, s.Book, s.Version, s.Created, s.Updated = NewToken(), NewToken(), book, 1, at, at
	s.Title = "Friday"
	s.Game = NewToken()
	return s
}

func TestStoreContract(t *testing.T) {
	stores(t, func(t *testing.T, st SheetStore) {
		ctx := context.Background()
		at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
		book := NewToken()
		s := storedSheet(t, book, at)
		if err := st.Create(ctx, s); err != nil {
			t.Fatal(err)
		}
		if err := st.Create(ctx, s); !errors.Is(err, ErrExists) {
			t.Fatalf("second create: %v, want ErrExists", err)
		}
		got, err := st.Get(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		same(t, got, s)
		byFollow, err := st.GetByFollow(ctx, s.Follow)
		if err != nil {
			t.Fatal(err)
		}
		same(t, byFollow, s)
		if _, err := st.Get(ctx, s.Follow); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the follow token opened the sheet for editing: %v", err)
		}
		if _, err := st.Get(ctx, NewToken()); !errors.Is(err, ErrNotFound) {
			t.Fatalf("missing sheet: %v", err)
		}

		// A stored copy is not the caller's.
		got.Rounds[0].Bids[0] = 9
		again, _ := st.Get(ctx, s.ID)
		if again.Rounds[0].Bids[0] != 1 {
			t.Fatal("changing a returned sheet changed the stored one")
		}

		next, _, err := s.WithRound(rnd([]int{1, 1, 0}, []int{1, 1, 0}))
		if err != nil {
			t.Fatal(err)
		}
		next.Version, next.Updated = 2, at.Add(time.Minute)
		if err := st.Update(ctx, next, 1); err != nil {
			t.Fatal(err)
		}
		if err := st.Update(ctx, next, 1); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale update: %v, want ErrConflict", err)
		}
		got, _ = st.Get(ctx, s.ID)
		same(t, got, next)

		other := storedSheet(t, book, at.Add(time.Hour))
		elsewhere := storedSheet(t, NewToken(), at)
		for _, x := range []*Sheet{other, elsewhere} {
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

		if err := st.Delete(ctx, s.ID, 1); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale delete: %v", err)
		}
		if err := st.Delete(ctx, s.ID, 2); err != nil {
			t.Fatal(err)
		}
		if _, err := st.GetByFollow(ctx, s.Follow); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleted sheet still found: %v", err)
		}
		if err := st.Update(ctx, next, 2); !errors.Is(err, ErrNotFound) {
			t.Fatalf("update of a deleted sheet: %v", err)
		}
		if err := st.Delete(ctx, s.ID, 2); !errors.Is(err, ErrNotFound) {
			t.Fatalf("delete of a deleted sheet: %v", err)
		}
	})
}

// TestStoreRacingUpdates: of many edits made on one version, exactly one
// wins.
func TestStoreRacingUpdates(t *testing.T) {
	stores(t, func(t *testing.T, st SheetStore) {
		ctx := context.Background()
		s := storedSheet(t, "", time.Now().UTC().Truncate(time.Millisecond))
		if err := st.Create(ctx, s); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				next := s.Clone()
				next.Version = 2
				err := st.Update(ctx, next, 1)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					wins++
				} else if !errors.Is(err, ErrConflict) {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d updates won, want 1", wins)
		}
	})
}

func TestMigrateSQLiteTwice(t *testing.T) {
	db := openSQLite(t)
	if err := MigrateSQLite(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_version (schema_name, version) VALUES ('scorekeeper', 2)`); err != nil {
		t.Fatal(err)
	}
	if err := MigrateSQLite(context.Background(), db); err == nil || !strings.Contains(err.Error(), "newer than this program") {
		t.Fatalf("a newer schema: %v, want it refused", err)
	}
}

// same fails unless a and b are the same sheet.
func same(t *testing.T, a, b *Sheet) {
	t.Helper()
	if a.ID != b.ID || a.Follow != b.Follow || a.Book != b.Book || a.Game != b.Game || a.Version != b.Version || a.Title != b.Title ||
		!a.Created.Equal(b.Created) || !a.Updated.Equal(b.Updated) || !slices.Equal(a.Players, b.Players) ||
		!sameOptions(a.Options, b.Options) || len(a.Changes) != len(b.Changes) || len(a.Rounds) != len(b.Rounds) {
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

// TestAPIOverSQLite runs a game through the API on the SQLite store: what
// the server will do.
func TestAPIOverSQLite(t *testing.T) {
	h := newHandler(NewSQLiteStore(openSQLite(t)))
	c := &client{t: t, h: h, srv: h.routes(), book: NewToken()}
	s := c.create(`{"players": ["Ann", "Ben", "Cat"], "options": {"rounds": 2, "loot": true}}`)
	s = c.round(s, Round{Bids: []int{1, 0, 0}, Won: []int{1, 0, 0}, Loot: [][]int{{1, 0}}})
	expect(t, c.do("POST", "/api/sheets/"+s.ID+"/rounds", map[string]any{"version": 1, "round": rnd([]int{0, 1, 0}, []int{0, 1, 0})}), 409)
	expect(t, c.do("POST", "/api/sheets/"+s.Follow+"/rounds", map[string]any{"version": 2, "round": rnd([]int{0, 1, 0}, []int{0, 1, 0})}), 403)
	s = c.round(s, rnd([]int{0, 2, 0}, []int{0, 2, 0}, Bonus{Seat: 1, Kind: Fourteen, Suit: "green"}))
	if !s.Score.Over || !slices.Equal(s.Score.Totals, []int{60, 80, 30}) {
		t.Fatalf("score %+v", s.Score)
	}
	if f := c.get(s.Follow); f.ID != "" || f.Version != 3 || !slices.Equal(f.Score.Winners, []int{1}) {
		t.Fatalf("follow view %+v", f)
	}
	hist := decodeAs[struct{ Sheets []SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	if len(hist.Sheets) != 1 || hist.Sheets[0].ID != s.ID || !hist.Sheets[0].Over {
		t.Fatalf("history %+v", hist)
	}
	stats := decodeAs[struct{ Players []PlayerStats }](t, c.do("GET", "/api/sheets/stats", nil))
	if len(stats.Players) != 3 {
		t.Fatalf("stats %+v", stats)
	}
	rec := c.do("GET", "/api/sheets/"+s.ID+"/record", nil)
	expect(t, rec, 200)
	r, err := skullking.ParseRecord(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Replay()
	if err != nil || !slices.Equal(g.Totals(), s.Score.Totals) {
		t.Fatalf("replay %v %v, want %v", err, g, s.Score.Totals)
	}
	expect(t, c.do("DELETE", "/api/sheets/"+s.ID+"?version=3", nil), 204)
	expect(t, c.do("GET", "/api/sheets/"+s.Follow, nil), 404)
}
