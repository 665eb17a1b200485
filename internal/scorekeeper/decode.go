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
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, v)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &MalformedError{msg: "the body holds more after its JSON value: send one value only",
			Wording: Wording{Reason: "keeper.error.json.more"}}
	}
	return nil
}

// jsonErrorText words an error decoding JSON into v as a sentence for a
// person (jsonError).
func jsonErrorText(err error, v any) string { return jsonError(err, v).msg }

// jsonError words an error decoding JSON into v for a person: which field
// is wrong and what it should be, never Go's names for it
// ("sheetFields.players", "[]string"), in English and, where the
// catalogue has its sentence, as its id and facts.
func jsonError(err error, v any) *MalformedError {
	said := func(id string, args map[string]any, format string, a ...any) *MalformedError {
		return &MalformedError{msg: fmt.Sprintf(format, a...), Wording: Wording{Reason: id, Args: args}}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		got, gotPhrase := jsonValueWords(te.Value)
		if te.Field == "" {
			want, wantPhrase := typeWords(te.Type)
			return said("keeper.error.json.body", map[string]any{"Want": wantPhrase, "Got": gotPhrase},
				"the body should be %s, not %s", want, got).unlessUnworded(gotPhrase)
		}
		names, declared := fieldPath(reflect.TypeOf(v), te.Field)
		field := strconv.Quote(names[len(names)-1])
		args := map[string]any{"Field": field, "Got": gotPhrase}
		id := "keeper.error.json."
		if len(names) > 1 {
			args["Path"] = quoteAll(names[:len(names)-1])
			field += " (in " + args["Path"].(string) + ")"
			id += "in_"
		}
		if declared != nil && declared != te.Type && isList(declared) {
			want, wantPhrase := typeWords(te.Type)
			args["Want"] = wantPhrase
			return said(id+"item", args, "each item of the field %s should be %s, not %s", field, want, got).unlessUnworded(gotPhrase)
		}
		want, wantPhrase := typeWords(te.Type)
		if key, ok := fieldWords[te.Field]; ok {
			want, wantPhrase = kindWords[key], Phrase{ID: "keeper.json." + key}
		}
		args["Want"] = wantPhrase
		return said(id+"field", args, "the field %s should be %s, not %s", field, want, got).unlessUnworded(gotPhrase)
	}
	var oe *skullking.OptionError
	if errors.As(err, &oe) && oe.Key != "" {
		return &MalformedError{msg: fmt.Sprintf("the rule %q in \"options\" is not right: %s", oe.Key, oe.Detail)}
	}
	if errors.Is(err, skullking.ErrBadOptions) {
		return said("keeper.error.json.options", nil, `the rules ("options") should be an object of rules, like {"loot": true}`)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &MalformedError{msg: fmt.Sprintf("the body is not well-formed JSON: %s, at character %d", strings.TrimPrefix(se.Error(), "json: "), se.Offset)}
	}
	if errors.Is(err, io.EOF) {
		return said("keeper.error.json.empty", nil, "the body is empty: it should be a JSON object")
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return said("keeper.error.json.cut", nil, "the body's JSON stops in the middle")
	}
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "json: "), "skullking: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return said("keeper.error.json.unknown_field", map[string]any{"Field": name}, "there is no field %s here", name)
	}
	return &MalformedError{msg: msg}
}

// unlessUnworded drops e's wording when the value found has no sentence
// in the catalogue: the English then says it whole.
func (e *MalformedError) unlessUnworded(got *Phrase) *MalformedError {
	if got == nil {
		e.Wording = Wording{}
	}
	return e
}

// fieldWords says what a field should be where its type alone says it
// less well, by the path encoding/json gives it: a kindWords key.
var fieldWords = map[string]string{
	"players":             "names",
	"sheetFields.players": "names",
}

// kindWords are the English of what a value should be written as, by
// their key; the catalogue's sentence of each is keeper.json.<key>.
var kindWords = map[string]string{
	"text":    "text in quotes",
	"bool":    "true or false",
	"whole":   "a whole number",
	"number":  "a number",
	"texts":   `a list of texts in quotes, like ["Ann", "Ben"]`,
	"wholes":  "a list of whole numbers, like [1, 0]",
	"lists":   "a list of lists, like [[0, 1]]",
	"objects": "a list of objects, like [{…}]",
	"list":    "a list, like [ … ]",
	"object":  "an object, like {…}",
	"names":   `a list of names in quotes, like ["Ann", "Ben"]`,
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

// typeWords says what a value of Go type t is written as in JSON, and
// the catalogue's sentence of it.
func typeWords(t reflect.Type) (string, Phrase) {
	key := typeKey(t)
	return kindWords[key], Phrase{ID: "keeper.json." + key}
}

// typeKey is the kindWords key of what a value of Go type t is written as.
func typeKey(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "whole"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		e := t.Elem()
		for e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		switch {
		case e.Kind() == reflect.String:
			return "texts"
		case e.Kind() >= reflect.Int && e.Kind() <= reflect.Uint64:
			return "wholes"
		case isList(e):
			return "lists"
		case e.Kind() == reflect.Struct || e.Kind() == reflect.Map:
			return "objects"
		}
		return "list"
	}
	return "object"
}

// jsonValueWords names the kind of JSON value encoding/json found, and
// the catalogue's sentence of it (nil for a kind it does not name).
func jsonValueWords(v string) (string, *Phrase) {
	got := func(key string, args map[string]any) *Phrase {
		return &Phrase{ID: "keeper.json.got." + key, Args: args}
	}
	switch {
	case v == "string":
		return "text", got("text", nil)
	case v == "number":
		return "a number", got("number", nil)
	case strings.HasPrefix(v, "number "):
		n := strings.TrimPrefix(v, "number ")
		return "the number " + n, got("the_number", map[string]any{"Number": n})
	case v == "array":
		return "a list", got("list", nil)
	case v == "object":
		return "an object", got("object", nil)
	case v == "bool":
		return "true or false", got("bool", nil)
	}
	return v, nil
}

// quoteAll quotes each name: "a", "b".
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
