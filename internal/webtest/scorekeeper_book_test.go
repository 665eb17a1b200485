package webtest

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// keeperGame is a short game as a table played it: standard rules, as many
// rounds as bids are given (round n deals n cards), no captures.
type keeperGame struct {
	title   string
	players []string
	rounds  int // the game's length; more than len(bids) leaves it running
	bids    [][]int
	won     [][]int
}

// totals are the game's totals by docs/rules.md §6: a bid of 0 made scores 10 ×
// cards, missed −10 × cards; another bid made scores 20 a trick, missed −10
// a trick off.
func (g keeperGame) totals() []int {
	t := make([]int, len(g.players))
	for r, bids := range g.bids {
		cards := r + 1
		for s, b := range bids {
			w := g.won[r][s]
			switch {
			case b == 0 && w == 0:
				t[s] += 10 * cards
			case b == 0:
				t[s] -= 10 * cards
			case b == w:
				t[s] += 20 * b
			default:
				t[s] -= 10 * max(b-w, w-b)
			}
		}
	}
	return t
}

func (g keeperGame) over() bool { return len(g.bids) == g.rounds }

// winners are the seats with the top total once the game is over.
func (g keeperGame) winners() []int {
	if !g.over() {
		return nil
	}
	t := g.totals()
	top := slices.Max(t)
	var w []int
	for s, v := range t {
		if v == top {
			w = append(w, s)
		}
	}
	return w
}

// record is the game as a results-only game record (docs/record.md).
func (g keeperGame) record() string {
	type round struct {
		Bids  []int `json:"bids"`
		Won   []int `json:"won"`
		Bonus []int `json:"bonus"`
	}
	rec := struct {
		Format  string         `json:"format"`
		Players []string       `json:"players"`
		Options map[string]int `json:"options"`
		Rounds  []round        `json:"rounds"`
	}{"skullking-record/1", g.players, map[string]int{"rounds": g.rounds}, nil}
	for r := range g.bids {
		rec.Rounds = append(rec.Rounds, round{g.bids[r], g.won[r], make([]int, len(g.players))})
	}
	b, err := json.Marshal(rec)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// renamed is the game with one player's name spelt otherwise.
func (g keeperGame) renamed(title, from, to string) keeperGame {
	g.title = title
	g.players = slices.Clone(g.players)
	g.players[slices.Index(g.players, from)] = to
	return g
}

// historyLine is how the history lists a game: its title, then who won or
// how it stands, then each player's total, the winners starred.
func (g keeperGame) historyLine() string {
	title := g.title
	if title == "" {
		title = joinNames(g.players)
	}
	state := "in progress"
	if w := g.winners(); len(w) == 1 {
		state = g.players[w[0]] + " won"
	}
	t := g.totals()
	var parts []string
	for s, p := range g.players {
		if slices.Contains(g.winners(), s) {
			parts = append(parts, fmt.Sprintf("★ %s %d", p, t[s]))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d", p, t[s]))
		}
	}
	rounds := fmt.Sprintf("%d rounds", len(g.bids))
	if len(g.bids) == 1 {
		rounds = "1 round"
	}
	return fmt.Sprintf("%s | %s · %s | %s", title, rounds, state, strings.Join(parts, " · "))
}

func joinNames(n []string) string {
	if len(n) <= 1 {
		return strings.Join(n, "")
	}
	return strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1]
}

