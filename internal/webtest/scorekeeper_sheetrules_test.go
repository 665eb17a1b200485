package webtest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestScoreKeeperSheetRules walks every rule the engine holds a
// results-only round to (resultrules.go) through the score keeper's page,
// on two sheets: one with the Kraken, the White Whale, Loot and pirate
// abilities, one of two players with no module. Each mistake the page lets
// a person enter is refused at the step where it is made, in the engine's
// words, and holds that step until it is corrected:
//
//   - tricks to nobody beyond what the modules allow: two with the Kraken
//     and the White Whale (docs/rules.md §8.1, §8.2, §8.3), one with the
//     White Whale alone (§8.2), any at two players, Graybeard's (§9) — the
//     Kraken alone is TestScoreKeeperModules' (§8.1); more tricks won than
//     were played (§2);
//   - captures no play gives (§1, §5, §6): a card captured twice, by one
//     seat or by two, the Skull King taking more Pirates than a trick
//     holds, captures needing more tricks than the seat won, captures by a
//     seat left without a trick (shown where its trick count changed);
//   - Rascal of Roatan's wager by a seat without a trick (§8.6);
//   - a Loot alliance with oneself, or with a seat without a trick (§8.4);
//     Loot at two players (§8.4), refused where the sheet is made.
//
// What the page cannot express is checked as absent: a bonus given as
// points no capture makes (§6; only a record brings points in), a deal
// outside 1 to the table's most cards (§2, the cap), a capture by or an alliance or a wager with a seat that won
// no trick (only the winners are offered), a wager other than 10 or 20 or
// a second one in a round, more alliances than Loot cards, a wager
// without pirate abilities or an alliance without Loot.
func TestScoreKeeperSheetRules(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 420, 860)
	// The refusals are 422s of the check and a 400 of the sheet made with
	// Loot at two players, which the browser logs.
	t.Cleanup(func() { forgetLogged(p, "422"); forgetLogged(p, "400") })
	tap := func(keys ...string) {
		t.Helper()
		for _, k := range keys {
			p.click(`[data-key="` + k + `"]`)
		}
	}
	keys := func(sel string) string {
		t.Helper()
		return eval[string](p, `[...document.querySelectorAll('`+sel+`')].map((e) => e.dataset.key || e.value).join(' ')`)
	}

	p.nav(base + "/sheet/new")
	addPlayers(p, "Ann", "Ben", "Cat")
	p.click("#rules-custom")
	for _, m := range everyModule() {
		p.click("#opt-" + m)
	}
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	// Round 1, dealt 3 cards. The deal is chosen among 1 to the table's most.
	dealOffered(p)
	p.do("cards dealt", selectValue("#cards-dealt", "3"))
	tap("bid-0-1", "bid-1-1", "bid-2-0")
	p.click("#next:not([disabled])")
	tap("won-0-0", "won-1-0", "won-2-0")
	refusedAt(p, "#tricks-check", `so 3 tricks went to nobody, but only the Kraken's trick and the White Whale's can \(two a round\)`)
	tap("won-0-3", "won-1-1")
	refusedAt(p, "#tricks-check", `tricks won add up to 4, but only 3 tricks were played`)
	tap("won-0-1")
	acceptedAt(p, "#tricks-check")
	p.click("#next:not([disabled])")

	// Captures: only the seats that won a trick are offered, and no bonus
	// is typed as points.
	if got := keys(`[data-key^="bw-"]`); got != "bw-0 bw-1" {
		t.Fatalf("captures offered to %q, want Ann and Ben, who won a trick", got)
	}
	if eval[bool](p, `!!document.querySelector('#main input')`) {
		t.Fatal("the captures step offers a field to type a bonus as points")
	}
	addCapture := func(c capture) {
		t.Helper()
		tap(fmt.Sprintf("bw-%d", c.seat), "bk-"+c.kind)
		if c.detail != "" {
			tap(c.detail)
		}
	}
	removeLast := func(list string) {
		t.Helper()
		n := eval[int](p, `document.querySelectorAll('`+list+` li button').length`)
		p.click(fmt.Sprintf(`%s li:nth-child(%d) button`, list, n))
		p.until("an entry removed", fmt.Sprintf(`document.querySelectorAll('%s li button').length === %d`, list, n-1), 5*time.Second)
	}
	addCapture(capture{0, "fourteen", "bs-black"})
	acceptedAt(p, "#events-check")
	addCapture(capture{0, "fourteen", "bs-black"})
	refusedAt(p, "#events-check", `Ann captured the black 14 twice, but there is one black 14`)
	removeLast("#events")
	addCapture(capture{1, "fourteen", "bs-black"})
	refusedAt(p, "#events-check", `both Ann and Ben captured the black 14, but there is one black 14`)
	removeLast("#events")
	addCapture(capture{1, "skull_king_took_pirates", "bc-3"})
	refusedAt(p, "#events-check", `Ben has the Skull King taking 3 Pirates, but a trick holds 3 cards`)
	removeLast("#events")
	addCapture(capture{1, "skull_king_took_pirates", "bc-1"})
	addCapture(capture{1, "pirate_took_mermaids", "bc-1"})
	refusedAt(p, "#events-check", `Ben won 1 trick but has 2 captures that each need a trick of their own`)
	removeLast("#events")
	removeLast("#events")
	acceptedAt(p, "#events-check")

	// Loot: an ally among the winners, not oneself, two alliances at most.
	if got := keys(`#loot-winner option`); got != "0 1" {
		t.Fatalf("Loot allies offered: %q, want Ann and Ben, who won a trick", got)
	}
	p.do("own looter", selectValue("#loot-looter", "0"))
	p.click("#loot-add")
	refusedAt(p, "#events-check", `Ann won their own Loot: that forms no alliance`)
	removeLast("#loot")
	for _, looter := range []string{"2", "1"} {
		p.do("looter", selectValue("#loot-looter", looter))
		p.do("ally", selectValue("#loot-winner", "0"))
		p.click("#loot-add")
	}
	acceptedAt(p, "#events-check")
	if eval[bool](p, `!!document.querySelector('#loot-add')`) {
		t.Fatal("a third Loot alliance is offered: there are two Loot cards")
	}
	// One wager a round, by a winner, of 10 or 20.
	if n := eval[int](p, `document.querySelectorAll('#wager-who').length`); n != 1 {
		t.Fatalf("%d wager choices, want one: there is one Rascal of Roatan", n)
	}
	if got := keys(`#wager-who option`); got != " 0 1" {
		t.Fatalf("wagers offered to %q, want nobody, Ann and Ben", got)
	}
	if got := keys(`#wager-amount option`); got != "10 20" {
		t.Fatalf("wager amounts %q, want 10 20", got)
	}
	p.do("Ann wagers", selectValue("#wager-who", "0"))
	p.do("20", selectValue("#wager-amount", "20"))
	acceptedAt(p, "#events-check")

	// Ann's trick taken back at the tricks step: her capture, her wager
	// and her allies no longer fit. The engine says so where the count
	// changed; the Captures step holds the round until each goes.
	p.click("#back")
	tap("won-0-0")
	p.until("the engine's word on the captures at the tricks step",
		`/Ann has bonuses but won no tricks: bonuses come from tricks won/.test((document.querySelector('#tricks-check.bad') || {}).textContent) && document.querySelector('#next').getAttribute('aria-disabled') !== 'true'`, 5*time.Second)
	p.click("#next:not([disabled])")
	refusedAt(p, "#events-check", `Ann has bonuses but won no tricks`)
	removeLast("#events")
	refusedAt(p, "#events-check", `Ann wagered 20 but won no tricks`)
	if v := eval[string](p, `document.querySelector('#wager-who').value`); v != "0" {
		t.Fatalf("the wager select shows %q while the round holds Ann's wager", v)
	}
	p.do("no wager", selectValue("#wager-who", ""))
	refusedAt(p, "#events-check", `Cat allied with Ann through Loot, but Ann won no tricks`)
	removeLast("#loot")
	removeLast("#loot")
	acceptedAt(p, "#events-check")
	p.click("#next:not([disabled])")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
	savedThen(p, `/^Round 2/.test(document.querySelector('#round-h').textContent)`)

	// From round 2 on, the White Whale alone: one trick of two to nobody.
	p.click("#tab-more")
	p.click("#rules-custom")
	p.click("#opt-kraken")
	p.click("#apply-next")
	p.click("#apply-rules")
	savedThen(p, "true")
	p.click("#tab-round")
	tap("bid-0-0", "bid-1-0", "bid-2-0")
	p.click("#next:not([disabled])")
	tap("won-0-0", "won-1-0", "won-2-0")
	refusedAt(p, "#tricks-check", `only the White Whale's trick can, when no number was played to it \(one a round\)`)
	tap("won-0-1")
	acceptedAt(p, "#tricks-check")

	// Two players, no module: Loot is refused where the sheet is made.
	p.nav(base + "/sheet/new")
	addPlayers(p, "Ann", "Ben")
	p.click("#rules-custom")
	p.click("#opt-loot")
	p.click("#create")
	p.until("Loot at two players refused", `/never used with 2 players/.test(document.querySelector('form').textContent) && location.pathname === '/sheet/new'`, 10*time.Second)
	p.click("#opt-loot")
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)
	dealOffered(p)
	tap("bid-0-0", "bid-1-0")
	p.click("#next:not([disabled])")
	tap("won-0-1", "won-1-1")
	refusedAt(p, "#tricks-check", `tricks won add up to 2, but only 1 trick was played`)
	// Graybeard's tricks go to nobody, every one of them.
	tap("won-0-0", "won-1-0")
	acceptedAt(p, "#tricks-check")
	p.click("#next:not([disabled])")
	p.waitVisible("#events-check")
	if n := eval[int](p, `document.querySelectorAll('[data-key^="bw-"], #loot-looter, #wager-who, #main input').length`); n != 0 {
		t.Fatalf("%d controls for captures, alliances, wagers or bonus points with no trick won, no Loot and no pirate abilities", n)
	}
}

