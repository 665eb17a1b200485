package scorekeeper

// Wording is a refusal as the catalogue (package locale) words it: the id
// of its sentence and the facts the sentence takes, for a client to render
// in its reader's language. A refusal of the rules of a round (a
// skullking.ResultError) has Reason "result." and its code, and the client
// puts it in "result.in_round" with the round; its Args hold names,
// numbers (Count chooses the plural form) and counted things
// ({"of", "count"}: the sentence "result.count." + of). A refusal with no
// Reason is worded only in English, as its "error" says.
type Wording struct {
	Reason string         `json:"reason,omitempty"`
	Args   map[string]any `json:"args,omitempty"`
}
