package tui

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/prose"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// Every word the screen writes for the person is the catalogue's. Two
// checks keep it so: the screen's code holds no sentence (a string literal
// of two words), and a whole game drawn in the pseudo-language, every
// panel after every action, shows no word outside the catalogue's
// brackets but the players' names, the cards' codes and numbers.

// stringsOf are the string literals of f, unquoted.
func stringsOf(f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

// command reports whether s is a command line to type, as it is in every
// language ("skullking play --join "): a sentence names it as a
// placeholder.
func command(s string) bool { return strings.HasPrefix(s, "skullking ") }

// TestScreenWritesNoSentenceOfItsOwn reads the screen's code: no string
// literal in it is words for a person (package prose).
func TestScreenWritesNoSentenceOfItsOwn(t *testing.T) {
	fset, files := screenFiles(t)
	for _, f := range files {
		for _, s := range prose.InGo(f, command) {
			t.Errorf("%s: %s is words for a person: put it in locale/en.json", fset.Position(s.Pos()), s.Value)
		}
	}
}

// bracketed is a sentence of the pseudo-language with no other inside it.
var bracketed = regexp.MustCompile(`⟦[^⟦⟧]*⟧`)

// letters are a run of two Latin letters or more: a word.
var letters = regexp.MustCompile(`[A-Za-z]{2,}`)

// unbracketed lists the words of a screen in the pseudo-language that are
// not the catalogue's: outside every bracket, and neither a name nor a
// card's code.
func unbracketed(screen string, names []string) []string {
	var out []string
	for _, line := range strings.Split(screen, "\n") {
		out = append(out, plainWords(line, names)...)
	}
	return out
}

// allCodes are the cards' codes, read once.
var allCodes = sync.OnceValue(cardCodes)

// plainWords are the words of a line outside the pseudo-language's
// brackets, but names and cards' codes.
func plainWords(line string, names []string) []string {
	codes := allCodes()
	for prev := ""; prev != line; {
		prev, line = line, bracketed.ReplaceAllString(line, " ")
	}
	// A sentence wrapped or cut at the screen's edge is bracketed on one
	// side only.
	if i := strings.LastIndex(line, "⟧"); i >= 0 {
		line = line[i:]
	}
	if i := strings.Index(line, "⟦"); i >= 0 {
		line = line[:i]
	}
	var out []string
	for _, w := range strings.FieldsFunc(line, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		if !codes[w] && !contains(names, w) && letters.MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// linesWith are the lines of screen that hold w, trimmed.
func linesWith(screen, w string) string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, w) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return strings.Join(out, "\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The pseudo-check finds a word written outside the catalogue, and lets
// sentences, names and codes be, even cut at the screen's edge.
func TestThePseudoCheckFindsAPlainWord(t *testing.T) {
	screen := "⟦Ŕóúñð 2⟧ · ⟦3 çáŕðš⟧ · bidding\n Ann  >B14< PIR  ⟦Ŷóúŕ ƀíð: ⟦ĥíñţ⟧ ĥó\nŵ ɱáñý⟧ Player  TIG-P"
	got := unbracketed(screen, []string{"Ann"})
	if strings.Join(got, " ") != "bidding Player" {
		t.Errorf("found %q", got)
	}
}

// TestEveryWordOnTheScreenIsTheCatalogues: a whole game with every module,
// every panel after every action, drawn in the pseudo-language.
func TestEveryWordOnTheScreenIsTheCatalogues(t *testing.T) {
	cat, err := locale.Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	o := skullking.DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	sc := newScripted(t, 4, o, 3, names...)
	sc.m.cfg.Lang = cat.For(locale.PseudoCode)
	sc.m.w, sc.m.h = 400, 60 // every line whole
	sc.show()
	seen := map[string]bool{}
	last := ""
	check := func() {
		t.Helper()
		// The scripted table words its rules in English, as a table does
		// for a screen that asks for nothing else.
		sc.m.rules = words.Words{Lang: sc.m.cfg.Lang}.RulesSummary(sc.g.Options())
		panels := []overlay{overlayNone}
		// The panels change with a trick or a round; the table with
		// every action.
		if v := sc.m.v; fmt.Sprint(v.Round, v.Phase, len(v.Tricks)) != last {
			last = fmt.Sprint(v.Round, v.Phase, len(v.Tricks))
			panels = append(panels, overlaySheet, overlayRound, overlayTricks, overlayChart, overlayHelp)
		}
		for _, ov := range panels {
			sc.m.overlay = ov
			sc.m.asking = ov == overlayNone
			screen := plain(sc.m)
			for _, w := range unbracketed(screen, names) {
				if !seen[w] {
					seen[w] = true
					t.Errorf("%q is not the catalogue's, in:\n%s", w, linesWith(screen, w))
				}
			}
		}
		sc.m.overlay, sc.m.asking = overlayNone, false
	}
	check()
	g := sc.g
	for steps := 0; !g.Over(); steps++ {
		if steps > 2000 {
			t.Fatal("the game does not end")
		}
		for s := 0; s < g.Players(); s++ {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				sc.do(legal[steps%len(legal)])
				check()
				break
			}
		}
	}
}
