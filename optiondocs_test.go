package skullking

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// optionRow is one row of a document's table of options: the keys it names
// and the defaults it gives them.
type optionRow struct {
	keys     []string
	defaults []string
}

var backticked = regexp.MustCompile("`([^`]+)`")

// optionRows reads the table of options that follows the header row
// "| key | default |" (or "| option | default |") in a Markdown document.
func optionRows(t *testing.T, path string) []optionRow {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []optionRow
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		switch {
		case len(cells) >= 2 && (strings.TrimSpace(cells[0]) == "key" || strings.TrimSpace(cells[0]) == "option") &&
			strings.TrimSpace(cells[1]) == "default":
			in = true
			continue
		case !strings.HasPrefix(strings.TrimSpace(line), "|"):
			in = false
			continue
		case !in || strings.HasPrefix(strings.TrimSpace(cells[0]), "---"):
			continue
		}
		var r optionRow
		for _, m := range backticked.FindAllStringSubmatch(cells[0], -1) {
			r.keys = append(r.keys, m[1])
		}
		for _, d := range strings.Split(cells[1], ",") {
			d = strings.Trim(strings.TrimSpace(d), "`\"")
			r.defaults = append(r.defaults, d)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no table of options", path)
	}
	return rows
}

// TestDocumentedOptionsAreTheTable checks the tables of options in the
// README and docs/record.md against the engine's option table: every option
// is listed, with its standard value, and nothing else is. docs/rules.md's
// shorter table must agree where it gives a value.
func TestDocumentedOptionsAreTheTable(t *testing.T) {
	for _, doc := range []struct {
		path     string
		complete bool
	}{{"README.md", true}, {"docs/record.md", true}, {"docs/rules.md", false}} {
		listed := map[string]bool{}
		for _, r := range optionRows(t, doc.path) {
			for i, key := range r.keys {
				s, ok := OptionSpecOf(key)
				if !ok {
					t.Errorf("%s lists %q, which is no option", doc.path, key)
					continue
				}
				listed[key] = true
				d := r.defaults[min(i, len(r.defaults)-1)]
				if want := fmt.Sprint(s.Default()); d != want {
					t.Errorf("%s gives %s the default %q; the engine's is %q", doc.path, key, d, want)
				}
			}
		}
		if !doc.complete {
			continue
		}
		if doc.path == "README.md" {
			// The commands that set up a game take every option as a flag.
			b, _ := os.ReadFile(doc.path)
			for _, s := range OptionSpecs() {
				if flag := "`--" + strings.ReplaceAll(s.Key, "_", "-") + "`"; !strings.Contains(string(b), flag) {
					t.Errorf("%s does not name the flag %s", doc.path, flag)
				}
			}
		}
		for _, s := range OptionSpecs() {
			if !listed[s.Key] {
				t.Errorf("%s does not list the option %q", doc.path, s.Key)
			}
		}
	}
}
