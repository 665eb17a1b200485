package protocol

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Rule: a client frame whose bytes are not UTF-8 is refused as such (the
// server then closes with 1007), never decoded with U+FFFD in place of the
// bytes.
func TestClientFrameMustBeUTF8(t *testing.T) {
	for _, c := range []struct {
		frame  string
		offset int
		b      byte
	}{
		{"{\"type\":\"chat\",\"text\":\"Ann\xff\"}", 26, 0xff},
		{"{\"type\":\"chat\",\"text\":\"\xc3\"}", 23, 0xc3},                  // a sequence cut short
		{"{\"type\":\"chat\",\"text\":\"\xed\xb0\x80\"}", 23, 0xed},          // a surrogate written as bytes
		{"{\"type\":\"chat\",\"text\":\"ok\",\"later\":\"\x80\"}", 36, 0x80}, // in a field no message has
		{"\xfe{}", 0, 0xfe},
	} {
		_, err := DecodeClient([]byte(c.frame))
		var e *UTF8Error
		if !errors.As(err, &e) || e.Offset != c.offset || e.Byte != c.b {
			t.Errorf("%q: %v, want byte %#02x at offset %d", c.frame, err, c.b, c.offset)
		}
	}
}

// Rule: a string holding a lone surrogate escape or U+FFFD is refused,
// naming the field; a surrogate pair, an escaped backslash before a "u"
// and every other character are text.
func TestClientStringsMustBeText(t *testing.T) {
	for _, c := range []struct {
		frame, says string
	}{
		{`{"type":"chat","text":"\udc00"}`, `the field "text" holds \udc00, half of a UTF-16 surrogate pair without its other half: no character`},
		{`{"type":"chat","text":"ahoy \uD800"}`, `the field "text" holds \uD800, half`},
		{`{"type":"chat","text":"\ud800\u0041"}`, `holds \ud800`},
		{`{"type":"chat","text":"\ud800\ud800\udc00"}`, `holds \ud800`},
		{`{"type":"chat","text":"\udc00\ud800"}`, `holds \udc00`},
		{`{"type":"chat","text":"a\ufffd"}`, `the field "text" holds U+FFFD, the mark of text that could not be read`},
		{"{\"type\":\"chat\",\"text\":\"a\ufffd\"}", `the field "text" holds U+FFFD`},
		{`{"type":"configure","id":4,"settings":{"name":"Fr\udfffday"}}`, `the field "settings.name" holds \udfff`},
		{`{"type":"configure","settings":{"options":{"schedule":[1,"\udc00"]}}}`, `the field "settings.options.schedule[1]" holds`},
		{`{"type":"act","action":{"kind":"play","code":"P8\ud83d"}}`, `the field "action.code" holds \ud83d`},
		{`{"type":"chat","text":"hi","later":{"x":["\udc00"]}}`, `the field "later.x[0]" holds`},
		{`{"type":"chat","\udc00":1}`, `a field's name holds \udc00`},
		{`{"type":"configure","settings":{"\ud800":1}}`, `a key of "settings" holds \ud800`},
		{`{"type":"chat","x\u0041":{"y":"\udc00"}}`, `the field "xA.y"`},
	} {
		_, err := DecodeClient([]byte(c.frame))
		var e *TextError
		if !errors.As(err, &e) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want a TextError saying %q", c.frame, err, c.says)
		}
	}
	for _, frame := range []string{
		`{"type":"chat","text":"\ud83d\ude00 well played"}`, // a pair: 😀
		`{"type":"chat","text":"\\udc00"}`,                  // a backslash, then the letters
		`{"type":"chat","text":"Zo\u00eb \u00c6"}`,
		`{"type":"chat","text":"` + "\u00a0ünïcødé ☠" + `"}`,
	} {
		if _, err := DecodeClient([]byte(frame)); err != nil {
			t.Errorf("%s refused: %v", frame, err)
		}
	}
}

// Rule: what is not JSON stays a frame that cannot be read (bad_frame),
// even when it holds a lone surrogate escape.
func TestBrokenJSONIsNoTextError(t *testing.T) {
	for _, frame := range []string{`{"type":"chat","text":"\udc00"`, `"\udc00"`, `["\udc00"]`} {
		_, err := DecodeClient([]byte(frame))
		var e *TextError
		if err == nil || errors.As(err, &e) {
			t.Errorf("%s: %v, want an error that is no TextError", frame, err)
		}
	}
}

// Rule: the check is the decoder's, so it covers every string field of
// every client message, those added later included: each string field of
// ClientMsg, its Action and its SettingsUpdate, found by reflection, is
// refused when it holds a lone surrogate, naming the field.
func TestEveryClientStringFieldIsChecked(t *testing.T) {
	var paths []string
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, prefix string) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch {
			case ft.Kind() == reflect.String:
				paths = append(paths, prefix+name)
			case ft.Kind() == reflect.Struct && ft.PkgPath() == reflect.TypeOf(ClientMsg{}).PkgPath():
				walk(ft, prefix+name+".")
			}
		}
	}
	walk(reflect.TypeOf(ClientMsg{}), "")
	if len(paths) < 10 {
		t.Fatalf("found only %v", paths)
	}
	for _, p := range paths {
		frame := `"\udc00"`
		parts := strings.Split(p, ".")
		for i := len(parts) - 1; i >= 0; i-- {
			frame = `{"` + parts[i] + `":` + frame + `}`
		}
		if p != "type" {
			frame = `{"type":"chat",` + frame[1:]
		}
		_, err := DecodeClient([]byte(frame))
		var e *TextError
		if !errors.As(err, &e) || e.Field != p || e.Key {
			t.Errorf("%s: %v, want a TextError naming %q", frame, err, p)
		}
	}
}
