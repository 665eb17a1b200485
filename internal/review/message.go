package review

import (
	"fmt"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Message is a sentence of the catalogue (locale/*.json) as the server
// sends it, for the reader's renderer to word in the reader's language,
// or the value of one of its placeholders. It is exactly one of:
//   - a sentence: ID, with Count for its plural form and Args for its
//     placeholders, each a Message;
//   - a Number, written the language's way;
//   - a player's Name, as they typed it;
//   - an Action of the protocol, worded by the reader's renderer of the
//     protocol's codes (words.Words.Action, assets/words.js), which names
//     its cards.
type Message struct {
	ID     string             `json:"id,omitempty"`
	Count  *int               `json:"count,omitempty"`
	Args   map[string]Message `json:"args,omitempty"`
	Number *float64           `json:"number,omitempty"`
	Name   *string            `json:"name,omitempty"`
	Action *protocol.Action   `json:"action,omitempty"`
}

// Args are a sentence's placeholders.
type Args = map[string]Message

// sentence is the catalogue's sentence id with its placeholders.
func sentence(id string, args Args) Message { return Message{ID: id, Args: args} }

// counted is sentence id in the plural form count calls for ({{.Count}}).
func counted(id string, count int, args Args) Message {
	return Message{ID: id, Count: &count, Args: args}
}

// number is a placeholder's number.
func number[N int | float64](x N) Message {
	f := float64(x)
	return Message{Number: &f}
}

// named is a placeholder's player name.
func named(s string) Message { return Message{Name: &s} }

// action is a placeholder's action, for the reader's renderer to word.
func action(a protocol.Action) Message { return Message{Action: &a} }

// In words m for the reader of w, in w's language (English without one).
func (m Message) In(w words.Words) string {
	l := w.Lang
	if l == nil {
		l = locale.For(locale.Base)
	}
	return fmt.Sprint(m.value(w, l))
}

// value is m as a placeholder's value: a number stays a number, for the
// language to write; anything else is words.
func (m Message) value(w words.Words, l *locale.Lang) any {
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
		args[k] = a.value(w, l)
	}
	if m.Count != nil {
		return l.N(m.ID, *m.Count, args)
	}
	return l.T(m.ID, args)
}
