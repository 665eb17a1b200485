package words

import (
	"fmt"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Sentence words m, a sentence the server sent as the catalogue's id and
// placeholders, for the reader of w in w's language (English without one).
func (w Words) Sentence(m protocol.Sentence) string {
	return fmt.Sprint(w.messageValue(m, w.Lang))
}

// messageValue is m as a placeholder's value: a number stays a number,
// for the language to write; anything else is words.
func (w Words) messageValue(m protocol.Sentence, l *locale.Lang) any {
	switch {
	case m.Action != nil:
		return w.Action(*m.Action)
	case m.Name != nil:
		return *m.Name
	case m.Number != nil:
		return *m.Number
	}
	args := make(locale.Args, len(m.Args))
	for k, a := range m.Args {
		args[k] = w.messageValue(a, l)
	}
	if m.Count != nil {
		return l.N(m.ID, *m.Count, args)
	}
	return l.T(m.ID, args)
}
