package words

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// A hint's reason is worded from its code, its cards named as a sentence
// names them and listed as the language lists them.
func TestWhyNamesItsCards(t *testing.T) {
	y := &protocol.Why{Code: protocol.WhyZeroKeepOut, Cards: []int{69, 1}, Value: intp(30)}
	en, fr := Words{}.Why(y), Words{Lang: locale.For("fr")}.Why(y)
	if en == "" || fr == "" || en == fr || !strings.Contains(en, "30") || !strings.Contains(en, " and ") {
		t.Errorf("the reason in English %q, in French %q", en, fr)
	}
	if got := (Words{}).Why(&protocol.Why{Code: "a_later_servers"}); got != "" {
		t.Errorf("an unknown reason says %q", got)
	}
}

func intp(n int) *int { return &n }
