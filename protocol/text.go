package protocol

import (
	"errors"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking"
)

// Words writes what the engine reports as English sentences for one
// viewer: the Go clients' one renderer of the codes (the browser has its
// own, for the same codes, checked to agree). Names are the seats' names,
// You the viewer's seat (−1 for a spectator): the viewer is "you". Ghost is
// Graybeard's seat in a two-player game; it is never 0, so 0 means none.
type Words struct {
	Names []string
	You   int
	Ghost int
}

// WordsFor is the renderer for the viewer of v.
func WordsFor(v *View) Words {
	w := Words{You: v.Seat}
	for i, s := range v.Seats {
		w.Names = append(w.Names, s.Name)
		if s.Graybeard {
			w.Ghost = i
		}
	}
	return w
}

// Name is seat s's name, "you" for the viewer.
func (w Words) Name(s int) string {
	if s == w.You && s >= 0 {
		return "you"
	}
	if s >= 0 && s < len(w.Names) {
		return w.Names[s]
	}
	return "seat " + strconv.Itoa(s+1)
}

// possessive is "your" or "Ben's".
func (w Words) possessive(s int) string {
	if s == w.You && s >= 0 {
		return "your"
	}
	return w.Name(s) + "'s"
}

// verb conjugates a verb for seat s: "you lead", "Ben leads".
func (w Words) verb(s int, you, other string) string {
	if s == w.You && s >= 0 {
		return you
	}
	return other
}

