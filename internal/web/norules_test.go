package web

import (
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// The browser renders what the server reports and keeps no rule of its
// own: no table of cards (the catalogue comes from GET /api/cards), no
// follow-suit or trick logic on card ids and ranks, no option defaults (the
// option table comes from GET /api/options). TestClientKeepsNoRules reads
// the table's page and its modules for the marks such a rule leaves: a card
// code in a string ('B11', "SK", 'MER'), a pattern that parses codes
// ([GYPB]) or reads one apart (code[0]), a card id or a rank compared with
// a number, an option's default written down. The score keeper's page (static/sheet/) belongs to another
// part of the project and is checked by TestScoreKeeperKeepsNoCardTable for
// what it already keeps to.

// ruleFinding is one mark of a rule kept in the client.
type ruleFinding struct {
	line int
	what string
	text string
}

func (f ruleFinding) String() string { return fmt.Sprintf("line %d: %s: %s", f.line, f.what, f.text) }

// jsPiece is a stretch of a JavaScript file: code, or the inside of a
// string, template or regular expression literal. Comments are dropped.
type jsPiece struct {
	literal bool
	text    string
	line    int // where it starts
}

// lexJS splits JavaScript source into code and literals, dropping
// comments, well enough for the client's own files: strings with escapes,
// templates with ${…} holes (nested ones too) and regular expression
// literals, told from a division by what comes before them.
func lexJS(src string) []jsPiece {
	var out []jsPiece
	var cur strings.Builder
	line, start := 1, 1
	emit := func(lit bool) {
		if cur.Len() > 0 {
			out = append(out, jsPiece{literal: lit, text: cur.String(), line: start})
		}
		cur.Reset()
		start = line
	}
	var holes []int // brace depth at each open ${ of a template
	depth := 0
	lastSig := byte('(') // the last code character that is not a space
	i := 0
	n := len(src)
	next := func() byte {
		c := src[i]
		if c == '\n' {
			line++
		}
		i++
		return c
	}
	// literal reads a quoted literal up to its closing quote; a template
	// stops at a ${ hole, which returns to code.
	literal := func(q byte) (hole bool) {
		emit(false)
		for i < n {
			c := next()
			switch {
			case c == '\\' && i < n:
				cur.WriteByte(c)
				cur.WriteByte(next())
			case c == q:
				emit(true)
				return false
			case q == '`' && c == '$' && i < n && src[i] == '{':
				next()
				emit(true)
				return true
			case q != '`' && c == '\n':
				emit(true) // an unclosed string ends at the line
				return false
			default:
				cur.WriteByte(c)
			}
		}
		emit(true)
		return false
	}
	for i < n {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i+1 < n && !(src[i] == '*' && src[i+1] == '/') {
				next()
			}
			i += 2
		case c == '\'' || c == '"' || c == '`':
			next()
			if literal(c) {
				holes = append(holes, depth)
			}
			lastSig = 'x'
		case c == '}' && len(holes) > 0 && holes[len(holes)-1] == depth:
			next()
			holes = holes[:len(holes)-1]
			if literal('`') {
				holes = append(holes, depth)
			}
			lastSig = 'x'
		case c == '/' && strings.IndexByte("(,=:[!&|?{};+-*%<>~^", lastSig) >= 0:
			// A regular expression literal.
			emit(false)
			next()
			class := false
			for i < n {
				d := next()
				if d == '\\' && i < n {
					cur.WriteByte(d)
					cur.WriteByte(next())
					continue
				}
				if d == '[' {
					class = true
				} else if d == ']' {
					class = false
				} else if (d == '/' && !class) || d == '\n' {
					break
				}
				cur.WriteByte(d)
			}
			emit(true)
			for i < n && (src[i] >= 'a' && src[i] <= 'z') {
				next() // flags
			}
			lastSig = 'x'
		default:
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
			}
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				lastSig = c
				if isWordByte(c) {
					lastSig = 'x'
				}
			}
			cur.WriteByte(next())
		}
	}
	emit(false)
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// cardCodes are every code a card has on the wire: its code, its named
// code, and the Tigress's with her declaration.
func cardCodes() map[string]bool {
	codes := map[string]bool{}
	for _, c := range protocol.Cards() {
		codes[c.Code], codes[c.NamedCode] = true, true
		if c.Kind == "tigress" {
			codes[c.Code+"-P"], codes[c.Code+"-E"] = true, true
		}
	}
	return codes
}

