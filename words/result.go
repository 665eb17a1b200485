package words

import (
	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// Result is a refused round of a score sheet as the table reads it:
// "Round 3: tricks won add up to 5, but only 4 tricks were played."
func (w Words) Result(e *skullking.ResultError) string {
	why := w.Reason("result."+string(e.Code), e.Args)
	return w.Lang.T("result.in_round", locale.Args{"Round": e.Round, "Reason": why})
}

// Reason renders sentence id of a refusal with its facts, as the score
// keeper's server and engine send them (scorekeeper.Wording): Count
// chooses the plural form, a counted fact (skullking.Counted, or its JSON
// {"of", "count"}) is written with its noun, "result.count." + of, a fact
// that is a sentence ({"id", "args"}) as that sentence, and a list of
// names ({"names"}) joined in the language.
func (w Words) Reason(id string, facts map[string]any) string {
	l := w.Lang
	args := make(locale.Args, len(facts))
	for k, v := range facts {
		args[k] = v
		if c, ok := counted(v); ok {
			args[k] = l.N("result.count."+c.Of, c.Count, nil)
		} else if id, sub, ok := phrase(v); ok {
			args[k] = w.Reason(id, sub)
		} else if names, ok := listed(v); ok {
			args[k] = w.list(names)
		}
	}
	if count, ok := number(args["Count"]); ok {
		return l.N(id, count, args)
	}
	return l.T(id, args)
}

// counted reads a counted fact, as the engine makes it or as JSON decodes it.
func counted(v any) (skullking.Counted, bool) {
	switch c := v.(type) {
	case skullking.Counted:
		return c, true
	case map[string]any:
		of, _ := c["of"].(string)
		n, ok := number(c["count"])
		return skullking.Counted{Of: of, Count: n}, ok && of != ""
	}
	return skullking.Counted{}, false
}

// phrase reads a fact that is a sentence of the catalogue, as JSON
// decodes it.
func phrase(v any) (string, map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", nil, false
	}
	id, _ := m["id"].(string)
	args, _ := m["args"].(map[string]any)
	return id, args, id != ""
}

// listed reads a fact that is a list of names, as JSON decodes it.
func listed(v any) ([]string, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	items, ok := m["names"].([]any)
	names := make([]string, 0, len(items))
	for _, it := range items {
		if s, isText := it.(string); isText {
			names = append(names, s)
		}
	}
	return names, ok
}

// number reads a count from a problem's or a result's facts: an int
// where Go made it, a float64 where JSON read it.
func number(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), true
	}
	return 0, false
}
