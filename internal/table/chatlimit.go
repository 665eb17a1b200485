package table

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/skullking-go/skullking/protocol"
)

// checkChat trims a chat line and checks it: 1 to protocol.MaxChat
// printable characters. A refusal comes with its wire code — a line too
// long has its own, so that a client can ask for a shorter one — and the
// problem saying exactly what is wrong.
func checkChat(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", refused(protocol.ProblemChatEmpty, "Max", protocol.MaxChat)
	}
	if !utf8.ValidString(text) {
		return "", refused(protocol.ProblemChatNotUTF8)
	}
	if n := utf8.RuneCountInString(text); n > protocol.MaxChat {
		return "", refusedAs(protocol.ErrChatTooLong, protocol.ProblemChatTooLong, "Count", n, "Max", protocol.MaxChat)
	}
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return "", refused(protocol.ProblemChatUnprintable, "Char", fmt.Sprintf("%U", r))
		}
	}
	return text, nil
}

// chatLimits bound a table's chat as a whole, whatever the number of
// connections: each connection's own message rate does not stop a crowd of
// them. Players and spectators draw on separate buckets, so spectators
// allowed to chat can fill theirs without silencing the players.
type chatLimits struct {
	seats, spectators *rate.Limiter
}

// newChatLimits makes a table's buckets: perSecond lines a second for each
// side, bursts of burst; a negative perSecond, no limit.
func newChatLimits(perSecond float64, burst int) chatLimits {
	l := rate.Limit(perSecond)
	if perSecond < 0 {
		l = rate.Inf
	}
	return chatLimits{seats: rate.NewLimiter(l, burst), spectators: rate.NewLimiter(l, burst)}
}

// allow takes a line from the seats' bucket or the spectators'.
func (c chatLimits) allow(seated bool, now time.Time) bool {
	if seated {
		return c.seats.AllowN(now, 1)
	}
	return c.spectators.AllowN(now, 1)
}
