package tui

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// word is a word of a sentence, in any script.
var word = regexp.MustCompile(`\pL{3,}`)

// sentences are a catalogue file's sentences, every plural form, by id.
func sentences(t *testing.T, code string) map[string][]string {
	t.Helper()
	out, ok := locale.Default().Sentences(code)
	if !ok {
		t.Fatalf("no %s.json", code)
	}
	return out
}

// wordsOf are the words of texts, in lower case, placeholders left out.
func wordsOf(texts []string) map[string]bool {
	out := map[string]bool{}
	for _, s := range texts {
		s = regexp.MustCompile(`\{\{\.\w+\}\}`).ReplaceAllString(s, " ")
		for _, w := range word.FindAllString(s, -1) {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// englishOnly are the words of the screen's English sentences (tui.*, and
// the table.* it shares with the browser) that no sentence of language
// code has: a screen in that language that shows one shows English.
func englishOnly(t *testing.T, code string) map[string]bool {
	t.Helper()
	_, files := screenFiles(t)
	used := map[string]bool{}
	for _, f := range files {
		for _, lit := range stringsOf(f) {
			if strings.HasPrefix(lit, "table.") {
				used[lit] = true
			}
		}
	}
	var en []string
	for id, forms := range sentences(t, locale.Base) {
		if strings.HasPrefix(id, "tui.") || used[id] {
			en = append(en, forms...)
		}
	}
	var other []string
	for _, forms := range sentences(t, code) {
		other = append(other, forms...)
	}
	out := wordsOf(en)
	for w := range wordsOf(other) {
		delete(out, w)
	}
	return out
}

// elsewhere strips from a line the runs of words that text from outside
// the screen holds (fromElsewhere, joined): what the cards do, which
// package protocol writes, wrapped or cut as the screen drew it.
func elsewhere(line, text string) string {
	tokens := strings.Fields(line)
	var kept []string
	for i := 0; i < len(tokens); {
		j := i
		for j < len(tokens) && strings.Contains(text, strings.Join(tokens[i:j+1], " ")) {
			j++
		}
		if j-i >= 2 {
			i = j
			continue
		}
		kept = append(kept, tokens[i])
		i++
	}
	return strings.Join(kept, " ")
}

// TestRemoteWholeGameInSpanish: `skullking play --lang es` at a server's
// table. Ana hosts it with three bots, starts it, opens every panel and
// the question on q each round, plays the whole game with the keyboard
// and saves its record: every screen is in Spanish, with none of the
// words only the screen's English sentences have, and the sentences the
// game must show are the Spanish ones.
func TestRemoteWholeGameInSpanish(t *testing.T) {
	es := locale.For("es")
	if es.Code() != "es" {
		t.Fatalf("the catalogue has no Spanish: %s", es.Code())
	}
	ts := testserver.Start(t)
	st := testserver.Settings(0)
	o := &st.Options
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	created := ts.Create("Ana", []protocol.SeatSpec{openSeat, botSeat("random"), botSeat("random"), botSeat("heuristic")}, st)
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.Base+"/t/"+created.ID, savedSeat{Token: created.Token}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// As `skullking play --join … --lang es` sits at the table.
	r, err := JoinRemote(ctx, RemoteConfig{Server: ts.Base, Table: created.ID, Name: "Ana", Tokens: tokens, Lang: es})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	save := filepath.Join(t.TempDir(), "partida.json")
	d := newDriver(t, r, Config{SavePath: save, Lang: es})

	english := englishOnly(t, "es")
	if !english["nobody"] || !english["tricks"] || english["skull"] {
		t.Fatalf("the English-only words are wrong: %d words", len(english))
	}
	codes := allCodes()
	// The command that comes back to the table is typed as it is.
	outside := []string{"skullking play --join --spectate"}
	names := map[string]bool{}
	for _, s := range ts.Info(created.ID).Seats {
		for _, w := range word.FindAllString(s.Name, -1) {
			names[w] = true
		}
	}
	shown := map[string]bool{}
	var seen strings.Builder
	d.drawn = func(screen string) {
		seen.WriteString(strings.Join(strings.Fields(screen), " ") + "\n")
		if h := d.m.hint; h != nil {
			outside = append(outside, h.Why) // the adviser's reason, in the server's words
		}
		rules := strings.Join(outside, "\n")
		// Read as one text, whatever the wrapping, with the commands and
		// the adviser's reasons left out.
		text := elsewhere(strings.Join(strings.Fields(screen), " "), rules)
		var found []string
		for _, w := range word.FindAllString(text, -1) {
			if !codes[w] && !names[w] && english[strings.ToLower(w)] {
				found = append(found, w)
			}
		}
		if key := strings.Join(found, " "); len(found) > 0 && !shown[key] {
			shown[key] = true
			t.Errorf("English %q on the Spanish screen:\n%s", found, screen)
		}
	}

	d.waitScreen(es.T("tui.lobby.host", nil))
	d.press("g")
	p := &player{d: d, rng: skullking.NewRand(5)}
	round := 0
	move := func() {
		if v, _ := d.m.Current(); v.Round != round && d.m.overlay == overlayNone {
			round = v.Round // every panel, and the question on q, once a round
			d.press("?", "s", "t", "g", "esc", "q", "n")
		}
		p.move()
	}
	playTo(t, d, move, nil)
	d.saveRecord(save)
	if _, err := os.Stat(save); err != nil {
		t.Fatal(err)
	}
	all := seen.String()
	v, _ := d.m.Current()
	for _, want := range []string{
		es.T("tui.lobby.host", nil), es.T("tui.title", nil), es.T("table.bar.round", locale.Args{"Round": 1, "Rounds": 10}),
		es.T("tui.prompt.bid", nil), es.T("tui.bidding.title", nil), es.T("tui.help.title", nil), es.T("tui.key.quit", nil),
		es.T("tui.sheet.title.wide", nil), es.T("tui.round.next", locale.Args{"Round": 2}), es.T("tui.quit.keys_leave", nil),
		es.T("tui.col.player", nil), es.T("tui.save.done", locale.Args{"Path": save}), d.m.gameOverText(),
	} {
		if !strings.Contains(all, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("no screen showed %q", want)
		}
	}
	if len(v.Results) < 10 || !strings.HasPrefix(d.m.gameOverText(), "Fin de la partida") {
		t.Errorf("%d rounds; the end: %q", len(v.Results), d.m.gameOverText())
	}
	d.quits()
}