// statRows are the statistics table the page should show for the games, as
// the API defines them (docs/scorekeeper-api.md, PlayerStats): finished
// games only, one player whatever the case of the name, most games first.
func statRows(games ...keeperGame) []string {
	type acc struct {
		name                                                string
		games, wins, total, best, rounds, exact, zero, made int
	}
	by := map[string]*acc{}
	for _, g := range games {
		if !g.over() {
			continue
		}
		t := g.totals()
		for s, name := range g.players {
			k := strings.ToLower(name)
			a := by[k]
			if a == nil {
				a = &acc{name: name, best: t[s]}
				by[k] = a
			}
			a.games++
			if slices.Contains(g.winners(), s) {
				a.wins++
			}
			a.total += t[s]
			a.best = max(a.best, t[s])
			for r := range g.bids {
				a.rounds++
				if g.bids[r][s] == g.won[r][s] {
					a.exact++
				}
				if g.bids[r][s] == 0 {
					a.zero++
					if g.won[r][s] == 0 {
						a.made++
					}
				}
			}
		}
	}
	var list []*acc
	for _, a := range by {
		list = append(list, a)
	}
	slices.SortFunc(list, func(a, b *acc) int {
		if a.games != b.games {
			return b.games - a.games
		}
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	})
	pct := func(n, of int) string {
		return fmt.Sprintf("%d%% (%d of %d)", int(math.Round(100*float64(n)/float64(of))), n, of)
	}
	var out []string
	for _, a := range list {
		zero := "—"
		if a.zero > 0 {
			zero = pct(a.made, a.zero)
		}
		mean := fmt.Sprintf("%.1f", float64(a.total)/float64(a.games))
		if a.total%a.games == 0 {
			mean = fmt.Sprint(a.total / a.games)
		}
		out = append(out, strings.Join([]string{a.name, fmt.Sprint(a.games), fmt.Sprint(a.wins), pct(a.exact, a.rounds), zero,
			mean, fmt.Sprint(a.best), fmt.Sprint(a.total)}, " | "))
	}
	return out
}

// pageStats reads the statistics table, one line a player, cells joined
// as statRows joins them.
func pageStats(p *page) []string {
	return eval[[]string](p, `[...document.querySelectorAll('#stats tbody tr')].map((tr) =>
		[tr.dataset.player, ...[...tr.querySelectorAll('td')].map((td) => td.textContent)].join(' | '))`)
}

// pageGames reads the history's games, newest first, as historyLine
// writes them: without the date, which the page writes in the browser's
// language.
func pageGames(p *page) []string {
	return eval[[]string](p, `[...document.querySelectorAll('#games li')].map((li) => [
		li.querySelector('.sk-game-title').textContent,
		li.querySelector('.sk-game .muted').textContent.replace(/^[^·]*· /, ''),
		li.querySelector('[data-totals]').textContent].join(' | '))`)
}

// playGame keeps a game's score through the page from its home: a new
// sheet, then every round tapped in.
func playGame(p *page, g keeperGame) {
	p.t.Helper()
	p.click("#new-sheet")
	addPlayers(p, g.players...)
	p.until("the players", fmt.Sprintf(`document.querySelectorAll('#players li').length === %d`, len(g.players)), 5*time.Second)
	p.do("title", clearAndType("#title", g.title))
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", fmt.Sprint(g.rounds)))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)
	for r := range g.bids {
		enterRound(p, g.bids[r], g.won[r])
		savedThen(p, fmt.Sprintf(`(JSON.parse(localStorage.getItem('sk.score.sheets'))[location.pathname.slice(7)].sheet.score || {rounds: []}).rounds.length === %d`, r+1))
	}
}

// importGame imports the game's record from the page's home, as a file
// picked on the phone, and waits for its sheet.
func importGame(p *page, base string, g keeperGame) {
	p.t.Helper()
	file := filepath.Join(p.t.TempDir(), "game.json")
	if err := os.WriteFile(file, []byte(g.record()), 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.nav(base + "/sheet")
	before := eval[string](p, `location.pathname`)
	p.do("import", chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{file}))
	p.until("the imported sheet", `location.pathname !== '`+before+`' && /^\/sheet\/[0-9a-f]{32}$/.test(location.pathname) && document.querySelector('#totals')`, 10*time.Second)
}

// openHistory opens the history from the page's home and waits for its
// figures, from the server or from the phone as source says.
func openHistory(p *page, base, source string) {
	p.t.Helper()
	p.nav(base + "/sheet")
	p.click("#open-history")
	p.until("the history ("+source+")", `document.querySelector('#games') && document.querySelector('#history-source').textContent.startsWith('`+source+`')`, 15*time.Second)
}

func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s:\n got  %q\n want %q", what, got, want)
	}
}

