package tui

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// The screen keeps no rule and no card table of its own: it draws the
// view, words it with words.Words and names cards from protocol.Cards.
// These tests read the screen's own source (its non-test files) to keep it
// so.

const module = "github.com/skullking-go/skullking"

// screenFiles parses the screen package's non-test files.
func screenFiles(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	if len(files) == 0 {
		t.Fatal("no source files found")
	}
	return fset, files
}

// allowedImports are the project's packages the screen may use: the
// wire's vocabulary, its sentences (words, from the catalogue), the
// client, and its tables' contract.
var allowedImports = []string{module + "/protocol", module + "/words", module + "/locale", module + "/client", module + "/internal/tui/feed"}

// badImports lists the imports of f from the project that the screen may
// not use: the engine above all, and the bots, the server's tables.
func badImports(f *ast.File) []string {
	var out []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if (path == module || strings.HasPrefix(path, module+"/")) && !slices.Contains(allowedImports, path) {
			out = append(out, path)
		}
	}
	return out
}

func TestScreenDoesNotImportTheEngine(t *testing.T) {
	_, files := screenFiles(t)
	for name, f := range files {
		for _, path := range badImports(f) {
			t.Errorf("%s imports %s: the screen renders protocol views and keeps no rule", name, path)
		}
	}
}

// cardCodes are every code a record writes for a card: the catalogue's,
// and the Tigress's declared.
func cardCodes() map[string]bool {
	codes := map[string]bool{}
	for _, c := range protocol.Cards() {
		codes[c.Code], codes[c.NamedCode] = true, true
	}
	for _, as := range []skullking.TigressAs{skullking.AsPirate, skullking.AsEscape} {
		codes[skullking.PlayTigress(0, as).CardCode(false)] = true
	}
	return codes
}

// codeTokens splits a string into the words a card code could be.
func codeTokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
}

// isCardID reports whether e reads a card's id: x.Card, x.Card2, *x.Card.
func isCardID(e ast.Expr) bool {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Card" || sel.Sel.Name == "Card2")
}

// names is the name an expression reads, for telling a card table.
func names(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return names(e.X) + "." + e.Sel.Name
	case *ast.CallExpr:
		return names(e.Fun) + "()"
	}
	return ""
}

// ruleKeeping lists what in f keeps a rule or a card table of its own: a
// card code written out, a card id compared with a number or a constant,
// the catalogue indexed by a number, a reason code switched on.
func ruleKeeping(fset *token.FileSet, f *ast.File, codes map[string]bool) []string {
	consts := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
			for _, spec := range d.Specs {
				for _, name := range spec.(*ast.ValueSpec).Names {
					consts[name.Name] = true
				}
			}
		}
		return true
	})
	fixed := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.BasicLit:
			return e.Kind == token.INT
		case *ast.Ident:
			return consts[e.Name]
		case *ast.SelectorExpr:
			return true // another package's constant or variable
		}
		return false
	}
	var out []string
	at := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				break
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil {
				break
			}
			for _, w := range append(codeTokens(s), s) {
				if codes[w] {
					at(n, "the card code %s written out", w)
					break
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			default:
				return true
			}
			if (isCardID(n.X) && !isCardID(n.Y) && fixed(n.Y)) || (isCardID(n.Y) && !isCardID(n.X) && fixed(n.X)) {
				at(n, "a card id compared with a fixed value")
			}
		case *ast.IndexExpr:
			name := strings.ToLower(names(n.X))
			if lit, ok := n.Index.(*ast.BasicLit); ok && lit.Kind == token.INT &&
				(strings.Contains(name, "card") || strings.Contains(name, "catalog")) {
				at(n, "the card %s looked up by its id", lit.Value)
			}
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "protocol" && strings.HasPrefix(n.Sel.Name, "Reason") {
				at(n, "the reason code protocol.%s read by the screen (words.Words words them)", n.Sel.Name)
			}
		}
		return true
	})
	return out
}

func TestScreenKeepsNoCardTable(t *testing.T) {
	fset, files := screenFiles(t)
	codes := cardCodes()
	for _, f := range files {
		for _, bad := range ruleKeeping(fset, f, codes) {
			t.Error(bad)
		}
	}
}

// The checks above find what they look for: a screen file that wrote a
// code out, compared a card id, indexed the catalogue or imported the
// engine would fail them.
func TestRuleKeepingIsFound(t *testing.T) {
	src := `package tui

import "github.com/skullking-go/skullking"

const tigress = 61

func bad(h protocol.HandCard, a protocol.Action) string {
	if h.Card == 61 || *a.Card != tigress || h.Card == skullking.Tigress {
		return catalogue[62].Name
	}
	if h.Code == "SK" || h.Code == "TIG-P" {
		return "play B11 now"
	}
	switch t.Reason {
	case protocol.ReasonKraken:
		return "HARRY"
	}
	return protocol.Cards()[3].Help
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bad.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := badImports(f); len(got) != 1 || got[0] != module {
		t.Errorf("imports found: %v", got)
	}
	found := ruleKeeping(fset, f, cardCodes())
	for _, want := range []string{
		"bad.go:8:5: a card id compared", "bad.go:8:21: a card id compared", "bad.go:8:43: a card id compared",
		"bad.go:9:10: the card 62 looked up", "bad.go:11:15: the card code SK", "bad.go:11:33: the card code TIG-P",
		"bad.go:12:10: the card code B11", "bad.go:15:7: the reason code protocol.ReasonKraken",
		"bad.go:16:10: the card code HARRY", "bad.go:18:9: the card 3 looked up",
	} {
		if !slices.ContainsFunc(found, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("not found: %s", want)
		}
	}
	if t.Failed() || len(found) != 10 {
		t.Errorf("%d findings, want 10:\n%s", len(found), strings.Join(found, "\n"))
	}
}
