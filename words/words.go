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

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Words writes what the engine reports as sentences for one viewer, each
// the catalogue's: the Go clients' one renderer of the codes (the browser
// has its own, for the same codes and the same catalogue, checked to
// agree). Its code only chooses a sentence and its values; the words,
// their order and their grammar are the catalogue's. Names are the seats' names,
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

// Name is seat s's name, "you" for the viewer, Graybeard by his.
func (w Words) Name(s int) string {
	if s == w.You && s >= 0 {
		return w.Lang.T("name.you", nil)
	}
	if s == w.Ghost && s > 0 {
		return w.Lang.T("name.graybeard", nil)
	}
	if s >= 0 && s < len(w.Names) {
		return w.Names[s]
	}
	return w.Lang.T("name.seat", locale.Args{"Number": s + 1})
}

// about renders sentence id of seat s: its ".you" sentence when s is the
// viewer, else the sentence with s's name as Name.
func (w Words) about(id string, s int, args locale.Args) string { return w.Lang.T(w.of(id, s, args)) }

// of is the id and the placeholders of sentence id said of seat s: the
// ".you" sentence when s is the viewer, else id with s's name as Name.
func (w Words) of(id string, s int, args locale.Args) (string, locale.Args) {
	if s == w.You && s >= 0 {
		return id + ".you", args
	}
	all := locale.Args{"Name": w.Name(s)}
	for k, v := range args {
		all[k] = v
	}
	return id, all
}

// list joins names in the language: "a", "a and b", "a, b and c".
func (w Words) list(items []string) string {
	l := w.Lang
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

// say renders sentence id of seat s, as about does, starting with a
// capital: "Ben leads next.", "You lead next."
func (w Words) say(id string, s int, args locale.Args) string {
	return protocol.Capital(w.about(id, s, args))
}

// sayN is say in the plural form count calls for.
func (w Words) sayN(id string, s, count int, args locale.Args) string {
	id, args = w.of(id, s, args)
	return protocol.Capital(w.Lang.N(id, count, args))
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
		return w.say("trick.bonus.missed", t.Winner, w.bonus(t))
	}
	return protocol.Capital(w.Lang.T("trick.bonus.counted", w.bonus(t)))
}

// BonusLost says that the bonus a completed trick carries will not count
// (Trick.BonusLost): "The +30 for the black 14 is lost: Ben's bid can no
// longer hold." Trick says it of such a trick.
func (w Words) BonusLost(t *protocol.Trick) string {
	return w.say("trick.bonus.lost", t.Winner, w.bonus(t))
}

// bonus are the placeholders of a trick's bonus sentences: its points and
// what was captured, "2 Pirates and the black 14".
func (w Words) bonus(t *protocol.Trick) locale.Args {
	l := w.Lang
	items := make([]string, len(t.Bonuses))
	for i, b := range t.Bonuses {
		if id := "bonus." + b.Kind; l.Has(id) {
			items[i] = l.N(id, b.Count, nil)
		} else {
			items[i] = strings.ReplaceAll(b.Kind, "_", " ")
		}
	}
	return locale.Args{"Points": w.Lang.Signed(t.Bonus), "Items": w.list(items)}
}

// reason words a reason code; a code this version does not know is still
// read out, as words.
func (w Words) reason(code string) string {
	if id := "reason." + code; w.Lang.Has(id) {
		return w.Lang.T(id, nil)
	}
	return strings.ReplaceAll(code, "_", " ")
}

// winning names the card that won a trick without its article, as
// trick.won says it: "black 11", "Tigress (as a Pirate)".
func (w Words) winning(t *protocol.Trick) string {
	if t.Winning < 0 || t.Winning >= len(t.Plays) {
		return w.Lang.T("trick.winner.unknown", nil)
	}
	switch p := t.Plays[t.Winning]; p.As {
	case "pirate", "escape":
		return w.Lang.T("trick.winner.tigress_"+p.As, nil)
	default:
		return w.cardName(p.CardRef)
	}
}

func (w Words) trick(t *protocol.Trick, scored bool) string {
	switch t.Outcome {
	case protocol.OutcomeDestroyed:
		return w.Lang.T("trick.destroyed", nil) + " " + w.say("trick.destroyed.leader", t.Leader, nil)
	case protocol.OutcomeDiscarded:
		return w.say("trick.discarded", t.Leader, nil)
	}
	said := []string{w.say("trick.won", t.Winner, locale.Args{"Card": w.winning(t), "Reason": w.reason(t.Reason)})}
	if w.Ghost > 0 && t.Winner == w.Ghost {
		// Graybeard's tricks count for nobody: they carry nothing.
		return said[0] + " " + w.Lang.T("trick.graybeard", nil)
	}
	switch {
	case t.Bonus > 0 && scored:
		said = append(said, w.BonusScored(t))
	case t.Bonus > 0 && t.BonusLost:
		said = append(said, w.BonusLost(t))
	case t.Bonus > 0:
		said = append(said, w.say("trick.bonus.pending", t.Winner, w.bonus(t)))
	}
	for _, a := range t.Loot {
		said = append(said, w.say("trick.loot", a.Looter, locale.Args{"Ally": w.Name(a.Winner)}))
	}
	if s := w.Ability(t); s != "" {
		said = append(said, s)
	}
	return strings.Join(said, " ")
}

// abilityID is the sentence saying what became of a pirate ability, ""
// for none: "ability.<pirate>.<state>", Harry's use by whether the bid
// went up or down, Juanita's look whatever its state.
func abilityID(a *protocol.Ability, v int) string {
	switch {
	case a.State == protocol.AbilityOffered && a.Pirate == "juanita":
		return ""
	case a.Pirate == "juanita":
		return "ability.juanita"
	case a.State == protocol.AbilityOffered:
		return "ability." + a.Pirate + ".offered"
	case a.State == protocol.AbilityDeclined && a.Pirate != "rosie":
		return "ability." + a.Pirate + ".declined"
	case a.Pirate == "harry" && v > 0:
		return "ability.harry.raised"
	case a.Pirate == "harry":
		return "ability.harry.lowered"
	}
	return "ability." + a.Pirate + ".used"
}

