package words

import (
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Problem is what the server reports went wrong (an error's or a bye's
// problem, an HTTP error body's), as the catalogue's sentence
// error.<code> in w's language. A problem this catalogue does not know
// (a later server's), or none, is said as a refusal it cannot explain.
func (w Words) Problem(p *protocol.Problem) string {
	l := w.Lang
	if p == nil || !l.Has("error."+p.Code) {
		return l.T("error."+protocol.ProblemUnknown, nil)
	}
	args := locale.Args{}
	count, counted := 0, false
	for k, v := range p.Args {
		if k == "Count" {
			count, counted = number(v)
			continue
		}
		args[k] = v
	}
	if counted {
		return l.N("error."+p.Code, count, args)
	}
	return l.T("error."+p.Code, args)
}

// Problem is p in English, the server's words for its logs and for tools
// (an error's message, a bye's reason).
func Problem(p *protocol.Problem) string { return Words{}.Problem(p) }
