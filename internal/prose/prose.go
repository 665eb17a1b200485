// Package prose finds words for a person written in code. Every sentence
// a player reads lives in the catalogue (locale/); the checks that keep
// it there read the Go and JavaScript sources with this package, and
// fail on a string that reads as a sentence.
package prose

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
)

// Sentence matches two words in a row: what a sentence for a person has,
// and an id of the catalogue ("trick.won.you"), a placeholder's name, a
// key's name or a CSS selector never has.
var Sentence = regexp.MustCompile(`\pL{2,}(?:\s*[&,;:!?]\s*|\s+)\pL{2,}`)

// InGo are the string literals of f that read as a sentence, but those
// allowed says may stand (a command line to type, the same in every
// language). A struct's tag is the encoder's, never read.
func InGo(f *ast.File, allowed func(string) bool) []*ast.BasicLit {
	var out []*ast.BasicLit
	ast.Inspect(f, func(n ast.Node) bool {
		if field, ok := n.(*ast.Field); ok && field.Tag != nil {
			return false
		}
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && Sentence.MatchString(s) && (allowed == nil || !allowed(s)) {
				out = append(out, lit)
			}
		}
		return true
	})
	return out
}
