package protocol

// Sentence is a sentence of the catalogue (locale/*.json) as a server
// sends it, for the reader's renderer to word in the reader's language
// (package words; assets/words.js), or the value of one of its
// placeholders. It is exactly one of:
//   - a sentence: ID, with Count for its plural form and Args for its
//     placeholders, each a Sentence;
//   - a Number, written the language's way;
//   - a player's Name, as they typed it;
//   - an Action of the protocol, worded as the renderer words a seat's
//     action, its cards named.
type Sentence struct {
	ID     string              `json:"id,omitempty"`
	Count  *int                `json:"count,omitempty"`
	Args   map[string]Sentence `json:"args,omitempty"`
	Number *float64            `json:"number,omitempty"`
	Name   *string             `json:"name,omitempty"`
	Action *Action             `json:"action,omitempty"`
}

// SentenceArgs are a sentence's placeholders, by name.
type SentenceArgs = map[string]Sentence

// Say is the catalogue's sentence id with its placeholders.
func Say(id string, args SentenceArgs) Sentence { return Sentence{ID: id, Args: args} }

// SayCounted is sentence id in the plural form count calls for, which is
// also its {{.Count}}.
func SayCounted(id string, count int, args SentenceArgs) Sentence {
	return Sentence{ID: id, Count: &count, Args: args}
}

// NumberOf is a placeholder's number.
func NumberOf[N int | float64](x N) Sentence {
	f := float64(x)
	return Sentence{Number: &f}
}

// NameOf is a placeholder's player name.
func NameOf(s string) Sentence { return Sentence{Name: &s} }

// ActionOf is a placeholder's action.
func ActionOf(a Action) Sentence { return Sentence{Action: &a} }
