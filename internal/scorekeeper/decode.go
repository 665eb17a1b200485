package scorekeeper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking"
)

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data, with errors worded for a user.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &malformedError{jsonErrorText(err, v)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &malformedError{"the body holds more after its JSON value: send one value only"}
	}
	return nil
}

// jsonErrorText words an error decoding JSON into v as a sentence for a
// person: which field is wrong and what it should be, never Go's names
// for it ("sheetFields.players", "[]string").
func jsonErrorText(err error, v any) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		got := jsonValueWords(te.Value)
		if te.Field == "" {
			return fmt.Sprintf("the body should be %s, not %s", typeWords(te.Type), got)
		}
		names, declared := fieldPath(reflect.TypeOf(v), te.Field)
		field := strconv.Quote(names[len(names)-1])
		if len(names) > 1 {
			field += " (in " + quoteAll(names[:len(names)-1]) + ")"
		}
		if declared != nil && declared != te.Type && isList(declared) {
			return fmt.Sprintf("each item of the field %s should be %s, not %s", field, typeWords(te.Type), got)
		}
		want, ok := fieldWords[te.Field]
		if !ok {
			want = typeWords(te.Type)
		}
		return fmt.Sprintf("the field %s should be %s, not %s", field, want, got)
	}
	var oe *skullking.OptionError
	if errors.As(err, &oe) && oe.Key != "" {
		return fmt.Sprintf("the rule %q in \"options\" is not right: %s", oe.Key, oe.Detail)
	}
	if errors.Is(err, skullking.ErrBadOptions) {
		return `the rules ("options") should be an object of rules, like {"loot": true}`
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("the body is not well-formed JSON: %s, at character %d", strings.TrimPrefix(se.Error(), "json: "), se.Offset)
	}
	if errors.Is(err, io.EOF) {
		return "the body is empty: it should be a JSON object"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "the body's JSON stops in the middle"
	}
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "json: "), "skullking: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "there is no field " + name + " here"
	}
	return msg
}

// fieldWords says what a field should be where its type alone says it
// less well, by the path encoding/json gives it.
var fieldWords = map[string]string{
	"players":             `a list of names in quotes, like ["Ann", "Ben"]`,
	"sheetFields.players": `a list of names in quotes, like ["Ann", "Ben"]`,
}

// fieldPath reads the path encoding/json gives a field ("sheetFields.
// rounds.bids": Go names of embedded structs, then JSON names) against
// root, the type decoded into: the JSON names alone, and the field's
// declared type (nil when the path leaves what root declares).
func fieldPath(root reflect.Type, path string) (names []string, declared reflect.Type) {
	t := root
	for _, seg := range strings.Split(path, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || isList(t)) {
			t = t.Elem()
		}
		switch {
		case t == nil:
			names = append(names, seg)
		case t.Kind() == reflect.Map:
			names, t = append(names, seg), t.Elem()
		case t.Kind() == reflect.Struct:
			f, embedded := structField(t, seg)
			if !embedded {
				names = append(names, seg)
			}
			t = f
		default:
			names, t = append(names, seg), nil
		}
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return names, t
}

// structField is the type of the field of struct t that a path segment
// names: a JSON name, or the Go name of an embedded struct (embedded true).
func structField(t reflect.Type, seg string) (reflect.Type, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if f.Anonymous && f.Tag.Get("json") == "" && f.Name == seg {
			return f.Type, true
		}
		if name == seg {
			return f.Type, false
		}
	}
	return nil, false
}

func isList(t reflect.Type) bool { return t.Kind() == reflect.Slice || t.Kind() == reflect.Array }

// typeWords says what a value of Go type t is written as in JSON.
func typeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		e := t.Elem()
		for e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		switch {
		case e.Kind() == reflect.String:
			return `a list of texts in quotes, like ["Ann", "Ben"]`
		case e.Kind() >= reflect.Int && e.Kind() <= reflect.Uint64:
			return "a list of whole numbers, like [1, 0]"
		case isList(e):
			return "a list of lists, like [[0, 1]]"
		case e.Kind() == reflect.Struct || e.Kind() == reflect.Map:
			return "a list of objects, like [{…}]"
		}
		return "a list, like [ … ]"
	}
	return "an object, like {…}"
}

// jsonValueWords names the kind of JSON value encoding/json found.
func jsonValueWords(v string) string {
	switch {
	case v == "string":
		return "text"
	case v == "number":
		return "a number"
	case strings.HasPrefix(v, "number "):
		return "the number " + strings.TrimPrefix(v, "number ")
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	}
	return v
}

// quoteAll quotes each name: "a", "b".
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
