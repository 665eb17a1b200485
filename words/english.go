package words

import "github.com/skullking-go/skullking/protocol"

// English words a table's codes for the English its frames carry beside
// them (an error's message, a bye's reason, a hint's text), for logs and
// tools: the server gives it to its tables (table.Config.English).
type English struct{}

// Problem is p in English.
func (English) Problem(p *protocol.Problem) string { return Problem(p) }

// Refusal is the engine's refusal as seat you hears it, the seats named
// by names.
func (English) Refusal(r *protocol.Refusal, you int, names []string) string {
	return Words{You: you, Names: names}.Refusal(r)
}

// Advice is a hint in one line: "bid 2: the Skull King should win; the
// rest will lose".
func (English) Advice(a protocol.Action, why *protocol.Why) string {
	w := Words{}
	if why == nil {
		return w.Action(a)
	}
	return w.Action(a) + ": " + w.Why(why)
}
