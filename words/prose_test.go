package words

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/prose"
)

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
		for _, s := range prose.InGo(f, nil) {
			t.Errorf("%s: %q is words for a person: put it in locale/en.json", fset.Position(s.Pos()), s.Value)
		}
	}
}
