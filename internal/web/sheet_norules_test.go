package web

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/keeperapi"
	"github.com/skullking-go/skullking/protocol"
)

// The score keeper's page keeps no rule of its own: the server computes
// every point and the engine's option table says every rule
// (docs/scorekeeper-api.md, RulesInfo). TestSheetPageKeepsNoRules reads the
// page's scripts and refuses the three ways a rule has crept into them: a
// card code written as a string, an option's standard value written beside
// its key, and a point value of the rules written as a number. The facts
// it looks for are the engine's and the server's, not a list of its own.

// sheetScripts are the score keeper page's own scripts, keeper.js and every
// module beside it (wasm_exec.js is the Go distribution's, generated; sw.js
// is the service worker, which keeps files, not rules).
func sheetScripts(t *testing.T) []string {
	t.Helper()
	files, err := fs.Glob(static, "static/sheet/*.js")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if name := strings.TrimPrefix(f, "static/"); name != "sheet/wasm_exec.js" && name != "sheet/sw.js" {
			out = append(out, name)
		}
	}
	if !slices.Contains(out, "sheet/keeper.js") || len(out) < 3 {
		t.Fatalf("the score keeper's scripts are not where they were: %v", out)
	}
	return out
}

// sheetNumberAllowed are the places a number that is also a point value of
// the rules may stand, each with why it is no rule.
var sheetNumberAllowed = []struct{ file, pattern, why string }{
	{"sheet/keeper-store.js", `const MAX_NAME = 40;`, "the server's limit on a name's length"},
}

func TestSheetPageKeepsNoRules(t *testing.T) {
	for _, leak := range sheetLeaks(t, sheetRuleFacts(t)) {
		t.Errorf("%s", leak)
	}
}

// sheetLeaks lists the rules the score keeper's scripts write, by facts.
func sheetLeaks(t *testing.T, facts sheetFacts) []string {
	t.Helper()
	var out []string
	for _, name := range sheetScripts(t) {
		src, err := static.ReadFile("static/" + name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, facts.leaks(name, string(src))...)
	}
	return out
}

// TestSheetRuleCheckFindsEachKindOfRule plants each kind of rule in a
// script and the check must find it: a check that could not fail would
// let the page drift from the engine unseen.
func TestSheetRuleCheckFindsEachKindOfRule(t *testing.T) {
	facts := sheetRuleFacts(t)
	clean := "// The Skull King (SK) scores 40 in a comment: comments are free.\n" +
		"const k = ruleValue(rules, 'bonus_fourteen');\nconst n = x / 2; const re = /B14 {2}/g;\n" +
		"const t = `${p} took ${c.phrase}`;\nconst MAX_NAME = 40;\n"
	if leaks := facts.leaks("sheet/keeper-store.js", clean); len(leaks) != 0 {
		t.Fatalf("a script with no rule is refused: %v", leaks)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"card code", "const c = 'SK';", `card code "SK"`},
		{"card code in a sentence", "say(`${p} played B14 last`);", `card code "B14"`},
		{"named Pirate's code", `if (c === "HARRY") x();`, `card code "HARRY"`},
		{"default beside its key", "const o = { bonus_fourteen: 10 };", "standard value of bonus_fourteen"},
		{"default as a fallback", "const r = opts.rounds || 10;", "standard value of rounds"},
		{"default of a choice", "o.schedule = 'standard';", "standard value of schedule"},
		{"default of a switch", "const on = { bonuses: true };", "standard value of bonuses"},
		{"point value", "points = bid * 20;", "point value 20"},
		{"point value in a sentence", "const s = 'Bid 0: 10 × cards dealt';", "point value 10"},
		{"wager list", "[10, 20].map(option);", "point value 10"},
		{"point value in a template", "h('p', {}, `worth ${n * 30}`);", "point value 30"},
		{"the allowed number elsewhere", "maxlength: 40,", "point value 40"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leaks := facts.leaks("sheet/keeper-store.js", clean+tc.src+"\n")
			if !slices.ContainsFunc(leaks, func(l string) bool { return strings.Contains(l, tc.want) }) {
				t.Fatalf("planted %q, found %v, want %q", tc.src, leaks, tc.want)
			}
		})
	}
}

// sheetFacts are what a rule in a script would be written with: the card
// codes, the options with their standard values, and the point values.
type sheetFacts struct {
	codes   map[string]bool
	options []protocol.OptionInfo
	points  map[int]bool
}

// sheetRuleFacts asks the engine and the score keeper's API: the card
// catalogue, the option table as the page is served it, and the point
// values — the standard value of every option counted in points (per
// trick, per miss, a zero bid, each bonus, the Loot reward) and Rascal's
// wagers.
func sheetRuleFacts(t *testing.T) sheetFacts {
	t.Helper()
	info := sheetRulesInfo(t)
	return newSheetFacts(t, info.Options, info.Wagers)
}

