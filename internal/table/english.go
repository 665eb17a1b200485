package table

import "github.com/skullking-go/skullking/protocol"

// English words what a table reports in codes, for the English a frame
// carries beside them (an error's message, a bye's reason, a hint's text)
// for logs and tools; a client words the codes in its player's language
// itself. The server passes words.English. A table without one (the
// browser's own table, whose catalogue stays in the page) sends the codes
// alone, and the package needs no catalogue to run.
type English interface {
	Problem(p *protocol.Problem) string
	// Refusal is the engine's refusal as seat you hears it, the seats
	// named by names.
	Refusal(r *protocol.Refusal, you int, names []string) string
	// Advice is a hint: the action and why.
	Advice(a protocol.Action, why *protocol.Why) string
}

// problemText is p in English, or nothing without English.
func (m *Manager) problemText(p *protocol.Problem) string {
	if m.cfg.English == nil || p == nil {
		return ""
	}
	return m.cfg.English.Problem(p)
}

// errorMsg is ErrorMsg with its English.
func (t *Table) errorMsg(id int64, code string, p *protocol.Problem) protocol.ServerMsg {
	msg := ErrorMsg(id, code, p)
	msg.Message = t.m.problemText(p)
	return msg
}

// byeMsg is ByeMsg with its English.
func (t *Table) byeMsg(code string, reconnect bool) protocol.ServerMsg {
	msg := ByeMsg(code, reconnect)
	msg.Reason = t.m.problemText(msg.Problem)
	return msg
}