// dealOffered checks that the deal of the round being entered is chosen
// among 1 to the most cards a hand holds at the table, as the server
// says it (docs/rules.md §2): no other deal can be entered.
func dealOffered(p *page) {
	p.t.Helper()
	p.waitVisible("#cards-dealt")
	most := eval[int](p, `fetch('/api/sheets/' + location.pathname.slice(7)).then((r) => r.json()).then((s) => s.score.next.max_cards)`)
	want := make([]string, most)
	for i := range want {
		want[i] = strconv.Itoa(i + 1)
	}
	got := eval[string](p, `[...document.querySelectorAll('#cards-dealt option')].map((o) => o.value).join(' ')`)
	if got != strings.Join(want, " ") {
		p.t.Fatalf("deals offered %q, want 1 to %d", got, most)
	}
}

// refusedAt waits for the engine's sentence (a regular expression) in the
// step's check line with the step's button held, then taps the button and
// finds the step still there.
func refusedAt(p *page, check, sentence string) {
	p.t.Helper()
	re, _ := json.Marshal(sentence)
	p.until("the engine's sentence: "+sentence, `new RegExp(`+string(re)+`).test((document.querySelector('`+check+`.bad') || {}).textContent) && document.querySelector('#next').getAttribute('aria-disabled') === 'true'`, 5*time.Second)
	p.click("#next")
	if !eval[bool](p, `!!document.querySelector('`+check+`')`) {
		p.t.Fatalf("the step of %s went on with the engine's refusal: %s", check, sentence)
	}
}

// acceptedAt waits for the engine to accept the round so far at the step.
func acceptedAt(p *page, check string) {
	p.t.Helper()
	p.until("the engine's yes at "+check, `document.querySelector('`+check+`.good') && document.querySelector('#next').getAttribute('aria-disabled') !== 'true'`, 5*time.Second)
}