// sheetRulesInfo is the score keeper's GET /api/sheets/rules.
func sheetRulesInfo(t *testing.T) keeperapi.RulesInfo {
	t.Helper()
	rec := httptest.NewRecorder()
	keeperapi.NewHandler(scorekeeper.NewMemoryStore()).ServeHTTP(rec, httptest.NewRequest("GET", "/api/sheets/rules", nil))
	var info keeperapi.RulesInfo
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil || len(info.Options) == 0 {
		t.Fatalf("GET /api/sheets/rules: %v\n%s", err, rec.Body.String())
	}
	return info
}

// newSheetFacts are the facts of an option list as the page is served it
// (its defaults read back from JSON) and of Rascal's wagers.
func newSheetFacts(t *testing.T, options []protocol.OptionInfo, wagers []int) sheetFacts {
	t.Helper()
	f := sheetFacts{codes: map[string]bool{}, options: options, points: map[int]bool{}}
	for _, c := range protocol.Cards() {
		f.codes[c.Code], f.codes[c.NamedCode] = true, true
	}
	for _, o := range options {
		if v, ok := o.Default.(float64); ok && o.Unit == string(sk.UnitPoints) && v > 0 {
			f.points[int(v)] = true
		}
	}
	for _, w := range wagers {
		if w > 0 {
			f.points[w] = true
		}
	}
	if len(f.points) < 3 || len(f.codes) == 0 {
		t.Fatalf("too few facts to look for: points %v, %d codes", f.points, len(f.codes))
	}
	return f
}

// leaks lists the rules script src (the file name) writes, one line each.
func (f sheetFacts) leaks(name, src string) []string {
	js := lexSheetJS(src)
	var out []string
	at := func(line int, format string, args ...any) {
		out = append(out, fmt.Sprintf("%s:%d: ", name, line)+fmt.Sprintf(format, args...))
	}
	// Card codes: a string naming a card by its code, alone or in words.
	word := regexp.MustCompile(`\b[A-Z][A-Z0-9]*\b`)
	for _, s := range js.strs {
		for _, w := range word.FindAllString(s.text, -1) {
			if f.codes[w] {
				at(s.line, "card code %q in a string: name cards with the server's phrases", w)
			}
		}
	}
	// Standard values: an option's key given its standard value, as a
	// property, an assignment or a fallback — or, for an option worth
	// points, any number; for the schedule, any list of cards.
	lit := regexp.MustCompile(`^(-?\d+|true\b|false\b|'[^']*'|"[^"]*"|\[\s*\d)`)
	for _, o := range f.options {
		re := regexp.MustCompile(`\b` + o.Key + `['"]?\s*(?::|=[^=]|\|\||\?\?)\s*`)
		for _, m := range re.FindAllStringIndex(js.code, -1) {
			v := lit.FindString(js.code[m[1]:])
			if v != "" && f.byHand(o, v) {
				at(lineAt(js.code, m[0]), "standard value of %s written by hand (%q): read it from the option table", o.Key, js.code[m[0]:m[1]]+v)
			}
		}
	}
	// Point values: a number the rules score, in the code or in a string,
	// but where an allowance says why it is no rule.
	bare := js.bare
	for _, a := range sheetNumberAllowed {
		if a.file == name {
			bare = strings.ReplaceAll(bare, a.pattern, strings.Repeat(" ", len(a.pattern)))
		}
	}
	num := regexp.MustCompile(`\b\d+\b`)
	point := func(line int, text string) {
		for _, n := range num.FindAllString(text, -1) {
			if v, _ := strconv.Atoi(n); f.points[v] {
				at(line, "point value %d written by hand: the server scores, the option table says the values", v)
			}
		}
	}
	for i, l := range strings.Split(bare, "\n") {
		point(i+1, l)
	}
	for _, s := range js.strs {
		point(s.line, s.text)
	}
	return out
}

// byHand reports whether literal v, written beside option o's key, is a
// rule the option table holds: o's standard value; any number for an
// option counted in points; any list of cards for the schedule.
func (f sheetFacts) byHand(o protocol.OptionInfo, v string) bool {
	switch {
	case strings.HasPrefix(v, "["):
		return o.Type == string(sk.OptionSchedule)
	case strings.HasPrefix(v, "'") || strings.HasPrefix(v, `"`):
		return o.Default == v[1:len(v)-1]
	case v == "true" || v == "false":
		return o.Default == (v == "true")
	}
	n, err := strconv.Atoi(v)
	if err != nil || o.Type != string(sk.OptionInt) {
		return false
	}
	return o.Unit == string(sk.UnitPoints) || o.Default == float64(n)
}

func lineAt(s string, i int) int { return strings.Count(s[:i], "\n") + 1 }

// jsText is a script taken apart as far as the checks need: code is the
// script without its comments, bare the same with every string and
// regular expression blanked out, and strs the texts of its strings (a
// template's text parts), each with its line. Blanks keep every line
// where it was.
type jsText struct {
	code, bare string
	strs       []jsString
}

