package words

import (
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Why is the expert's reason for a hint (protocol.Why) as the catalogue's
// sentence hint.why.<code> in w's language, its cards named by their
// phrases; a reason this catalogue does not know says nothing ("").
func (w Words) Why(y *protocol.Why) string {
	l := w.Lang
	if y == nil || !l.Has("hint.why."+y.Code) {
		return ""
	}
	phrase := func(c int) string {
		ci, _ := protocol.CardRef{Card: c}.Info()
		return w.CardPhrase(ci, y.Named)
	}
	args := locale.Args{}
	if y.Card != nil {
		args["Card"] = phrase(*y.Card)
	}
	if len(y.Cards) > 0 {
		var names []string
		for _, c := range y.Cards {
			names = append(names, phrase(c))
		}
		args["Cards"] = w.list(names)
	}
	if y.Value != nil {
		args["Value"] = *y.Value
	}
	if y.Count != nil {
		return l.N("hint.why."+y.Code, *y.Count, args)
	}
	return l.T("hint.why."+y.Code, args)
}