var (
	upperWord   = regexp.MustCompile(`[A-Z][A-Z0-9]*(?:-[A-Z])?`)
	suitClass   = regexp.MustCompile(`\[[GYPB]{4}\]`)
	cmp         = `(?:===?|!==?|<=?|>=?)`
	idCompared  = regexp.MustCompile(`\.card2?\s*` + cmp + `\s*(?:\d+|[A-Z][A-Z0-9_]*)\b|\b(?:\d+|[A-Z][A-Z0-9_]*)\s*` + cmp + `\s*[\w.]*\.card2?\b`)
	rankCompare = regexp.MustCompile(`\brank\s*` + cmp + `\s*\d+|\b\d+\s*` + cmp + `\s*[\w.]*\brank\b`)
	defaultProp = regexp.MustCompile(`\b(?:def|default|standard)\s*:\s*(?:-?\d|true\b|false\b|'|")`)
	number      = regexp.MustCompile(`(?:^|[^\w.$])\d+\b`)
	codeKey     = regexp.MustCompile(`(?:^|[{,\s])([A-Z][A-Z0-9]*)\s*:`)
	codeParsed  = regexp.MustCompile(`\.code\s*(?:\[|\.(?:startsWith|endsWith|slice|substring|substr|charAt|split|match|replace)\b)`)
)

// siteOptions is the option list of GET /api/options: the engine's rules
// and the table's settings.
func siteOptions() []protocol.OptionInfo {
	return append(protocol.RuleOptions(), table.SettingOptions()...)
}

// numericOptions are the keys of the options whose values are numbers.
func numericOptions(options []protocol.OptionInfo) []string {
	var keys []string
	for _, o := range options {
		if o.Type == string(skullking.OptionInt) {
			keys = append(keys, o.Key)
		}
	}
	return keys
}

// scanJS lists the marks of rules kept in one JavaScript file, with the
// site's option list.
func scanJS(src string) []ruleFinding { return scanJSFor(src, siteOptions()) }

