package protocol

import (
	"bytes"
	"strconv"
)

// glanceState reads of a state only what a program that acts from its
// view's legal actions needs: the message's type, seq and event, and its
// view's seat, phase and legal actions. It steps over every other value
// without reading or checking it, a fraction of the cost of reading the
// frame: a load generator's players are sent four states an action, and
// most of a state is the hand, the tricks and the seats they never look
// at.
//
// ok is false when the frame is not a state, or not shaped as a state is:
// the caller then reads it whole, and finds what is wrong with it.
func glanceState(data []byte) (m ServerMsg, ok bool) {
	g := glancer{b: bytes.TrimSpace(data)}
	var view *View
	legalSeen := false
	ok = g.object(func(key []byte) bool {
		switch string(key) {
		case "type":
			return g.str(&m.Type) && m.Type == TypeState
		case "seq":
			n, ok := g.integer()
			m.Seq = n
			return ok
		case "view":
			if view == nil { // a second "view" adds to the first, as in encoding/json
				view = &View{Seat: -2}
			}
			return g.object(func(key []byte) bool {
				switch string(key) {
				case "seat":
					return g.int(&view.Seat)
				case "phase":
					return g.str(&view.Phase)
				case "legal":
					// encoding/json reads a second list into the first's
					// elements without clearing them: that is left to it.
					if legalSeen {
						return false
					}
					legalSeen = true
					return g.actions(&view.Legal)
				}
				return g.skip()
			})
		case "event":
			if g.null() {
				m.Event = nil
				return true
			}
			if m.Event == nil { // a second event is read into the first, as in encoding/json
				m.Event = new(Event)
			}
			return g.event(m.Event)
		}
		return g.skip()
	})
	if !ok || g.i != len(g.b) || m.Type != TypeState || view == nil || view.Seat < -1 || view.Seat >= maxSeats ||
		len(view.Legal) > maxLegal || view.Seat < 0 && len(view.Legal) > 0 {
		return ServerMsg{}, false
	}
	switch view.Phase {
	case PhaseBidding, PhaseCannon, PhasePlaying, PhaseAbility, PhaseOver:
	default:
		return ServerMsg{}, false
	}
	m.View = view
	return m, true
}

// glancer steps through JSON, reading the few values asked for and
// skipping the rest by its brackets and strings alone.
type glancer struct {
	b []byte
	i int
}

func (g *glancer) space() { g.i = pastSpace(g.b, g.i) }

// next steps over c, after any space, if it comes next.
func (g *glancer) next(c byte) bool {
	g.space()
	if g.i < len(g.b) && g.b[g.i] == c {
		g.i++
		return true
	}
	return false
}

// object reads an object, calling field for each key with g at its value,
// which field must consume.
func (g *glancer) object(field func(key []byte) bool) bool {
	if !g.next('{') {
		return false
	}
	if g.next('}') {
		return true
	}
	for {
		key, ok := g.plainString()
		if !ok || !lowerASCII(key) || !g.next(':') || !field(key) {
			return false
		}
		if g.next('}') {
			return true
		}
		if !g.next(',') {
			return false
		}
	}
}

// lowerASCII reports whether key holds no capital and no byte outside
// ASCII. encoding/json matches a key to a field whatever its case, "Seat"
// and "ſeat" too: a glance that stepped over such a key could read
// something else than the decoder, so it leaves the frame to the decoder.
func lowerASCII(key []byte) bool {
	for _, c := range key {
		if c >= 'A' && c <= 'Z' || c >= 0x80 {
			return false
		}
	}
	return true
}

// plainString reads a string without escapes (a key, a type, a phase).
func (g *glancer) plainString() ([]byte, bool) {
	if !g.next('"') {
		return nil, false
	}
	start := g.i
	for g.i < len(g.b) {
		switch g.b[g.i] {
		case '"':
			g.i++
			return g.b[start : g.i-1], true
		case '\\':
			return nil, false
		}
		g.i++
	}
	return nil, false
}

// integer reads a whole number.
func (g *glancer) integer() (int64, bool) {
	g.space()
	start := g.i
	if g.i < len(g.b) && g.b[g.i] == '-' {
		g.i++
	}
	for g.i < len(g.b) && g.b[g.i] >= '0' && g.b[g.i] <= '9' {
		g.i++
	}
	n, err := strconv.ParseInt(string(g.b[start:g.i]), 10, 64)
	return n, err == nil
}

// The readers below fill a value as encoding/json would, or report false
// for anything it could read otherwise than they do (a string with an
// escape, a number that is not a plain integer, null where it changes
// nothing): the frame is then read whole.