// Capital starts a sentence.
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// List joins phrases: "a", "a and b", "a, b and c".
func List(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// Count is "1 trick", "2 tricks".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// some is "a Mermaid", "2 Mermaids".
func some(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strconv.Itoa(n) + " " + many
}

// PlayPhrase names a card on the table: "the black 11", "the Tigress as a
// Pirate".
func PlayPhrase(p Play) string {
	switch p.As {
	case "pirate":
		return "the Tigress as a Pirate"
	case "escape":
		return "the Tigress as an Escape"
	}
	return p.CardRef.Phrase()
}

// bare drops a phrase's article: "black 11", "Skull King", "Mermaid".
func bare(phrase string) string {
	for _, a := range []string{"the ", "a ", "an "} {
		if strings.HasPrefix(phrase, a) {
			return phrase[len(a):]
		}
	}
	return phrase
}

// reasonTexts word the reason codes.
var reasonTexts = map[string]string{
	ReasonMermaidTakesSkullKing: "a Mermaid takes the Skull King",
	ReasonSkullKing:             "the Skull King beats every Pirate and number",
	ReasonPirate:                "the first Pirate beats Mermaids and numbers",
	ReasonMermaid:               "the first Mermaid beats every number",
	ReasonTrump:                 "the highest black (trump) wins",
	ReasonSuit:                  "the highest card of the suit led wins",
	ReasonFirstEscape:           "only Escapes were played: the first one wins",
	ReasonWhaleHighest:          "the White Whale: the highest number wins, whatever its suit",
	ReasonKraken:                "the Kraken destroys the trick: nobody wins it",
	ReasonWhaleDiscard:          "the White Whale with no number played: the trick is discarded",
}

// Reason words a reason code.
func Reason(code string) string {
	if t, ok := reasonTexts[code]; ok {
		return t
	}
	return strings.ReplaceAll(code, "_", " ")
}

// Bonuses words bonus items: "2 Pirates and the black 14".
func Bonuses(items []BonusItem) string {
	var parts []string
	for _, b := range items {
		switch b.Kind {
		case "fourteen":
			parts = append(parts, some(b.Count, "a colour 14", "colour 14s"))
		case "black_fourteen":
			parts = append(parts, "the black 14")
		case "pirate_mermaid":
			parts = append(parts, some(b.Count, "a Mermaid", "Mermaids"))
		case "skull_king_pirate":
			parts = append(parts, some(b.Count, "a Pirate", "Pirates"))
		case "mermaid_skull_king":
			parts = append(parts, "the Skull King")
		default:
			parts = append(parts, strings.ReplaceAll(b.Kind, "_", " "))
		}
	}
	return List(parts, "and")
}

// Trick says in sentences who won a completed trick and why, what it
// carries if the winner's bid holds, the Loot alliances it made and the
// pirate ability its win gave: "Ben's Skull King wins: the Skull King beats
// every Pirate and number. +60 for 2 Pirates if Ben's bid is exact."
func (w Words) Trick(t *Trick) string { return w.trick(t, false) }

// TrickScored is Trick for a trick of a round already scored: what its
// bonus came to is said in the past, for the round's score has settled it
// — "The +30 for 2 Pirates counted." — never as if the winner's bid were
// still to be made, which would read as the next round's bid.
func (w Words) TrickScored(t *Trick) string { return w.trick(t, true) }

// BonusScored says what a scored round made of the bonus a trick carried:
// "The +30 for 2 Pirates counted.", "The +30 for 2 Pirates was lost: Ben's
// bid was missed."; "" when it carried none.
func (w Words) BonusScored(t *Trick) string {
	if t.Bonus <= 0 || t.Winner < 0 {
		return ""
	}
	if t.BonusLost {
		return "The +" + strconv.Itoa(t.Bonus) + " for " + Bonuses(t.Bonuses) + " was lost: " + w.possessive(t.Winner) +
			" bid was missed."
	}
	return "The +" + strconv.Itoa(t.Bonus) + " for " + Bonuses(t.Bonuses) + " counted."
}

func (w Words) trick(t *Trick, scored bool) string {
	var b strings.Builder
	switch t.Outcome {
	case OutcomeDestroyed:
		b.WriteString("The Kraken destroys the trick: nobody wins it. ")
		b.WriteString(Capital(w.Name(t.Leader)) + " would have won and " + w.verb(t.Leader, "lead", "leads") + " next.")
		return b.String()
	case OutcomeDiscarded:
		b.WriteString("The White Whale with no number played: the trick is discarded and ")
		b.WriteString(w.Name(t.Leader) + " " + w.verb(t.Leader, "lead", "leads") + " next.")
		return b.String()
	}
	card := "card"
	if t.Winning >= 0 && t.Winning < len(t.Plays) {
		card = bare(PlayPhrase(t.Plays[t.Winning]))
		switch t.Plays[t.Winning].As {
		case "pirate":
			card = "Tigress (as a Pirate)"
		case "escape":
			card = "Tigress (as an Escape)"
		}
	}
	b.WriteString(Capital(w.possessive(t.Winner)) + " " + card + " wins: ")
	b.WriteString(Reason(t.Reason) + ".")
	if w.Ghost > 0 && t.Winner == w.Ghost {
		// Graybeard's tricks count for nobody: they carry nothing.
		b.WriteString(" Graybeard takes it for nobody.")
		return b.String()
	}
	switch {
	case t.Bonus > 0 && scored:
		b.WriteString(" " + w.BonusScored(t))
	case t.Bonus > 0 && t.BonusLost:
		b.WriteString(" " + w.BonusLost(t))
	case t.Bonus > 0:
		b.WriteString(" +" + strconv.Itoa(t.Bonus) + " for " + Bonuses(t.Bonuses) + " if " + w.possessive(t.Winner) +
			" bid is exact.")
	}
	for _, a := range t.Loot {
		b.WriteString(" " + Capital(w.possessive(a.Looter)) + " Loot allies with " + w.Name(a.Winner) + ".")
	}
	if s := w.Ability(t); s != "" {
		b.WriteString(" " + s)
	}
	return b.String()
}

// BonusLost says that the bonus a completed trick carries will not count
// (Trick.BonusLost): "The +30 for the black 14 is lost: Ben's bid can no
// longer hold." Trick says it of such a trick.
func (w Words) BonusLost(t *Trick) string {
	return "The +" + strconv.Itoa(t.Bonus) + " for " + Bonuses(t.Bonuses) + " is lost: " + w.possessive(t.Winner) +
		" bid can no longer hold."
}

// abilityNames names the Pirates with abilities.
var abilityNames = map[string]string{
	"rosie": "Rosie D'Laney", "bendt": "Bendt the Bandit", "rascal": "Rascal of Roatan",
	"juanita": "Juanita Jade", "harry": "Harry the Giant",
}

// Ability says what became of the pirate ability a trick's win gave, or ""
// when it gave none.
func (w Words) Ability(t *Trick) string {
	a := t.Ability
	if a == nil {
		return ""
	}
	who, pirate := t.Winner, abilityNames[a.Pirate]
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	if a.State == AbilityOffered {
		switch a.Pirate {
		case "rosie":
			return pirate + ": " + w.Name(who) + " " + w.verb(who, "choose", "chooses") + " who leads next."
		case "bendt":
			return pirate + ": " + w.Name(who) + " may draw two undealt cards and discard two."
		case "rascal":
			return pirate + ": " + w.Name(who) + " may wager 10 or 20 on " + w.possessive(who) + " bid."
		case "harry":
			return pirate + ": " + w.Name(who) + " may change " + w.possessive(who) + " bid by one."
		}
		return ""
	}
	subject := Capital(w.Name(who))
	switch {
	case a.Pirate == "juanita":
		return pirate + ": " + w.Name(who) + " " + w.verb(who, "look", "looks") + " at the undealt cards."
	case a.State == AbilityDeclined && a.Pirate == "bendt":
		return subject + " " + w.verb(who, "draw", "draws") + " no cards with " + pirate + "."
	case a.State == AbilityDeclined && a.Pirate == "rascal":
		return subject + " " + w.verb(who, "wager", "wagers") + " nothing with " + pirate + "."
	case a.State == AbilityDeclined && a.Pirate == "harry":
		return subject + " " + w.verb(who, "keep", "keeps") + " " + w.possessive(who) + " bid with " + pirate + "."
	case a.Pirate == "rosie":
		return subject + " " + w.verb(who, "choose", "chooses") + " " + w.Name(v) + " to lead, with " + pirate + "."
	case a.Pirate == "bendt":
		return subject + " " + w.verb(who, "draw", "draws") + " " + Count(v, "card", "cards") + " and " +
			w.verb(who, "discard", "discards") + " as many, with " + pirate + "."
	case a.Pirate == "rascal":
		return subject + " " + w.verb(who, "wager", "wagers") + " " + strconv.Itoa(v) + " on " + w.possessive(who) +
			" bid, with " + pirate + "."
	case a.Pirate == "harry" && v > 0:
		return subject + " " + w.verb(who, "raise", "raises") + " " + w.possessive(who) + " bid by one, with " + pirate + "."
	case a.Pirate == "harry":
		return subject + " " + w.verb(who, "lower", "lowers") + " " + w.possessive(who) + " bid by one, with " + pirate + "."
	}
	return ""
}

// Action words an action a seat may take: "bid 2", "play the yellow 7",
// "play the Tigress as a Pirate", "load the cannonball".
func (w Words) Action(a Action) string {
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	switch a.Kind {
	case KindBid:
		return "bid " + strconv.Itoa(v)
	case KindPlay:
		ref := CardRef{Code: a.Code}
		if a.Card != nil {
			ref.Card = *a.Card
		}
		return "play " + PlayPhrase(Play{CardRef: ref, As: a.As})
	case KindCannon:
		if v == 1 {
			return "load the cannonball"
		}
		return "load grapeshot"
	case KindRosie:
		if v == w.You {
			return "choose yourself to lead"
		}
		return "choose " + w.Name(v) + " to lead"
	case KindBendt:
		if v == 1 {
			return "draw two cards"
		}
		return "draw no cards"
	case KindDiscard:
		codes := strings.Fields(a.Code)
		var names []string
		for i, id := range []*int{a.Card, a.Card2} {
			if id == nil {
				continue
			}
			ref := CardRef{Card: *id}
			if i < len(codes) {
				ref.Code = codes[i]
			}
			names = append(names, ref.Phrase())
		}
		return "discard " + List(names, "and")
	case KindWager:
		if v == 0 {
			return "wager nothing"
		}
		return "wager " + strconv.Itoa(v)
	case KindHarry:
		switch {
		case v > 0:
			return "raise your bid by one"
		case v < 0:
			return "lower your bid by one"
		}
		return "keep your bid"
	}
	return a.Kind
}

// Refusal says why an action may not be taken, to the seat that tried it:
// "You must follow yellow: you hold the yellow 3."
func (w Words) Refusal(r *Refusal) string {
	other := -1
	if r.Other != nil {
		other = *r.Other
	}
	count := 0
	if r.Count != nil {
		count = *r.Count
	}
	card := "that card"
	if r.Card != nil {
		card = r.Card.Phrase()
	}
	who := r.Seat
	switch r.Code {
	case "game_over":
		return "The game is over."
	case "no_such_seat":
		return "There is no such seat: the table has " + Count(count, "seat", "seats") + "."
	case "bids_over":
		return "Bidding is over for this round."
	case "results_only":
		return "This round's results are entered, not played."
	case "already_bid":
		return Capital(w.possessive(who)) + " bid is in: a bid never changes."
	case "bid_out_of_range":
		return Count(count, "card was", "cards were") + " dealt: bid 0 to " + strconv.Itoa(count) + "."
	case "not_cannon_time":
		return "Cannons are loaded right after bidding, under Rascal's scoring with cannon loads."
	case "already_loaded":
		return Capital(w.possessive(who)) + " cannon is already loaded."
	case "bad_cannon":
		return "Load grapeshot or a cannonball."
	case "bidding_not_over":
		var names []string
		for _, s := range r.Seats {
			names = append(names, w.Name(s))
		}
		if len(names) == 1 && r.Seats[0] == w.You {
			return "Bid first: the cards are played once every bid is in."
		}
		return "Cards are played once every bid is in: waiting for " + List(names, "and") + "."
	case "decision_awaited":
		if r.Phase == PhaseCannon {
			return "Cards are played once every cannon is loaded."
		}
		if other >= 0 {
			return "Wait: " + w.Name(other) + " " + w.verb(other, "decide", "decides") + " on a pirate ability first."
		}
		return "Wait: a decision comes first."
	case "not_your_turn":
		if other == w.You {
			return "It is your turn."
		}
		return "It is " + w.possessive(other) + " turn."
	case "card_not_held":
		return Capital(w.Name(who)) + " " + w.verb(who, "do", "does") + " not hold " + card + "."
	case "tigress_undeclared":
		return "Play the Tigress as a Pirate or as an Escape."
	case "only_tigress":
		return "Only the Tigress is declared."
	case "must_follow_suit":
		return Capital(w.Name(who)) + " must follow " + r.Suit + ": " + w.Name(who) + " " + w.verb(who, "hold", "holds") +
			" " + card + ". A special card may always be played."
	case "no_ability":
		return "No pirate ability is waiting for a decision."
	case "not_your_ability":
		return Capital(w.Name(other)) + " won the trick and " + w.verb(other, "decide", "decides") + "."
	case "rosie_seat":
		return "Rosie D'Laney chooses one of the " + strconv.Itoa(count) + " players to lead."
	case "bendt_choice":
		return "Bendt the Bandit draws two cards or none."
	case "discard":
		return "Bendt the Bandit discards " + Count(count, "card", "different cards") + " from the hand."
	case "wager":
		return "Rascal of Roatan wagers 0, 10 or 20."
	case "harry_move":
		return "Harry the Giant moves a bid by one, up or down, or keeps it."
	case "harry_range":
		return "The bid must stay within 0 to " + strconv.Itoa(count) + "."
	case "unknown_action":
		return "That is no action of the game."
	}
	return "That is not allowed now (" + strings.ReplaceAll(r.Code, "_", " ") + ")."
}

// Score words one seat's score for a round: "bid 2, won 3: −10; 50 bonus
// forfeited". It is what a sheet's cell says at length.
func (w Words) Score(s *SeatScore) string {
	parts := []string{"bid " + strconv.Itoa(s.Bid) + ", won " + strconv.Itoa(s.Won) + ": " + Signed(s.BidPoints)}
	switch {
	case s.Bonus > 0 && s.BonusPoints == s.Bonus:
		parts = append(parts, Signed(s.BonusPoints)+" bonus")
	case s.Bonus > 0 && s.BonusPoints > 0:
		parts = append(parts, Signed(s.BonusPoints)+" of "+strconv.Itoa(s.Bonus)+" bonus")
	case s.Bonus > 0:
		parts = append(parts, strconv.Itoa(s.Bonus)+" bonus forfeited")
	}
	if s.Wager != 0 {
		parts = append(parts, Signed(s.WagerPoints)+" wager")
	}
	if s.LootPoints != 0 {
		parts = append(parts, Signed(s.LootPoints)+" Loot")
	}
	return strings.Join(parts, "; ") + " = " + Signed(s.Total)
}

// Signed writes a number of points with its sign: "+20", "−10", "0".
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// RulesProblem words the engine's refusal of a set of rules for the person
// who chose them: under the option's label, as a form shows it, never its
// record key or the engine's prefix. "Loot is never used with 2 players.",
// "Colour 14 captured: 5000: must be 0 to 1000."
func RulesProblem(err error) string {
	var oe *skullking.OptionError
	if !errors.As(err, &oe) {
		return Capital(strings.TrimPrefix(strings.TrimPrefix(err.Error(), skullking.ErrBadOptions.Error()+": "), "skullking: "))
	}
	if spec, ok := skullking.OptionSpecOf(oe.Key); ok && !oe.Alone {
		return spec.Label + ": " + oe.Detail + "."
	}
	return Capital(oe.Detail) + "."
}

// Done words a decision taken for the viewer, in the past: "bid 3",
// "played the yellow 7" (a stood_in event).
func (w Words) Done(e *Event) string {
	v := 0
	if e.Value != nil {
		v = *e.Value
	}
	switch e.Kind {
	case KindBid:
		return "bid " + strconv.Itoa(v)
	case KindPlay:
		var ref CardRef
		if e.Card != nil {
			ref = *e.Card
		}
		return "played " + PlayPhrase(Play{CardRef: ref, As: e.As})
	case KindCannon:
		if v == 1 {
			return "loaded the cannonball"
		}
		return "loaded grapeshot"
	case KindRosie:
		if v == w.You {
			return "chose you to lead"
		}
		return "chose " + w.Name(v) + " to lead"
	case KindBendt:
		if v == 1 {
			return "drew two cards"
		}
		return "drew no cards"
	case KindDiscard:
		return "discarded two cards"
	case KindWager:
		if v == 0 {
			return "wagered nothing"
		}
		return "wagered " + strconv.Itoa(v)
	case KindHarry:
		switch {
		case v > 0:
			return "raised your bid by one"
		case v < 0:
			return "lowered your bid by one"
		}
		return "kept your bid"
	}
	return strings.ReplaceAll(e.Kind, "_", " ")
}

// stoodInMost is how many of a stand-in's decisions a report words; of
// more it gives the count and the latest.
const stoodInMost = 6

// StoodIn says what the stand-in bot decided for the viewer while they
// were away (the welcome's stood_in): "While you were away a bot bid 3 and
// played the yellow 7 for you."
func (w Words) StoodIn(events []Event) string {
	latest := events[max(0, len(events)-stoodInMost):]
	said := make([]string, len(latest))
	for i := range latest {
		said[i] = w.Done(&latest[i])
	}
	if len(events) <= stoodInMost {
		return "While you were away a bot " + List(said, "and") + " for you."
	}
	return "While you were away a bot made " + strconv.Itoa(len(events)) + " decisions for you; the latest: " +
		List(said, "and") + "."
}
