package webtest

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
)

// sheetScore is what the test reads of a sheet through the API: its rules
// and each round's points with the bonus part of every seat's score.
type sheetScore struct {
	Options map[string]any `json:"options"`
	Score   struct {
		Totals []int `json:"totals"`
		Rounds []struct {
			Points []int `json:"points"`
			Scores []struct {
				Bonus       int `json:"bonus"`
				BonusPoints int `json:"bonus_points"`
				Bonuses     []struct {
					Kind   string `json:"kind"`
					Count  int    `json:"count"`
					Points int    `json:"points"`
				} `json:"bonuses"`
			} `json:"scores"`
		} `json:"rounds"`
	} `json:"score"`
}

// apiSheet reads the page's sheet from the server, as another client would.
func apiSheet(p *page) sheetScore {
	p.t.Helper()
	raw := eval[string](p, `fetch('/api/sheets/' + location.pathname.slice(7)).then((r) => r.text())`)
	var s sheetScore
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		p.t.Fatalf("the sheet from the API: %v\n%s", err, raw)
	}
	return s
}

// roundPoints are the points the rounds table shows for round n.
func roundPoints(p *page, n string) string {
	return eval[string](p, `[...document.querySelectorAll('#rounds-table tr[data-round="`+n+`"] .pts')].map((e) => e.textContent).join(' ')`)
}

// TestScoreKeeperBonusValueFromThePage sets a point value of the rules from
// the page, for the whole game, on a sheet with rounds entered: the round
// whose Mermaid took the Skull King with its bid held is rescored by the
// engine, on the page and through the API, while a capture on a missed bid
// stays forfeited. The rules form on a phone is saved as screenshots.
func TestScoreKeeperBonusValueFromThePage(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 390, 844)
	p.nav(base + "/sheet")
	newThreeRoundSheet(p)

	// Round 1, 1 card: Ann bid 1 and won it, her Mermaid taking the Skull
	// King: 20 + 40. Ben and Cat bid 0 and took nothing: +10 each.
	enterRound(p, []int{1, 0, 0}, []int{1, 0, 0}, capture{0, "mermaid_took_skull_king", ""})
	savedThen(p, `/^Round 2/.test(document.querySelector('#round-h').textContent)`)
	// Round 2, 2 cards: Ann bid 1 and won 1 (+20), Ben bid 0 and took
	// nothing (+20); Cat bid 0 but her Mermaid took the Skull King: −20, the
	// bonus forfeited with the bid.
	enterRound(p, []int{1, 0, 0}, []int{1, 0, 1}, capture{2, "mermaid_took_skull_king", ""})
	savedThen(p, `/^Round 3/.test(document.querySelector('#round-h').textContent)`)
	if got := totals(p); got != "80 30 -10" {
		t.Fatalf("totals %s, want 80 30 -10", got)
	}

	// The Rules tab shows the standard value in force; the form sets 50.
	p.click("#tab-more")
	p.waitVisible(`#rules-in-force dd[data-option="bonus_mermaid_skull_king"]`)
	if v := eval[string](p, `document.querySelector('#rules-in-force dd[data-option="bonus_mermaid_skull_king"]').textContent`); v != "40 points" {
		t.Fatalf("the rules in force say %q", v)
	}
	p.click("#rules-custom")
	p.waitVisible("#opt-bonus_mermaid_skull_king")
	p.do("scroll to the point values", scrollTo(`[data-group="house"]`))
	p.screenshot("scorekeeper-rules-form", false)
	p.screenshot("scorekeeper-rules-form-full", true)
	// An option shows only while what it needs holds, and one that does not
	// matter is left standard: cannon loads are of Rascal's scoring.
	shown := func(key string) bool {
		return eval[bool](p, `!document.querySelector('.sk-option[data-option="`+key+`"]').hidden`)
	}
	if shown("cannon_load") || shown("loot_bonus") || !shown("bonus_mermaid_skull_king") {
		t.Fatal("the form shows options whose needs do not hold, or hides one whose do")
	}
	p.do("Rascal's scoring", selectValue("#opt-scoring", "rascal"))
	p.click("#opt-cannon_load")
	p.click("#opt-loot")
	if !shown("cannon_load") || !shown("loot_bonus") {
		t.Fatal("cannon loads or the Loot reward stay hidden with what they need")
	}
	p.click("#opt-loot")
	p.do("standard scoring", selectValue("#opt-scoring", "standard"))
	p.click("#opt-bonuses")
	if shown("cannon_load") || shown("bonus_mermaid_skull_king") {
		t.Fatal("cannon loads or a bonus value still show without what they need")
	}
	p.click("#opt-bonuses")
	p.do("fifty", clearAndType("#opt-bonus_mermaid_skull_king", "50"))
	p.click("#apply-whole")
	p.click("#apply-rules")
	savedThen(p, `document.querySelector('#rules-in-force dd[data-option="bonus_mermaid_skull_king"] b')`)
	if v := eval[string](p, `document.querySelector('#rules-in-force dd[data-option="bonus_mermaid_skull_king"]').textContent`); v != "50 points (standard: 40 points)" {
		t.Fatalf("the rules in force give the Mermaid's capture %q", v)
	}

	// On the page: round 1 gives Ann 10 more, and her total follows; round
	// 2 is as it was.
	p.click("#tab-totals")
	if got := roundPoints(p, "1"); got != "70 10 10" {
		t.Fatalf("round 1 rescored to %s, want 70 10 10", got)
	}
	if got := roundPoints(p, "2"); got != "20 20 -20" {
		t.Fatalf("round 2 is now %s, want 20 20 -20", got)
	}
	if got := totals(p); got != "90 30 -10" {
		t.Fatalf("totals %s, want 90 30 -10", got)
	}

	// Through the API: the rule is the sheet's, and the engine priced both
	// captures at 50, the missed bid's forfeited.
	s := apiSheet(p)
	if v, _ := s.Options["bonus_mermaid_skull_king"].(float64); v != 50 || len(s.Options) != 2 {
		t.Fatalf("the sheet's rules %v, want 3 rounds and the Mermaid's capture at 50 (no cannon loads: standard scoring)", s.Options)
	}
	if len(s.Score.Rounds) != 2 || !slices.Equal(s.Score.Rounds[0].Points, []int{70, 10, 10}) ||
		!slices.Equal(s.Score.Rounds[1].Points, []int{20, 20, -20}) || !slices.Equal(s.Score.Totals, []int{90, 30, -10}) {
		t.Fatalf("the API scores %+v", s.Score)
	}
	ann, cat := s.Score.Rounds[0].Scores[0], s.Score.Rounds[1].Scores[2]
	if ann.BonusPoints != 50 || len(ann.Bonuses) != 1 || ann.Bonuses[0].Kind != "mermaid_skull_king" || ann.Bonuses[0].Points != 50 {
		t.Fatalf("Ann's round 1 %+v", ann)
	}
	if cat.Bonus != 50 || cat.BonusPoints != 0 {
		t.Fatalf("Cat's round 2 %+v: her capture is worth 50 and forfeited", cat)
	}

	// The page says the parts of a score where it shows the points.
	if title := eval[string](p, `document.querySelector('#rounds-table tr[data-round="1"] td[data-seat="0"]').title`); !strings.Contains(title, "bonus +50") {
		t.Fatalf("round 1's cell for Ann says %q", title)
	}
}