type jsString struct {
	text string
	line int
}

// lexJS reads a script well enough for these checks: comments, quoted
// strings, templates with their ${…} parts, and regular expressions, told
// from a division by what precedes them.
func lexSheetJS(src string) jsText {
	l := &jsLexer{src: src}
	l.run(false)
	return jsText{code: l.code.String(), bare: l.bare.String(), strs: l.strs}
}

type jsLexer struct {
	src        string
	i          int
	code, bare strings.Builder
	strs       []jsString
}

func (l *jsLexer) line() int { return strings.Count(l.src[:l.i], "\n") + 1 }

// blank keeps only the line breaks of text.
func blank(text string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' {
			return '\n'
		}
		return ' '
	}, text)
}

// emit writes text to the code and to the bare code, or only its line
// breaks to the bare code when it is a literal.
func (l *jsLexer) emit(text string, literal bool) {
	l.code.WriteString(text)
	if literal {
		l.bare.WriteString(blank(text))
	} else {
		l.bare.WriteString(text)
	}
}

// run reads code up to the end, or, inside a template's ${…}, up to the
// brace that closes it.
func (l *jsLexer) run(inTemplate bool) {
	depth := 0
	for l.i < len(l.src) {
		rest := l.src[l.i:]
		c := rest[0]
		switch {
		case strings.HasPrefix(rest, "//"):
			end := strings.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			}
			l.i += end
		case strings.HasPrefix(rest, "/*"):
			end := strings.Index(rest[2:], "*/")
			if end < 0 {
				end = len(rest) - 4
			}
			l.emit(blank(rest[:end+4]), false)
			l.i += end + 4
		case c == '\'' || c == '"':
			l.quoted(c)
		case c == '`':
			l.template()
		case c == '/' && l.regexHere():
			l.regex()
		case c == '{':
			depth++
			l.emit("{", false)
			l.i++
		case c == '}':
			if inTemplate && depth == 0 {
				return
			}
			depth--
			l.emit("}", false)
			l.i++
		default:
			l.emit(string(c), false)
			l.i++
		}
	}
}

func (l *jsLexer) quoted(q byte) {
	start, line := l.i, l.line()
	var text strings.Builder
	l.i++
	for l.i < len(l.src) && l.src[l.i] != q && l.src[l.i] != '\n' {
		if l.src[l.i] == '\\' && l.i+1 < len(l.src) {
			l.i++
		}
		text.WriteByte(l.src[l.i])
		l.i++
	}
	l.i++
	l.i = min(l.i, len(l.src))
	l.strs = append(l.strs, jsString{text.String(), line})
	l.emit(l.src[start:l.i], true)
}

// template reads a template literal: its text parts are strings, its
// ${…} parts code.
func (l *jsLexer) template() {
	l.emit("`", true)
	l.i++
	part, line := strings.Builder{}, l.line()
	flush := func() {
		l.strs = append(l.strs, jsString{part.String(), line})
		part.Reset()
	}
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case c == '\\' && l.i+1 < len(l.src):
			part.WriteString(l.src[l.i : l.i+2])
			l.emit(l.src[l.i:l.i+2], true)
			l.i += 2
		case c == '`':
			flush()
			l.emit("`", true)
			l.i++
			return
		case strings.HasPrefix(l.src[l.i:], "${"):
			flush()
			l.emit("${", true)
			l.i += 2
			l.run(true)
			l.emit("}", true)
			l.i++
			line = l.line()
		default:
			part.WriteByte(c)
			l.emit(string(c), true)
			l.i++
		}
	}
	flush()
}

// regexHere tells a regular expression from a division: one may start
// where a value may, after an operator, a bracket or a keyword.
func (l *jsLexer) regexHere() bool {
	before := strings.TrimRight(l.code.String(), " \t\n")
	if before == "" {
		return true
	}
	if strings.ContainsRune("(,=:[!&|?{};+-*%<>~^", rune(before[len(before)-1])) {
		return true
	}
	for _, kw := range []string{"return", "typeof", "case", "in", "of"} {
		if strings.HasSuffix(before, kw) && !isIdent(before[:len(before)-len(kw)]) {
			return true
		}
	}
	return false
}

// isIdent reports whether s ends in a character of a name.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (l *jsLexer) regex() {
	start, inClass := l.i, false
	l.i++
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		c := l.src[l.i]
		if c == '\\' {
			l.i += 2
			continue
		}
		if c == '[' {
			inClass = true
		} else if c == ']' {
			inClass = false
		} else if c == '/' && !inClass {
			break
		}
		l.i++
	}
	l.i = min(l.i+1, len(l.src))
	for l.i < len(l.src) && isIdent(l.src[l.i:l.i+1]) {
		l.i++ // flags
	}
	l.emit(l.src[start:l.i], true)
}
