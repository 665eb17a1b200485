// Package words writes what the engine and the protocol report as
// sentences for one viewer, in the viewer's language, from the catalogue
// (package locale): the Go clients' one renderer of the codes — the
// terminal, the server's hints and reviews, the external bots' log. The
// browser renders the same catalogue (assets/words.js), checked to agree.
// It is apart from package protocol so that a program that only speaks
// the protocol (the score keeper's WebAssembly engine) links no catalogue.
package words

import (
	"strconv"
	"strings"
	"sync"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
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
	// Lang is the language of the sentences; nil is English.
	Lang *locale.Lang
}

// For is the renderer for the viewer of v.
func For(v *protocol.View) Words {
	w := Words{You: v.Seat}
	for i, s := range v.Seats {
		w.Names = append(w.Names, s.Name)
		if s.Graybeard {
			w.Ghost = i
		}
	}
	return w
}

// lang is the language the words are in: English unless Lang says.
func (w Words) lang() *locale.Lang {
	if w.Lang != nil {
		return w.Lang
	}
	return english()
}

// english is the catalogue's base language, loaded when a sentence is
// first written: a program that writes none (the score keeper's
// WebAssembly engine) links no catalogue.
func english() *locale.Lang {
	englishOnce.Do(func() { englishLang = locale.For(locale.Base) })
	return englishLang
}

var (
	englishOnce sync.Once
	englishLang *locale.Lang
)

// Name is seat s's name, "you" for the viewer.
func (w Words) Name(s int) string {
	if s == w.You && s >= 0 {
		return w.lang().T("name.you", nil)
	}
	if s >= 0 && s < len(w.Names) {
		return w.Names[s]
	}
	return w.lang().T("name.seat", locale.Args{"Number": s + 1})
}

// about renders sentence id of seat s: its ".you" sentence when s is the
// viewer, else the sentence with s's name as Name.
func (w Words) about(id string, s int, args locale.Args) string {
	if s == w.You && s >= 0 {
		return w.lang().T(id+".you", args)
	}
	all := locale.Args{"Name": w.Name(s)}
	for k, v := range args {
		all[k] = v
	}
	return w.lang().T(id, all)
}

// list joins names in the language: "a", "a and b", "a, b and c".
func (w Words) list(items []string) string {
	l := w.lang()
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return l.T("list.pair", locale.Args{"First": items[0], "Last": items[1]})
	}
	last := len(items) - 1
	return l.T("list.series", locale.Args{"Items": strings.Join(items[:last], l.T("list.comma", nil)), "Last": items[last]})
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

// Trick says in sentences who won a completed trick and why, what it
// carries if the winner's bid holds, the Loot alliances it made and the
// pirate ability its win gave: "Ben's Skull King wins: the Skull King beats
// every Pirate and number. +60 for 2 Pirates if Ben's bid is exact."
func (w Words) Trick(t *protocol.Trick) string { return w.trick(t, false) }

// TrickScored is Trick for a trick of a round already scored: what its
// bonus came to is said in the past, for the round's score has settled it
// — "The +30 for 2 Pirates counted." — never as if the winner's bid were
// still to be made, which would read as the next round's bid.
func (w Words) TrickScored(t *protocol.Trick) string { return w.trick(t, true) }

// BonusScored says what a scored round made of the bonus a trick carried:
// "The +30 for 2 Pirates counted.", "The +30 for 2 Pirates was lost: Ben's
// bid was missed."; "" when it carried none.
func (w Words) BonusScored(t *protocol.Trick) string {
	if t.Bonus <= 0 || t.Winner < 0 {
		return ""
	}
	if t.BonusLost {
		return "The +" + strconv.Itoa(t.Bonus) + " for " + protocol.Bonuses(t.Bonuses) + " was lost: " + w.possessive(t.Winner) +
			" bid was missed."
	}
	return "The +" + strconv.Itoa(t.Bonus) + " for " + protocol.Bonuses(t.Bonuses) + " counted."
}