// null steps over a null, if one comes next.
func (g *glancer) null() bool {
	g.space()
	if bytes.HasPrefix(g.b[g.i:], []byte("null")) {
		g.i += len("null")
		return true
	}
	return false
}

// str reads a string without escapes into dst.
func (g *glancer) str(dst *string) bool {
	s, ok := g.plainString()
	if ok {
		*dst = wireWord(s)
	}
	return ok
}

// wireWord is s as a string, the protocol's own constant when s is one of
// the words every state repeats, so that reading it allocates nothing.
func wireWord(s []byte) string {
	switch string(s) {
	case KindBid:
		return KindBid
	case KindPlay:
		return KindPlay
	case KindStart:
		return KindStart
	case ByPlayer:
		return ByPlayer
	case ByBot:
		return ByBot
	case ByTimer:
		return ByTimer
	case PhaseBidding:
		return PhaseBidding
	case PhasePlaying:
		return PhasePlaying
	}
	return string(s)
}

// int reads a whole number into dst.
func (g *glancer) int(dst *int) bool {
	n, ok := g.integer()
	if !ok || int64(int(n)) != n {
		return false
	}
	*dst = int(n)
	return true
}

// intPtr reads a whole number, or null, into dst.
func (g *glancer) intPtr(dst **int) bool {
	if g.null() {
		*dst = nil
		return true
	}
	var n int
	if !g.int(&n) {
		return false
	}
	*dst = &n
	return true
}

// actions reads a list of actions into dst, or null.
func (g *glancer) actions(dst *[]Action) bool {
	if g.null() {
		*dst = nil
		return true
	}
	if !g.next('[') {
		return false
	}
	list := []Action{} // an empty list is not nil, in encoding/json either
	if !g.next(']') {
		for {
			list = append(list, Action{})
			if !g.action(&list[len(list)-1]) {
				return false
			}
			if g.next(']') {
				break
			}
			if !g.next(',') {
				return false
			}
		}
	}
	*dst = list
	return true
}

// action reads one action into a.
func (g *glancer) action(a *Action) bool {
	return g.object(func(key []byte) bool {
		switch string(key) {
		case "kind":
			return g.str(&a.Kind)
		case "card":
			return g.intPtr(&a.Card)
		case "card2":
			return g.intPtr(&a.Card2)
		case "code":
			return g.str(&a.Code)
		case "as":
			return g.str(&a.As)
		case "value":
			return g.intPtr(&a.Value)
		}
		return g.skip()
	})
}

// event reads an event into e.
func (g *glancer) event(e *Event) bool {
	return g.object(func(key []byte) bool {
		switch string(key) {
		case "kind":
			return g.str(&e.Kind)
		case "seat":
			return g.int(&e.Seat)
		case "card":
			if g.null() {
				e.Card = nil
				return true
			}
			if e.Card == nil {
				e.Card = new(CardRef)
			}
			return g.object(func(key []byte) bool {
				switch string(key) {
				case "card":
					return g.int(&e.Card.Card)
				case "code":
					return g.str(&e.Card.Code)
				}
				return g.skip()
			})
		case "as":
			return g.str(&e.As)
		case "value":
			return g.intPtr(&e.Value)
		case "by":
			return g.str(&e.By)
		}
		return g.skip()
	})
}

// skip steps over one value.
func (g *glancer) skip() bool {
	_, ok := g.value()
	return ok
}

// value steps over one value and returns its bytes: a string, or an
// object or array by its brackets (strings in it stepped over whole), or
// a number or a literal up to what ends it.
func (g *glancer) value() ([]byte, bool) {
	g.space()
	start, depth := g.i, 0
	for g.i < len(g.b) {
		switch c := g.b[g.i]; c {
		case '"':
			if !g.stepString() {
				return nil, false
			}
			if depth == 0 {
				return g.b[start:g.i], true
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return g.b[start:g.i], g.i > start
			}
			if depth--; depth == 0 {
				g.i++
				return g.b[start:g.i], true
			}
		case ',':
			if depth == 0 {
				return g.b[start:g.i], g.i > start
			}
		}
		g.i++
	}
	return nil, false
}

// stepString steps over a string, escapes and all.
func (g *glancer) stepString() bool {
	g.i++ // the opening quote
	for g.i < len(g.b) {
		switch g.b[g.i] {
		case '"':
			g.i++
			return true
		case '\\':
			g.i++
		}
		g.i++
	}
	return false
}
