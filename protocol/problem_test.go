package protocol

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestEveryProblemHasItsSentence holds the problem codes and the
// catalogue's error.* sentences to one list: a code a client could not
// word, or a sentence no code names, fails.
func TestEveryProblemHasItsSentence(t *testing.T) {
	b, err := os.ReadFile("../locale/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var en map[string]json.RawMessage
	if err := json.Unmarshal(b, &en); err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for name, v := range stringConsts(t) {
		if strings.HasPrefix(name, "Problem") {
			codes[v] = true
			if _, ok := en["error."+v]; !ok {
				t.Errorf("%s = %q has no sentence error.%s in locale/en.json", name, v, v)
			}
		}
	}
	for id := range en {
		if code, ok := strings.CutPrefix(id, "error."); ok && !codes[code] {
			t.Errorf("locale/en.json has %s, which no Problem constant names", id)
		}
	}
}