func (w Words) trick(t *protocol.Trick, scored bool) string {
	var b strings.Builder
	switch t.Outcome {
	case protocol.OutcomeDestroyed:
		b.WriteString("The Kraken destroys the trick: nobody wins it. ")
		b.WriteString(protocol.Capital(w.Name(t.Leader)) + " would have won and " + w.verb(t.Leader, "lead", "leads") + " next.")
		return b.String()
	case protocol.OutcomeDiscarded:
		b.WriteString("The White Whale with no number played: the trick is discarded and ")
		b.WriteString(w.Name(t.Leader) + " " + w.verb(t.Leader, "lead", "leads") + " next.")
		return b.String()
	}
	card := "card"
	if t.Winning >= 0 && t.Winning < len(t.Plays) {
		card = bare(protocol.PlayPhrase(t.Plays[t.Winning]))
		switch t.Plays[t.Winning].As {
		case "pirate":
			card = "Tigress (as a Pirate)"
		case "escape":
			card = "Tigress (as an Escape)"
		}
	}
	b.WriteString(protocol.Capital(w.possessive(t.Winner)) + " " + card + " wins: ")
	b.WriteString(protocol.Reason(t.Reason) + ".")
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
		b.WriteString(" +" + strconv.Itoa(t.Bonus) + " for " + protocol.Bonuses(t.Bonuses) + " if " + w.possessive(t.Winner) +
			" bid is exact.")
	}
	for _, a := range t.Loot {
		b.WriteString(" " + protocol.Capital(w.possessive(a.Looter)) + " Loot allies with " + w.Name(a.Winner) + ".")
	}
	if s := w.Ability(t); s != "" {
		b.WriteString(" " + s)
	}
	return b.String()
}

// BonusLost says that the bonus a completed trick carries will not count
// (Trick.BonusLost): "The +30 for the black 14 is lost: Ben's bid can no
// longer hold." Trick says it of such a trick.
func (w Words) BonusLost(t *protocol.Trick) string {
	return "The +" + strconv.Itoa(t.Bonus) + " for " + protocol.Bonuses(t.Bonuses) + " is lost: " + w.possessive(t.Winner) +
		" bid can no longer hold."
}

// abilityNames names the Pirates with abilities.
var abilityNames = map[string]string{
	"rosie": "Rosie D'Laney", "bendt": "Bendt the Bandit", "rascal": "Rascal of Roatan",
	"juanita": "Juanita Jade", "harry": "Harry the Giant",
}

