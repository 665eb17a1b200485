package words

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// prose is two words in a row: what a sentence for a person has and an
// id of the catalogue ("trick.won.you") or a placeholder's name never does.
var prose = regexp.MustCompile(`\pL{2,}\s+\pL{2,}`)

// TestWordsWritesNoSentenceOfItsOwn reads the package's code: its string
// literals are the catalogue's ids, placeholders' names and separators,
// never words for a person, which are the catalogue's alone.
func TestWordsWritesNoSentenceOfItsOwn(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sentencesIn(f) {
			t.Errorf("%s: %q is words for a person: put it in locale/en.json", fset.Position(s.Pos()), s.Value)
		}
	}
}

// sentencesIn are the string literals of f that read as prose.
func sentencesIn(f *ast.File) []*ast.BasicLit {
	var out []*ast.BasicLit
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && prose.MatchString(s) {
				out = append(out, lit)
			}
		}
		return true
	})
	return out
}

// The check finds a sentence written in code, and lets ids and
// separators be.
func TestTheProseCheckFindsASentence(t *testing.T) {
	src := `package p
var a = w.lang().T("trick.won.you", nil) + "; " + "Cards"
var b = "It is your turn."
var c = "You bid " + n`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range sentencesIn(f) {
		got = append(got, s.Value)
	}
	if strings.Join(got, " ") != `"It is your turn." "You bid "` {
		t.Errorf("found %v", got)
	}
}
