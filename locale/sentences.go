package locale

import "encoding/json"

// Sentences are a language's sentences as its file writes them, by id:
// every plural form of each, the translators' notes left out. Checks that
// read a page or a screen for what is, or is not, in a language start
// here.
func (c *Catalogue) Sentences(code string) (map[string][]string, bool) {
	b, ok := c.files[code]
	if !ok {
		return nil, false
	}
	var file map[string]json.RawMessage
	if json.Unmarshal(b, &file) != nil {
		return nil, false // the catalogue was checked when it was loaded
	}
	out := make(map[string][]string, len(file))
	for id, raw := range file {
		var one string
		if json.Unmarshal(raw, &one) == nil {
			out[id] = []string{one}
			continue
		}
		var forms map[string]string
		if json.Unmarshal(raw, &forms) != nil {
			return nil, false
		}
		for form, text := range forms {
			if form != "description" {
				out[id] = append(out[id], text)
			}
		}
	}
	return out, true
}