// Ability says what became of the pirate ability a trick's win gave, or ""
// when it gave none.
func (w Words) Ability(t *protocol.Trick) string {
	a := t.Ability
	if a == nil {
		return ""
	}
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	id := abilityID(a, v)
	if id == "" || !w.Lang.Has(id) {
		return ""
	}
	args := locale.Args{"Pirate": w.Lang.T("pirate."+a.Pirate, nil), "Leader": w.Name(v), "Points": v}
	if id == "ability.bendt.used" {
		return w.sayN(id, t.Winner, v, args)
	}
	return w.say(id, t.Winner, args)
}

// decision is the sentence of a decision of kind with value v, under
// prefix: action (what the viewer may do) or done (what was done for
// them); "" for a kind this version does not know.
func (w Words) decision(prefix, kind string, v int) string {
	switch kind {
	case protocol.KindBid, protocol.KindPlay, protocol.KindDiscard:
		return prefix + "." + kind
	case protocol.KindCannon:
		return prefix + ".cannon." + pick(v == 1, "cannonball", "grapeshot")
	case protocol.KindRosie:
		return prefix + ".rosie" + pick(v == w.You, ".you", "")
	case protocol.KindBendt:
		return prefix + ".bendt." + pick(v == 1, "draw", "none")
	case protocol.KindWager:
		return prefix + ".wager" + pick(v == 0, ".none", "")
	case protocol.KindHarry:
		return prefix + ".harry." + pick(v > 0, "raise", pick(v < 0, "lower", "keep"))
	}
	return ""
}

// pick is a when c holds, else b.
func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// decisionArgs are a decision's placeholders: its value as a bid, points
// or a seat's name, and card, when it plays one.
func (w Words) decisionArgs(v int, card string) locale.Args {
	return locale.Args{"Bid": v, "Points": v, "Name": w.Name(v), "Card": card}
}

// playPhrase names a card on the table: "the black 11", "the Tigress as a
// Pirate".
func (w Words) playPhrase(ref protocol.CardRef, as string) string {
	switch as {
	case "pirate", "escape":
		return w.Lang.T("play.tigress_"+as, nil)
	}
	return w.Card(ref)
}

// Action words an action a seat may take: "bid 2", "play the yellow 7",
// "play the Tigress as a Pirate", "load the cannonball".
func (w Words) Action(a protocol.Action) string {
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	id := w.decision("action", a.Kind, v)
	if id == "" {
		return a.Kind
	}
	args := w.decisionArgs(v, "")
	switch a.Kind {
	case protocol.KindPlay:
		ref := protocol.CardRef{Code: a.Code}
		if a.Card != nil {
			ref.Card = *a.Card
		}
		args["Card"] = w.playPhrase(ref, a.As)
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
			names = append(names, w.Card(ref))
		}
		args["Cards"] = w.list(names)
	}
	return w.Lang.T(id, args)
}

// Refusal says why an action may not be taken, to the seat that tried it:
// "You must follow yellow: you hold the yellow 3." The sentences are the
// catalogue's (locale), one id per refusal code.
func (w Words) Refusal(r *protocol.Refusal) string {
	l := w.Lang
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
		card = w.Card(*r.Card)
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
// forfeited = −10". It is what a sheet's cell says at length; points are
// written with their sign, as the sheet writes them.
func (w Words) Score(s *protocol.SeatScore) string {
	l := w.Lang
	part := func(id string, points int) string {
		return l.T(id, locale.Args{"Points": l.Signed(points), "Bonus": strconv.Itoa(s.Bonus)})
	}
	parts := []string{l.T("score.bid", locale.Args{"Bid": s.Bid, "Won": s.Won, "Points": l.Signed(s.BidPoints)})}
	switch {
	case s.Bonus > 0 && s.BonusPoints == s.Bonus:
		parts = append(parts, part("score.bonus", s.BonusPoints))
	case s.Bonus > 0 && s.BonusPoints > 0:
		parts = append(parts, part("score.bonus.part", s.BonusPoints))
	case s.Bonus > 0:
		parts = append(parts, part("score.bonus.forfeited", 0))
	}
	if s.Wager != 0 {
		parts = append(parts, part("score.wager", s.WagerPoints))
	}
	if s.LootPoints != 0 {
		parts = append(parts, part("score.loot", s.LootPoints))
	}
	return l.T("score.total", locale.Args{"Parts": strings.Join(parts, l.T("score.separator", nil)), "Total": l.Signed(s.Total)})
}

// Done words a decision taken for the viewer, in the past: "bid 3",
// "played the yellow 7" (a stood_in event).
func (w Words) Done(e *protocol.Event) string {
	v := 0
	if e.Value != nil {
		v = *e.Value
	}
	id := w.decision("done", e.Kind, v)
	if id == "" {
		return strings.ReplaceAll(e.Kind, "_", " ")
	}
	card := ""
	if e.Kind == protocol.KindPlay {
		var ref protocol.CardRef
		if e.Card != nil {
			ref = *e.Card
		}
		card = w.playPhrase(ref, e.As)
	}
	return w.Lang.T(id, w.decisionArgs(v, card))
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
	args := locale.Args{"Decisions": w.list(said)}
	if len(events) <= stoodInMost {
		return w.Lang.T("stood_in", args)
	}
	return w.Lang.N("stood_in.latest", len(events), args)
}