// Ability says what became of the pirate ability a trick's win gave, or ""
// when it gave none.
func (w Words) Ability(t *protocol.Trick) string {
	a := t.Ability
	if a == nil {
		return ""
	}
	who, pirate := t.Winner, abilityNames[a.Pirate]
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	if a.State == protocol.AbilityOffered {
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
	subject := protocol.Capital(w.Name(who))
	switch {
	case a.Pirate == "juanita":
		return pirate + ": " + w.Name(who) + " " + w.verb(who, "look", "looks") + " at the undealt cards."
	case a.State == protocol.AbilityDeclined && a.Pirate == "bendt":
		return subject + " " + w.verb(who, "draw", "draws") + " no cards with " + pirate + "."
	case a.State == protocol.AbilityDeclined && a.Pirate == "rascal":
		return subject + " " + w.verb(who, "wager", "wagers") + " nothing with " + pirate + "."
	case a.State == protocol.AbilityDeclined && a.Pirate == "harry":
		return subject + " " + w.verb(who, "keep", "keeps") + " " + w.possessive(who) + " bid with " + pirate + "."
	case a.Pirate == "rosie":
		return subject + " " + w.verb(who, "choose", "chooses") + " " + w.Name(v) + " to lead, with " + pirate + "."
	case a.Pirate == "bendt":
		return subject + " " + w.verb(who, "draw", "draws") + " " + protocol.Count(v, "card", "cards") + " and " +
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
func (w Words) Action(a protocol.Action) string {
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	switch a.Kind {
	case protocol.KindBid:
		return "bid " + strconv.Itoa(v)
	case protocol.KindPlay:
		ref := protocol.CardRef{Code: a.Code}
		if a.Card != nil {
			ref.Card = *a.Card
		}
		return "play " + protocol.PlayPhrase(protocol.Play{CardRef: ref, As: a.As})
	case protocol.KindCannon:
		if v == 1 {
			return "load the cannonball"
		}
		return "load grapeshot"
	case protocol.KindRosie:
		if v == w.You {
			return "choose yourself to lead"
		}
		return "choose " + w.Name(v) + " to lead"
	case protocol.KindBendt:
		if v == 1 {
			return "draw two cards"
		}
		return "draw no cards"
	case protocol.KindDiscard:
		codes := strings.Fields(a.Code)
		var names []string
		for i, id := range []*int{a.Card, a.Card2} {
			if id == nil {
				continue
			}
			ref := protocol.CardRef{Card: *id}
			if i < len(codes) {
				ref.Code = codes[i]
			}
			names = append(names, ref.Phrase())
		}
		return "discard " + protocol.List(names, "and")
	case protocol.KindWager:
		if v == 0 {
			return "wager nothing"
		}
		return "wager " + strconv.Itoa(v)
	case protocol.KindHarry:
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
// "You must follow yellow: you hold the yellow 3." The sentences are the
// catalogue's (locale), one id per refusal code.
func (w Words) Refusal(r *protocol.Refusal) string {
	l := w.lang()
	other := -1
	if r.Other != nil {
		other = *r.Other
	}
	count := 0
	if r.Count != nil {
		count = *r.Count
	}
	card := l.T("refusal.that_card", nil)
	if r.Card != nil {
		card = r.Card.Phrase()
	}
	id := "refusal." + r.Code
	var s string
	switch r.Code {
	case "no_such_seat", "bid_out_of_range", "rosie_seat", "discard":
		s = l.N(id, count, nil)
	case "already_bid", "already_loaded":
		s = w.about(id, r.Seat, nil)
	case "bidding_not_over":
		if len(r.Seats) == 1 && r.Seats[0] == w.You {
			s = l.T(id+".you", nil)
			break
		}
		names := make([]string, len(r.Seats))
		for i, seat := range r.Seats {
			names[i] = w.Name(seat)
		}
		s = l.T(id, locale.Args{"Names": w.list(names)})
	case "decision_awaited":
		switch {
		case r.Phase == protocol.PhaseCannon:
			s = l.T(id+".cannon", nil)
		case other >= 0:
			s = w.about(id, other, nil)
		default:
			s = l.T(id+".none", nil)
		}
	case "not_your_turn", "not_your_ability":
		s = w.about(id, other, nil)
	case "card_not_held":
		s = w.about(id, r.Seat, locale.Args{"Card": card})
	case "must_follow_suit":
		s = w.about(id, r.Seat, locale.Args{"Suit": l.T("suit."+r.Suit, nil), "Card": card})
	case "harry_range":
		s = l.T(id, locale.Args{"Max": count})
	default:
		if !l.Has(id) {
			return l.T("refusal.other", locale.Args{"Code": strings.ReplaceAll(r.Code, "_", " ")})
		}
		s = l.T(id, nil)
	}
	return protocol.Capital(s)
}

// Score words one seat's score for a round: "bid 2, won 3: −10; 50 bonus
// forfeited". It is what a sheet's cell says at length.
func (w Words) Score(s *protocol.SeatScore) string {
	parts := []string{"bid " + strconv.Itoa(s.Bid) + ", won " + strconv.Itoa(s.Won) + ": " + protocol.Signed(s.BidPoints)}
	switch {
	case s.Bonus > 0 && s.BonusPoints == s.Bonus:
		parts = append(parts, protocol.Signed(s.BonusPoints)+" bonus")
	case s.Bonus > 0 && s.BonusPoints > 0:
		parts = append(parts, protocol.Signed(s.BonusPoints)+" of "+strconv.Itoa(s.Bonus)+" bonus")
	case s.Bonus > 0:
		parts = append(parts, strconv.Itoa(s.Bonus)+" bonus forfeited")
	}
	if s.Wager != 0 {
		parts = append(parts, protocol.Signed(s.WagerPoints)+" wager")
	}
	if s.LootPoints != 0 {
		parts = append(parts, protocol.Signed(s.LootPoints)+" Loot")
	}
	return strings.Join(parts, "; ") + " = " + protocol.Signed(s.Total)
}

// Done words a decision taken for the viewer, in the past: "bid 3",
// "played the yellow 7" (a stood_in event).
func (w Words) Done(e *protocol.Event) string {
	v := 0
	if e.Value != nil {
		v = *e.Value
	}
	switch e.Kind {
	case protocol.KindBid:
		return "bid " + strconv.Itoa(v)
	case protocol.KindPlay:
		var ref protocol.CardRef
		if e.Card != nil {
			ref = *e.Card
		}
		return "played " + protocol.PlayPhrase(protocol.Play{CardRef: ref, As: e.As})
	case protocol.KindCannon:
		if v == 1 {
			return "loaded the cannonball"
		}
		return "loaded grapeshot"
	case protocol.KindRosie:
		if v == w.You {
			return "chose you to lead"
		}
		return "chose " + w.Name(v) + " to lead"
	case protocol.KindBendt:
		if v == 1 {
			return "drew two cards"
		}
		return "drew no cards"
	case protocol.KindDiscard:
		return "discarded two cards"
	case protocol.KindWager:
		if v == 0 {
			return "wagered nothing"
		}
		return "wagered " + strconv.Itoa(v)
	case protocol.KindHarry:
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
func (w Words) StoodIn(events []protocol.Event) string {
	latest := events[max(0, len(events)-stoodInMost):]
	said := make([]string, len(latest))
	for i := range latest {
		said[i] = w.Done(&latest[i])
	}
	if len(events) <= stoodInMost {
		return "While you were away a bot " + protocol.List(said, "and") + " for you."
	}
	return "While you were away a bot made " + strconv.Itoa(len(events)) + " decisions for you; the latest: " +
		protocol.List(said, "and") + "."
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