// TestScoreKeeperHistory keeps one game through the page and imports two
// more (one still running), then reads the history and the statistics:
// from the server online, and worked out on the phone offline, to the
// same figures, which come from the bids and tricks entered.
func TestScoreKeeperHistory(t *testing.T) {
	var down atomic.Bool
	base := startKeeperSiteGate(t, &down)
	p := newPage(t, "keeper", 420, 860)
	p.nav(base + "/sheet")

	friday := keeperGame{title: "Friday", players: []string{"Ann", "Cat"}, rounds: 2,
		bids: [][]int{{1, 0}, {1, 1}}, won: [][]int{{1, 0}, {2, 0}}}
	saturday := keeperGame{players: []string{"Ann", "Ben", "Cat"}, rounds: 2,
		bids: [][]int{{0, 1, 0}, {2, 0, 1}}, won: [][]int{{0, 1, 0}, {1, 0, 1}}}
	running := keeperGame{players: []string{"Dan", "ann"}, rounds: 3,
		bids: [][]int{{1, 0}}, won: [][]int{{1, 0}}}
	playGame(p, friday)
	p.until("Friday over", `document.querySelector('#game-over')`, 10*time.Second)
	importGame(p, base, saturday)
	importGame(p, base, running)

	openHistory(p, base, "From the server")
	games := []string{running.historyLine(), saturday.historyLine(), friday.historyLine()}
	sameLines(t, "the games from the server", pageGames(p), games)
	stats := statRows(friday, saturday, running)
	sameLines(t, "the statistics from the server", pageStats(p), stats)
	if got := eval[string](p, `document.querySelector('#no-finished').textContent`); got != "No finished game yet: Dan." {
		t.Errorf("players without a finished game: %q", got)
	}
	p.screenshot("scorekeeper-history", true)

	// Offline, and the tab opened again: the same games and figures, worked
	// out from the sheets on this phone, and the page says so.
	down.Store(true)
	p.do("reload", chromedp.Reload())
	p.until("the phone's figures", `document.querySelector('#games') && document.querySelector('#history-source').textContent.startsWith('Offline')`, 15*time.Second)
	sameLines(t, "the games from the phone", pageGames(p), games)
	sameLines(t, "the statistics from the phone", pageStats(p), stats)

	// A game opens its sheet, offline too.
	p.click(`#games li:nth-child(3) a`)
	p.until("Friday's sheet", `document.querySelector('#sheet-title') && document.querySelector('#sheet-title').textContent === 'Friday'`, 10*time.Second)
	if got, want := totals(p), fmt.Sprint(friday.totals()[0], " ", friday.totals()[1]); got != want {
		t.Fatalf("Friday's totals %q, want %q", got, want)
	}

	// Back online, the history shows the server's figures again by itself.
	eval[bool](p, `history.back() || true`)
	p.until("the offline history", `document.querySelector('#history-retry')`, 10*time.Second)
	down.Store(false)
	eval[bool](p, `window.dispatchEvent(new Event('online')) || true`)
	p.until("the server's figures", `document.querySelector('#games') && document.querySelector('#history-source').textContent.startsWith('From the server')`, 10*time.Second)
}

// serverSheet is the sheet as the server keeps it, read by the page.
func serverSheet(p *page, id string) (version int, title string, players []string) {
	p.t.Helper()
	var s struct {
		Version int      `json:"version"`
		Title   string   `json:"title"`
		Players []string `json:"players"`
	}
	raw := eval[string](p, `fetch('/api/sheets/`+id+`').then((r) => r.text())`)
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		p.t.Fatalf("the sheet from the server: %v\n%s", err, raw)
	}
	return s.Version, s.Title, s.Players
}

func sheetNames(p *page) string {
	return eval[string](p, `[...document.querySelectorAll('#totals [data-seat] > span:first-child')].map((e) => e.textContent).join(' ')`)
}

