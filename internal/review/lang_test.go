package review

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// The review is told once, in the catalogue's sentences, and worded in
// the reader's language, numbers written its way: the same review reads
// in French for a French reader.
func TestReviewWordedInTheReadersLanguage(t *testing.T) {
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	r := textReview()
	fr := r.Worded(words.Words{Names: names, You: 1, Lang: locale.For("fr")})
	if want := "Tes décisions ont coûté 3,4 points espérés en tout, sur 4 décisions."; !strings.HasPrefix(fr.Summary, want) {
		t.Errorf("French summary %q, want it to begin %q", fr.Summary, want)
	}
	if got := fr.Costliest.Items[0].Says; !strings.Contains(got, "jouer le 2 jaune") || !strings.Contains(got, "−3,4 points espérés") {
		t.Errorf("French costliest decision %q", got)
	}
	for _, code := range locale.Codes() {
		x := r.Worded(words.Words{Names: names, You: 0, Lang: locale.For(code)})
		for _, s := range append([]Section{x.Costliest, x.Every}, x.Apart...) {
			for _, it := range s.Items {
				if strings.Contains(it.Says, "[") {
					t.Errorf("%s: %q has a sentence the catalogue lacks", code, it.Says)
				}
			}
		}
	}
}

// What the server sends holds no words of its own: only the catalogue's
// ids, numbers, the players' names and the protocol's codes.
func TestReviewToldInIDs(t *testing.T) {
	b, err := json.Marshal(textReview().Tell(words.Words{Names: []string{"Ann", "Ben", "Cat", "Dan"}, You: 0}))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	word := regexp.MustCompile(`^(review|name)\.[a-z_.]+$|^(Ann|Ben|Cat|Dan|bot|timer|play|bid|harry|rosie)$`)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if !word.MatchString(x) {
				t.Errorf("the review sends %q", x)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	var v any
	json.Unmarshal(b, &v)
	walk(v)
}
