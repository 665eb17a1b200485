package tui

import (
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/skullking-go/skullking/protocol"
)

// Text from the network is drawn on a terminal, which obeys the control
// characters in it: a seat's name, a card's code, a chat line could clear
// the screen or retitle the window. So every string the screen draws
// passes through clean, and every view through scrub, before it is shown.

// maxText bounds any one string of a view: names are at most 24
// characters, codes a few, so longer is a broken server.
const maxText = 60

// clean makes text safe to draw: no control characters, at most max runes.
func clean(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return strings.TrimSpace(s)
}

// scrub cleans every string of a view in place, wherever it sits: names,
// codes, kinds and the facts of refusals alike, so that no field can be
// forgotten.
func scrub(v *protocol.View) {
	if v != nil {
		scrubValue(reflect.ValueOf(v).Elem())
	}
}

func scrubValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != clean(s, maxText) {
			v.SetString(clean(s, maxText))
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			scrubValue(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				scrubValue(f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scrubValue(v.Index(i))
		}
	case reflect.Map:
		// A view holds no map but a result's rules, which are the engine's
		// numbers and names, not text to draw.
	}
}
