package scorekeeper

// Wording is a refusal as the catalogue (package locale) words it: the id
// of its sentence and the facts the sentence takes, for a client to render
// in its reader's language. A refusal of the rules of a round (a
// skullking.ResultError) has Reason "result." and its code, and the client
// puts it in "result.in_round" with the round; its Args hold names,
// numbers (Count chooses the plural form), counted things ({"of",
// "count"}: the sentence "result.count." + of), other sentences of the
// catalogue (Phrase) and lists of names (Listed). A refusal with no Reason is worded only in English,
// as its "error" says.
type Wording struct {
	Reason string         `json:"reason,omitempty"`
	Args   map[string]any `json:"args,omitempty"`
}

// Phrase is a fact that is itself a sentence of the catalogue with its
// own facts: a card's name, a suit's.
type Phrase struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// fourteenPhrase is the 14 of suit as a sentence names it.
func fourteenPhrase(suit string) Phrase {
	return Phrase{ID: "card.phrase." + suit, Args: map[string]any{"Rank": 14}}
}

// Listed is a fact that is a list of names, joined the reader's way ("Ann,
// Ben and Cat": list.* in the catalogue).
type Listed struct {
	Names []string `json:"names"`
}