// scanJSFor is scanJS with the option list options.
func scanJSFor(src string, options []protocol.OptionInfo) []ruleFinding {
	codes := cardCodes()
	numeric := numericOptions(options)
	var out []ruleFinding
	lines := map[int]*strings.Builder{} // the file's code (not literals), line by line, to look for option keys and numbers
	for _, p := range lexJS(src) {
		if !p.literal {
			for _, m := range codeKey.FindAllStringSubmatch(p.text, -1) {
				if codes[m[1]] {
					out = append(out, ruleFinding{p.line, "a card code as a key", m[1]})
				}
			}
		}
		if p.literal {
			for _, w := range upperWord.FindAllString(p.text, -1) {
				if codes[w] {
					out = append(out, ruleFinding{p.line, "a card code in a literal", fmt.Sprintf("%q in %q", w, p.text)})
				}
			}
			if suitClass.MatchString(p.text) {
				out = append(out, ruleFinding{p.line, "a pattern of card codes", p.text})
			}
		}
		for k, l := range strings.Split(p.text, "\n") {
			b := lines[p.line+k]
			if b == nil {
				b = &strings.Builder{}
				lines[p.line+k] = b
			}
			if p.literal {
				b.WriteString(" '" + l + "' ")
			} else {
				b.WriteString(l)
			}
		}
	}
	nums := make([]int, 0, len(lines))
	for n := range lines {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		l := lines[n].String()
		code := regexp.MustCompile(`'[^']*'`).ReplaceAllString(l, "''")
		if m := idCompared.FindString(code); m != "" {
			out = append(out, ruleFinding{n, "a card id compared with a number", m})
		}
		if m := codeParsed.FindString(code); m != "" {
			out = append(out, ruleFinding{n, "a card code read apart", m})
		}
		if m := rankCompare.FindString(code); m != "" {
			out = append(out, ruleFinding{n, "a rank compared with a number", m})
		}
		if m := defaultProp.FindString(code); m != "" {
			out = append(out, ruleFinding{n, "an option default written down", m})
		}
		for _, key := range numeric {
			if regexp.MustCompile(`\b`+key+`\b`).MatchString(l) && number.MatchString(code) {
				out = append(out, ruleFinding{n, "option " + key + " beside a number", strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// scanHTML lists card codes written into a page's markup or text.
func scanHTML(src string) []ruleFinding {
	codes := cardCodes()
	var out []ruleFinding
	for i, l := range strings.Split(src, "\n") {
		for _, w := range upperWord.FindAllString(l, -1) {
			if codes[w] {
				out = append(out, ruleFinding{i + 1, "a card code in the page", strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// clientFiles are the table's page and its modules, with their contents.
func clientFiles(t *testing.T, under string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := fs.WalkDir(static, under, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html") {
			b, err := static.ReadFile(p)
			if err != nil {
				return err
			}
			files[p] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func scanFile(name, src string) []ruleFinding { return scanFileFor(name, src, siteOptions()) }

func scanFileFor(name, src string, options []protocol.OptionInfo) []ruleFinding {
	if strings.HasSuffix(name, ".html") {
		return scanHTML(src)
	}
	return scanJSFor(src, options)
}

func TestClientKeepsNoRules(t *testing.T) {
	for _, f := range clientRules(t, siteOptions()) {
		t.Error(f)
	}
}

// clientRules lists the rules the table's page and its modules keep, by
// the option list options.
func clientRules(t *testing.T, options []protocol.OptionInfo) []string {
	t.Helper()
	files := clientFiles(t, "static/assets")
	b, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	files["static/index.html"] = string(b)
	if len(files) < 10 {
		t.Fatalf("only %d files to read: the client moved?", len(files))
	}
	var out []string
	for name, src := range files {
		for _, f := range scanFileFor(name, src, options) {
			out = append(out, fmt.Sprintf("%s %v", name, f))
		}
	}
	return out
}

// TestScoreKeeperKeepsNoCardTable reads the score keeper's page for the one
// mark it already keeps clear of, a table of cards by their codes.
func TestScoreKeeperKeepsNoCardTable(t *testing.T) {
	for name, src := range clientFiles(t, "static/sheet") {
		for _, f := range scanFile(name, src) {
			if strings.HasPrefix(f.what, "a card code") || f.what == "a pattern of card codes" {
				t.Errorf("%s %v", name, f)
			}
		}
	}
}

// TestRuleCheckFindsEachMark feeds the check one line of each kind of rule
// kept in a client, and lines that keep none: the check must tell them
// apart, or TestClientKeepsNoRules could pass by finding nothing.
func TestRuleCheckFindsEachMark(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // what the check must find; "" for nothing
	}{
		{`const code = 'B11';`, "a card code in a literal"},
		{`if (c.code === "SK") win();`, "a card code in a literal"},
		{"const label = `a ${x} MER here`;", "a card code in a literal"},
		{`const u = "TIG-P";`, "a card code in a literal"},
		{`const SPECIALS = { SK: { name: 'Skull King' }, PIR: {} };`, "a card code as a key"},
		{`const has = hand.some((c) => c.code[0] === letter);`, "a card code read apart"},
		{`if (p.code.startsWith(suit)) follow();`, "a card code read apart"},
		{`const m = /^([GYPB])(\d{1,2})$/.exec(code);`, "a pattern of card codes"},
		{`if (c.card === 61) tigress();`, "a card id compared with a number"},
		{`if (TIGRESS == p.card) tigress();`, "a card id compared with a number"},
		{`const high = info.rank === 14;`, "a rank compared with a number"},
		{`if (14 <= c.rank) bonus();`, "a rank compared with a number"},
		{`{ key: 'points_per_trick', label: 'Points', def: 20 },`, "an option default written down"},
		{`options.bonus_fourteen = 10;`, "option bonus_fourteen beside a number"},
		{`const o = { default: true };`, "an option default written down"},
		// No rule kept: ids compared with ids, a kind by its name, a key
		// with no number, words that only look like codes.
		{`if (a.card === c.card && c.kind === 'skull_king') draw();`, ""},
		{`const o = optionOf('points_per_trick'); input.value = o.default;`, ""},
		{`// the black 11 ('B11') is named by the catalogue`, ""},
		{`toast('Esc closes a window', 'info'); const ok = n === 14;`, ""},
		{"const s = `${a}/${b}`; const r = x / 2 / y;", ""},
	} {
		got := scanJS(c.src)
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: found %v, want nothing", c.src, got)
		case c.want != "" && (len(got) == 0 || got[0].what != c.want):
			t.Errorf("%s: found %v, want %q", c.src, got, c.want)
		}
	}
	if got := scanHTML(`<p>Lead with <span data-card="SK"></span></p>`); len(got) != 1 {
		t.Errorf("a card code in the page: found %v", got)
	}
}
