package table

import (
	"errors"

	"github.com/skullking-go/skullking/protocol"
)

// refusal is a message or a request refused: the error code a program
// switches on and the problem its client words for the person. Its Error
// is the problem's code and facts, for logs.
type refusal struct {
	code    string
	problem *protocol.Problem
}

func (e *refusal) Error() string { return e.problem.String() }

// refused is a bad_request refusal of problem code with its facts as
// name, value pairs (protocol.NewProblem).
func refused(code string, pairs ...any) *refusal {
	return &refusal{code: protocol.ErrBadRequest, problem: protocol.NewProblem(code, pairs...)}
}

// refusedAs is a refusal under an error code of its own, where
// bad_request would not tell a client what to do.
func refusedAs(errCode, code string, pairs ...any) *refusal {
	return &refusal{code: errCode, problem: protocol.NewProblem(code, pairs...)}
}

// problemOf is err's problem: its own when it is a refusal, else the
// server's failure (whose words are for the log).
func problemOf(err error) *protocol.Problem {
	var r *refusal
	if errors.As(err, &r) {
		return r.problem
	}
	return protocol.NewProblem(protocol.ProblemInternal)
}

// ErrorMsg is the error answering message id: code and the problem. Its
// English (Message) is the sender's to add (English).
func ErrorMsg(id int64, code string, p *protocol.Problem) protocol.ServerMsg {
	return protocol.ServerMsg{Type: protocol.TypeError, ID: id, Code: code, Problem: p}
}

// ByeMsg is a bye for problem code: why the connection closes. Its
// English (Reason) is the sender's to add (English).
func ByeMsg(code string, reconnect bool) protocol.ServerMsg {
	return protocol.ServerMsg{Type: protocol.TypeBye, Problem: protocol.NewProblem(code), Reconnect: reconnect}
}

// rulesRefused is the engine's refusal of a table's rules for players
// seats, as the option list's refused says it (protocol.RulesRefusal).
func rulesRefused(err error, players int) *refusal {
	return &refusal{code: protocol.ErrBadRequest, problem: protocol.RulesRefusal(err, players)}
}
