package scorekeeper

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestAPIDocNamesEveryField: docs/scorekeeper-api.md documents the API's
// JSON exactly, so every field a response or a request can hold — the
// protocol's shapes a sheet embeds included — is named there, in code.
func TestAPIDocNamesEveryField(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scorekeeper-api.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] || ty.Implements(reflect.TypeFor[json.Marshaler]()) ||
			reflect.PointerTo(ty).Implements(reflect.TypeFor[json.Marshaler]()) {
			return
		}
		seen[ty] = true
		for f := range ty.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if f.Anonymous && name == "" {
				walk(f.Type, path)
				continue
			}
			if name == "" {
				name = f.Name
			}
			if !strings.Contains(string(doc), "`"+name+"`") && !strings.Contains(string(doc), `"`+name+`"`) {
				t.Errorf("%s.%s (%q) is not in docs/scorekeeper-api.md", path, f.Name, name)
			}
			walk(f.Type, path+"."+f.Name)
		}
	}
	for _, v := range []any{sheetView{}, Round{}, Bonus{}, RuleChange{}, Chart{}, SheetSummary{}, RosterEntry{}, PlayerStats{},
		RulesInfo{}, apiError{}} {
		ty := reflect.TypeOf(v)
		walk(ty, ty.Name())
	}
}