// TestScoreKeeperOfflineBeforeTheRules opens the page with the score
// keeper's API out of reach from the start, so that the phone has no option
// table: the sheet starts with the standard rules, the engine on the phone
// says how many cards round 1 deals, and once the server is back the round
// is scored there.
func TestScoreKeeperOfflineBeforeTheRules(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	base := startKeeperSiteGate(t, &down)
	p := newPage(t, "keeper", 390, 844)
	p.nav(base + "/sheet")
	p.click("#new-sheet")
	addPlayers(p, "Ann", "Ben")
	p.waitVisible("#rules-unknown")
	p.click("#create")
	p.until("a sheet kept on the phone", `/^\/sheet\/local-[0-9a-f]+$/.test(location.pathname)`, 10*time.Second)
	p.until("round 1's deal, one card, from the engine on the phone",
		`document.querySelectorAll('[data-key^="bid-0-"]').length === 2 && !document.querySelector('#cards-unknown')`, 10*time.Second)
	enterOfflineRound(p, &down)
	// With the server back, the page has the option table.
	p.click("#tab-more")
	p.waitVisible(`#rules-in-force dd[data-option="points_per_trick"]`)
}

// TestScoreKeeperOfflineWithoutTheEngine starts a sheet on a phone that has
// neither the server nor the engine (never fetched before the network went):
// nothing on the phone can say the deal, so the keeper says it.
func TestScoreKeeperOfflineWithoutTheEngine(t *testing.T) {
	gone := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
			c.Close()
		}
	})
	base := testserver.StartWith(t, func(c *server.Config) {
		c.Mount = map[string]http.Handler{"/api/sheets": gone, "/api/sheets/": gone, "/sheet/assets/engine.wasm": gone}
	}).Base
	p := newPage(t, "keeper", 390, 844)
	p.nav(base + "/sheet")
	p.click("#new-sheet")
	addPlayers(p, "Ann", "Ben")
	p.click("#create")
	p.until("a sheet kept on the phone", `/^\/sheet\/local-[0-9a-f]+$/.test(location.pathname)`, 10*time.Second)
	p.waitVisible("#cards-unknown")
	if n := eval[int](p, `document.querySelectorAll('[data-key^="bid-"]').length`); n != 0 {
		t.Fatalf("%d bid buttons before the deal is known", n)
	}
	p.do("one card", selectValue("#cards-dealt", "1"))
	p.until("bids of 0 and 1", `document.querySelectorAll('[data-key^="bid-0-"]').length === 2 && !document.querySelector('#cards-unknown')`, 5*time.Second)
}
