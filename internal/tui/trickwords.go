package tui

import "github.com/skullking-go/skullking/protocol"

// trickWords tells a completed trick in the view's words: the trick says
// itself whether its bonus still counts (protocol.Trick.BonusLost).
func (m *Model) trickWords(t *protocol.Trick) string { return m.words.Trick(t) }
