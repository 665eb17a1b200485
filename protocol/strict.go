package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// A client's text must reach the table as the person typed it or not at
// all. encoding/json repairs what is not text without a word: an invalid
// byte, and a \u escape of half a UTF-16 surrogate pair, both become the
// replacement character U+FFFD, and the repaired line would be relayed to
// everyone as if it had been typed. So DecodeClient looks at the frame's
// bytes before decoding them, once for every string of every message,
// whatever field it fills (a chat line, a table's name, an option's value,
// a field no message has yet).

// UTF8Error is a client frame whose bytes are not UTF-8: no text at all.
// A WebSocket text frame must be UTF-8 (RFC 6455 §5.6), and a server that
// gets one that is not fails the connection with status 1007, invalid
// frame payload data (§8.1).
type UTF8Error struct {
	Offset int  // of the first byte that is not UTF-8
	Byte   byte // that byte
}

func (e *UTF8Error) Error() string {
	return fmt.Sprintf("a text frame that is not UTF-8 (byte %#02x at offset %d)", e.Byte, e.Offset)
}

// TextError is a client message one of whose strings holds what is not a
// character: a lone half of a surrogate pair written as an escape
// ("\udc00"), or the replacement character U+FFFD, the mark a program left
// for text it could not read. The frame is UTF-8 and the message well
// formed, so the server refuses it as a bad request, naming the field.
type TextError struct {
	// Field is where the string is: "text", "settings.name",
	// "settings.options.schedule[2]"; for a key, the object holding it.
	Field string
	Key   bool   // the string is a key of Field, not its value
	What  string // what it holds, as the frame wrote it: `\udc00`, "U+FFFD"
}

func (e *TextError) Error() string {
	where := fmt.Sprintf("the field %q", e.Field)
	switch {
	case e.Key && e.Field == "":
		where = "a field's name"
	case e.Key:
		where = fmt.Sprintf("a key of %q", e.Field)
	}
	if e.What == "U+FFFD" {
		return where + " holds U+FFFD, the mark of text that could not be read: send the text itself"
	}
	return where + " holds " + e.What + ", half of a UTF-16 surrogate pair without its other half: no character"
}

// CheckText returns why JSON data from a client (a frame, a request's
// body) is not text, a *UTF8Error or a *TextError, or nil. Only data that
// is a well-formed JSON object is searched for lone surrogates and U+FFFD:
// any other is the decoder's to refuse, as not a message.
func CheckText(data []byte) error {
	if !utf8.Valid(data) {
		i := invalidUTF8(data)
		return &UTF8Error{Offset: i, Byte: data[i]}
	}
	// Most frames hold neither an escape nor U+FFFD: a search of their bytes
	// is all they cost.
	if !bytes.Contains(data, []byte(`\u`)) && !bytes.Contains(data, []byte("\ufffd")) {
		return nil
	}
	if !json.Valid(data) {
		return nil
	}
	s := textScan{data: data}
	s.space()
	if s.i >= len(data) || data[s.i] != '{' {
		return nil
	}
	if e := s.value(""); e != nil {
		return e // not returned bare: a nil *TextError is no nil error
	}
	return nil
}

// invalidUTF8 is the offset of data's first byte that is not UTF-8.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

// textScan walks a frame json.Valid accepted, value by value, keeping the
// path to each string so that a refusal can name its field.
type textScan struct {
	data []byte
	i    int
}

func (s *textScan) space() { s.i = pastSpace(s.data, s.i) }

// pastSpace is the index of the first byte of b from i on that is not JSON
// whitespace, or len(b).
func pastSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value checks the value at s.i, which is at path, and moves past it.
func (s *textScan) value(path string) *TextError {
	s.space()
	switch s.data[s.i] {
	case '{':
		s.i++
		for {
			s.space()
			if s.data[s.i] == '}' {
				s.i++
				return nil
			}
			start := s.i
			if what := s.str(); what != "" {
				return &TextError{Field: path, Key: true, What: what}
			}
			var key string // a text key, as the decoder reads it
			_ = json.Unmarshal(s.data[start:s.i], &key)
			if path != "" {
				key = path + "." + key
			}
			s.space()
			s.i++ // the colon
			if e := s.value(key); e != nil {
				return e
			}
			s.space()
			if s.data[s.i] == ',' {
				s.i++
			}
		}
	case '[':
		s.i++
		for n := 0; ; n++ {
			s.space()
			if s.data[s.i] == ']' {
				s.i++
				return nil
			}
			if e := s.value(path + "[" + strconv.Itoa(n) + "]"); e != nil {
				return e
			}
			s.space()
			if s.data[s.i] == ',' {
				s.i++
			}
		}
	case '"':
		if what := s.str(); what != "" {
			return &TextError{Field: path, What: what}
		}
		return nil
	default: // a number, true, false or null
		for s.i < len(s.data) && !endsScalar(s.data[s.i]) {
			s.i++
		}
		return nil
	}
}

// endsScalar reports whether c ends a number or a literal.
func endsScalar(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ']', '}':
		return true
	}
	return false
}

// str moves past the string at s.i and returns what it holds that is no
// character, as written, or "" when it is text.
func (s *textScan) str() string {
	s.i++ // the opening quote
	for {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			return ""
		case c == '\\' && s.data[s.i+1] == 'u':
			esc := string(s.data[s.i : s.i+6])
			r := hex4(s.data[s.i+2 : s.i+6])
			s.i += 6
			switch {
			case r == utf8.RuneError:
				return "U+FFFD"
			case r >= 0xdc00 && r <= 0xdfff: // a low half with no high half before it
				return esc
			case r >= 0xd800 && r <= 0xdbff:
				if s.i+6 > len(s.data) || s.data[s.i] != '\\' || s.data[s.i+1] != 'u' {
					return esc
				}
				if low := hex4(s.data[s.i+2 : s.i+6]); low < 0xdc00 || low > 0xdfff {
					return esc
				}
				s.i += 6 // the pair is one character
			}
		case c == '\\':
			s.i += 2
		case c == 0xef && bytes.HasPrefix(s.data[s.i:], []byte("\ufffd")):
			return "U+FFFD"
		default:
			s.i++
		}
	}
}

// hex4 reads the four hex digits of a \u escape json.Valid accepted.
func hex4(b []byte) rune {
	n, _ := strconv.ParseUint(string(b), 16, 32)
	return rune(n)
}
