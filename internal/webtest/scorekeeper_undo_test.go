package webtest

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"
)

// keptSheet is what the test reads of a sheet through the API: its rules,
// each round's Loot alliances and the totals.
type keptSheet struct {
	Options map[string]any `json:"options"`
	Rounds  []struct {
		Loot [][]int `json:"loot"`
	} `json:"rounds"`
	Score struct {
		Totals []int `json:"totals"`
	} `json:"score"`
}

func keptOnServer(p *page) keptSheet {
	p.t.Helper()
	raw := eval[string](p, `fetch('/api/sheets/' + location.pathname.slice(7)).then((r) => r.text())`)
	var s keptSheet
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		p.t.Fatalf("the sheet from the API: %v\n%s", err, raw)
	}
	return s
}

// TestScoreKeeperRulesRemoveNothingUnasked: turning Loot off for the whole
// game over a round holding an alliance first says, in the entry screen's
// words, which round and which alliance go, and changes nothing until the
// keeper agrees; Undo then puts the alliance and the totals back. A change
// the server refuses leaves the Rules panel showing the rules the sheet
// has, with the refusal; and the panel shows the rules of any round.
func TestScoreKeeperRulesRemoveNothingUnasked(t *testing.T) {
	p := newSheetWithRules(t)
	p.do("rounds", clearAndType("#opt-rounds", "3"))
	p.click("#opt-loot")
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	// Round 1, 1 card: Ann bid 1 and won it, Ben's Loot went to her trick
	// and both made their bids: Ann 20 + 20, Ben 10 + 20, Cat 10.
	for i, b := range []int{1, 0, 0} {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next:not([disabled])")
	for i, w := range []int{1, 0, 0} {
		p.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, w))
	}
	nextStep(p, "#events-check")
	p.do("looter", selectValue("#loot-looter", "1"))
	p.do("ally", selectValue("#loot-winner", "0"))
	p.click("#loot-add")
	acceptedAt(p, "#events-check")
	p.click("#next:not([disabled])")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
	savedThen(p, `/^Round 2/.test(document.querySelector('#round-h').textContent)`)
	// Round 2, 2 cards: Ann and Ben bid 1 and won it, Cat bid 0: +20 each.
	enterRound(p, []int{1, 1, 0}, []int{1, 1, 0})
	savedThen(p, `/^Round 3/.test(document.querySelector('#round-h').textContent)`)
	withLoot := []int{60, 50, 30}
	if got := totals(p); got != "60 50 30" {
		t.Fatalf("totals %s, want 60 50 30", got)
	}

	// Loot off for the whole game: asked first, with what goes.
	p.click("#tab-more")
	p.click("#opt-loot")
	p.click("#apply-whole")
	p.click("#apply-rules")
	p.waitVisible("#rules-confirm")
	if got := eval[string](p, `[...document.querySelectorAll('#rules-removed li')].map((e) => e.textContent).join('; ')`); got != "Round 1: Ben looted with Ann" {
		t.Fatalf("the change says it removes %q", got)
	}
	if s := keptOnServer(p); len(s.Rounds[0].Loot) != 1 || !slices.Equal(s.Score.Totals, withLoot) {
		t.Fatalf("the sheet changed before the keeper agreed: %+v", s)
	}
	p.click("#rules-remove")
	savedThen(p, `!!document.querySelector('#undo-rules')`)
	if s := keptOnServer(p); s.Rounds[0].Loot != nil || s.Options["loot"] != nil || !slices.Equal(s.Score.Totals, []int{40, 30, 30}) {
		t.Fatalf("after Loot off: %+v", s)
	}

	// Undo: the rules, the alliance and the totals as they were.
	p.click("#undo-rules")
	savedThen(p, `!document.querySelector('#undo-rules') && /^on/.test(document.querySelector('#rules-in-force dd[data-option="loot"]').textContent)`)
	if s := keptOnServer(p); !slices.Equal(s.Rounds[0].Loot[0], []int{1, 0}) || s.Options["loot"] != true || !slices.Equal(s.Score.Totals, withLoot) {
		t.Fatalf("after Undo: %+v", s)
	}

	// One round for the whole game, two being entered: the server refuses,
	// and the panel keeps showing the three rounds the sheet has.
	p.do("one round", clearAndType("#opt-rounds", "1"))
	p.click("#apply-rules")
	p.until("the refusal in the panel", `/the game was over after round 1/.test((document.querySelector('#rules-refused') || {}).textContent)`, 10*time.Second)
	if got := eval[string](p, `document.querySelector('#rules-in-force dd[data-option="rounds"] b').textContent`); got != "3 rounds" {
		t.Fatalf("after the refusal the panel shows %q rounds", got)
	}
	if s := keptOnServer(p); s.Options["rounds"] != float64(3) {
		t.Fatalf("the refused change reached the sheet: %+v", s.Options)
	}

	// Loot off from round 3 removes nothing, so nothing is asked; the
	// panel shows round 1's rules, Loot on, as well as round 3's.
	p.do("three rounds", clearAndType("#opt-rounds", "3"))
	p.click("#opt-loot")
	p.click("#apply-next")
	p.click("#apply-rules")
	savedThen(p, `!!document.querySelector('#undo-rules') && !document.querySelector('#rules-confirm')`)
	lootOf := `document.querySelector('#rules-in-force dd[data-option="loot"]').textContent`
	if got := eval[string](p, lootOf); got[:3] != "off" {
		t.Fatalf("round 3's rules say Loot %q", got)
	}
	p.do("round 1", selectValue("#rules-round", "1"))
	if got := eval[string](p, `document.querySelector('#rules-of').textContent`); got[:len("Round 1 was scored")] != "Round 1 was scored" {
		t.Fatalf("the rules shown are %q", got)
	}
	if got := eval[string](p, lootOf); got[:2] != "on" {
		t.Fatalf("round 1's rules say Loot %q", got)
	}
}
