package tui

import (
	"errors"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// problemText is what the server reports went wrong (a refusal's problem,
// a bye's), in the catalogue's words for lang, as a line of its own: never
// the server's own English, which is for logs.
func problemText(lang *locale.Lang, p *protocol.Problem) string {
	return protocol.Capital(problemWords(lang, p))
}

// problemWords is the problem as a sentence's placeholder takes it, after
// a colon.
func problemWords(lang *locale.Lang, p *protocol.Problem) string {
	return clean(words.Words{Lang: lang}.Problem(p), 300)
}

// serverProblem is the problem the server gave for err, a refusal or a
// bye the Conn returned, if it gave one.
func serverProblem(err error) (*client.Error, bool) {
	var ce *client.Error
	if errors.As(err, &ce) && ce.Problem != nil {
		return ce, true
	}
	return nil, false
}

// lostError is the error that ended a seat's connection, kept whole when
// the server said why as a problem (the screen words it), else cleaned of
// what a terminal must not be sent.
func lostError(err error) error {
	if _, ok := serverProblem(err); ok {
		return err
	}
	return errors.New(clean(err.Error(), 300))
}