// TestScoreKeeperRename fixes a misspelt name and titles an imported game:
// a duplicate name is refused in words with nothing changed; the fix shows
// on the sheet, on the server and in the history, where the two spellings
// become one player; a retitle made offline is kept and sent later.
func TestScoreKeeperRename(t *testing.T) {
	var down atomic.Bool
	base := startKeeperSiteGate(t, &down)
	p := newPage(t, "keeper", 420, 860)
	other := keeperGame{players: []string{"Ann", "Ben", "Cat"}, rounds: 2,
		bids: [][]int{{0, 1, 0}, {2, 0, 1}}, won: [][]int{{0, 1, 0}, {1, 0, 1}}}
	typo := keeperGame{players: []string{"Ann", "Bne"}, rounds: 2,
		bids: [][]int{{1, 0}, {0, 2}}, won: [][]int{{1, 0}, {0, 2}}}
	importGame(p, base, other)
	importGame(p, base, typo)
	id := eval[string](p, `location.pathname.slice(7)`)
	version, _, _ := serverSheet(p, id)

	// Ben's name twice, whatever the case and spaces: refused in words, the
	// field to fix focused, and neither the phone nor the server changed.
	p.click("#rename")
	p.until("the names screen", `document.activeElement && document.activeElement.id === 'rename-title'`, 5*time.Second)
	p.do("Ann as ben", clearAndType("#rename-player-0", " bne "))
	p.click("#rename-save")
	p.until("the refusal", `/different name/.test(document.querySelector('#rename-error').textContent) && document.activeElement.id === 'rename-player-0'`, 5*time.Second)
	p.screenshot("scorekeeper-rename-refused", false)
	p.click("#rename-cancel")
	p.waitVisible("#totals")
	if got := sheetNames(p); got != "Ann Bne" {
		t.Fatalf("names after a refused rename: %q", got)
	}
	if dirty := eval[bool](p, `!!JSON.parse(localStorage.getItem('sk.score.sheets'))['`+id+`'].dirty`); dirty {
		t.Fatal("a refused rename left a change waiting on the phone")
	}
	if v, title, players := serverSheet(p, id); v != version || title != "" || !slices.Equal(players, typo.players) {
		t.Fatalf("a refused rename reached the server: version %d (was %d), %q %v", v, version, title, players)
	}

	// The fix, typed and saved with Enter.
	fixed := typo.renamed("Friday at Ann's", "Bne", "Ben")
	p.click("#rename")
	p.do("title", clearAndType("#rename-title", fixed.title))
	p.do("Ben", clearAndType("#rename-player-1", "Ben"))
	p.keys("\r")
	savedThen(p, `document.querySelector('#sheet-title').textContent === "Friday at Ann's"`)
	if got := sheetNames(p); got != "Ann Ben" {
		t.Fatalf("names after the rename: %q", got)
	}
	if v, title, players := serverSheet(p, id); v != version+1 || title != fixed.title || !slices.Equal(players, fixed.players) {
		t.Fatalf("the server has version %d, %q %v", v, title, players)
	}
	openHistory(p, base, "From the server")
	sameLines(t, "the games after the rename", pageGames(p), []string{fixed.historyLine(), other.historyLine()})
	sameLines(t, "the statistics after the rename", pageStats(p), statRows(fixed, other))

	// Offline, a retitle is kept on the phone, survives a closed tab, and is
	// sent when the server is back.
	p.click(`#games li[data-id="` + id + `"] a`)
	p.waitVisible("#sheet-title")
	down.Store(true)
	p.click("#rename")
	p.do("title", clearAndType("#rename-title", "Friday night"))
	p.click("#rename-save")
	p.until("the retitle kept offline", `document.querySelector('#sheet-title').textContent === 'Friday night' && /will sync when online/.test(document.querySelector('#sync-status').textContent)`, 10*time.Second)
	p.do("reload", chromedp.Reload())
	p.until("the retitle after a reload", `document.querySelector('#sheet-title') && document.querySelector('#sheet-title').textContent === 'Friday night'`, 10*time.Second)
	down.Store(false)
	eval[bool](p, `window.dispatchEvent(new Event('online')) || true`)
	savedThen(p, "true")
	if _, title, players := serverSheet(p, id); title != "Friday night" || !slices.Equal(players, fixed.players) {
		t.Fatalf("after the sync the server has %q %v", title, players)
	}
}
