package prose

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// The check finds a sentence written in code, glued or whole, and lets
// ids, keys, separators, struct tags and what the caller allows be.
func TestInGoFindsASentence(t *testing.T) {
	src := `package p
type T struct{ A int ` + "`json:\"a b,omitempty\" doc:\"two words\"`" + ` }
var a = m.t("tui.prompt.bid", nil) + " · " + "Card"
var b = "Your bid: how many tricks will you take?"
var c = "Waiting for " + names
var d = fmt.Errorf("cannot join %s: %w", key, err)
var e = map[string]string{"p": "pirate", "left": "pirate"}
var f = m.t("tui.note.rematch", locale.Args{"Command": "skullking play --join " + link})
var g = "Keys & pace"`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range InGo(f, func(s string) bool { return strings.HasPrefix(s, "skullking ") }) {
		got = append(got, s.Value)
	}
	want := `"Your bid: how many tricks will you take?" "Waiting for " "cannot join %s: %w" "Keys & pace"`
	if strings.Join(got, " ") != want {
		t.Errorf("found %v, want %s", got, want)
	}
}
