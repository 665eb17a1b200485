package protocol

import (
	"strconv"
	"unicode/utf8"

	"github.com/skullking-go/skullking"
)

// A state frame is encoded for every seat on every action, so its JSON is
// appended here by hand, straight from the engine's view: reflection-based
// encoding/json, and the wire structs it would need, were most of a
// table's time. The wire format is still the one the types of this package
// and their tags define (View, SeatInfo, HandCard, Action, Refusal, Play,
// Lead, Pending, CardRef, Trick and what it holds), converted as viewOf and
// TrickOf convert: every field here follows them, in their order, with
// their omitempty, and TestStateFrameIsEncodingJSONs holds the bytes equal
// to encoding/json's of those types. A field added to one of them needs
// its line here too; until it has it, that test fails.

// appendOwnView appends the part of view v that is the viewer's own: the
// View object, but for tricks, last_trick and results (which every viewer
// shares) and for its closing brace, after which the shared parts go.
func appendOwnView(b []byte, v *skullking.View) []byte {
	named := v.Options.PirateAbilities
	b = append(b, `{"seat":`...)
	b = strconv.AppendInt(b, int64(v.Seat), 10)
	b = append(b, `,"players":`...)
	b = strconv.AppendInt(b, int64(v.Players), 10)
	b = append(b, `,"phase":`...)
	b = appendString(b, phaseNames[v.Phase])
	b = append(b, `,"round":`...)
	b = strconv.AppendInt(b, int64(v.Round), 10)
	b = append(b, `,"rounds":`...)
	b = strconv.AppendInt(b, int64(v.ScheduledRounds), 10)
	b = append(b, `,"tiebreak":`...)
	b = strconv.AppendBool(b, v.Tiebreak)
	b = append(b, `,"cards":`...)
	b = strconv.AppendInt(b, int64(v.Cards), 10)
	b = append(b, `,"named":`...)
	b = strconv.AppendBool(b, named)
	b = append(b, `,"seats":`...)
	b = appendSeats(b, v)
	b = append(b, `,"hand":[`...)
	for i, c := range v.Hand {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCardFields(b, c, named)
		if i < len(v.Refusals) && v.Refusals[i].Refused() {
			b = append(b, `,"playable":false,"why":`...)
			b = appendRefusal(b, &v.Refusals[i], named)
		} else {
			b = append(b, `,"playable":true`...)
		}
		b = append(b, '}')
	}
	b = append(b, `],"legal":[`...)
	for i, a := range v.Legal {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendAction(b, a, named)
	}
	b = append(b, `],"turn":`...)
	b = strconv.AppendInt(b, int64(v.Turn), 10)
	b = append(b, `,"leader":`...)
	b = strconv.AppendInt(b, int64(v.Leader), 10)
	b = append(b, `,"trick":`...)
	b = appendPlays(b, v.Trick, named)
	b = append(b, `,"winning":`...)
	b = strconv.AppendInt(b, int64(v.Winning), 10)
	b = append(b, `,"lead":{`...)
	if v.Lead.Suit != skullking.NoSuit {
		b = append(b, `"suit":`...)
		b = appendString(b, v.Lead.Suit.String())
		if v.Lead.Free {
			b = append(b, ',')
		}
	}
	if v.Lead.Free {
		b = append(b, `"free":true`...)
	}
	b = append(b, `},"trick_no":`...)
	b = strconv.AppendInt(b, int64(v.TrickNo), 10)
	if v.Pending != skullking.ActionNone {
		b = append(b, `,"pending":{"kind":`...)
		b = appendString(b, v.Pending.String())
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(v.PendingSeat), 10)
		if v.PendingDraw != 0 {
			b = append(b, `,"draw":`...)
			b = strconv.AppendInt(b, int64(v.PendingDraw), 10)
		}
		b = append(b, `,"leader":`...)
		b = strconv.AppendInt(b, int64(v.PendingLeader), 10)
		b = append(b, '}')
	}
	if len(v.UndealtSeen) > 0 {
		b = append(b, `,"undealt_seen":`...)
		b = appendCardRefs(b, v.UndealtSeen, named)
	}
	if len(v.Discarded) > 0 {
		b = append(b, `,"discarded":`...)
		b = appendCardRefs(b, v.Discarded, named)
	}
	b = append(b, `,"winners":`...)
	return appendInts(b, v.Winners)
}

// appendSeats appends the seats: null when there are none, as viewOf
// leaves its slice nil then.
func appendSeats(b []byte, v *skullking.View) []byte {
	if len(v.Seats) == 0 {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range v.Seats {
		s := &v.Seats[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, s.Name)
		b = append(b, `,"hand_size":`...)
		b = strconv.AppendInt(b, int64(s.HandSize), 10)
		b = append(b, `,"has_bid":`...)
		b = strconv.AppendBool(b, s.HasBid)
		b = append(b, `,"bid":`...)
		if s.Bid >= 0 && !s.Graybeard {
			b = strconv.AppendInt(b, int64(s.Bid), 10)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `,"won":`...)
		b = strconv.AppendInt(b, int64(s.Won), 10)
		b = append(b, `,"total":`...)
		b = strconv.AppendInt(b, int64(s.Total), 10)
		if s.Graybeard {
			b = append(b, `,"graybeard":true`...)
		}
		if s.Wager != 0 {
			b = append(b, `,"wager":`...)
			b = strconv.AppendInt(b, int64(s.Wager), 10)
		}
		if s.Cannon >= 0 && !s.Graybeard && v.Options.CannonLoad {
			b = append(b, `,"cannon":`...)
			b = appendString(b, cannonName(s.Cannon))
		}
		if s.BonusLost {
			b = append(b, `,"bonus_lost":true`...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendCardFields appends a CardRef's fields, opening the object they
// start: a HandCard or a Play goes on with fields of its own.
func appendCardFields(b []byte, c skullking.Card, named bool) []byte {
	b = append(b, `{"card":`...)
	b = strconv.AppendInt(b, int64(c), 10)
	b = append(b, `,"code":`...)
	return appendString(b, cardCode(c, named))
}

func appendCardRefs(b []byte, cs []skullking.Card, named bool) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCardFields(b, c, named)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendAction appends an action as FromAction writes it.
func appendAction(b []byte, a skullking.Action, named bool) []byte {
	b = append(b, `{"kind":`...)
	b = appendString(b, a.Kind.String())
	switch a.Kind {
	case skullking.ActionPlay:
		b = append(b, `,"card":`...)
		b = strconv.AppendInt(b, int64(a.Card), 10)
		if code := playCode(a.Card, a.As, named); code != "" {
			b = append(b, `,"code":`...)
			b = appendString(b, code)
		}
		if as := asName(a.As); as != "" {
			b = append(b, `,"as":`...)
			b = appendString(b, as)
		}
	case skullking.ActionDiscard:
		b = append(b, `,"card":`...)
		b = strconv.AppendInt(b, int64(a.Card), 10)
		if a.Card2.Valid() {
			b = append(b, `,"card2":`...)
			b = strconv.AppendInt(b, int64(a.Card2), 10)
		}
		// The code names both cards, apart by a space, in one string.
		b = append(b, `,"code":"`...)
		b = appendStringBody(b, cardCode(a.Card, named))
		if a.Card2.Valid() {
			b = append(b, ' ')
			b = appendStringBody(b, cardCode(a.Card2, named))
		}
		b = append(b, '"')
	default:
		b = append(b, `,"value":`...)
		b = strconv.AppendInt(b, int64(a.Value), 10)
	}
	return append(b, '}')
}

// appendRefusal appends a refusal as RefusalOf writes it.
func appendRefusal(b []byte, r *skullking.Refusal, named bool) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, string(r.Code))
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(r.Seat), 10)
	if r.Action.Kind != skullking.ActionNone {
		b = append(b, `,"action":`...)
		b = appendAction(b, r.Action, named)
	}
	f := refusalFacts[r.Code]
	if f.phase {
		if p := phaseNames[r.Phase]; p != "" {
			b = append(b, `,"phase":`...)
			b = appendString(b, p)
		}
	}
	if f.other {
		b = append(b, `,"other":`...)
		b = strconv.AppendInt(b, int64(r.Other), 10)
	}
	if f.suit {
		if s := r.Suit.String(); s != "" {
			b = append(b, `,"suit":`...)
			b = appendString(b, s)
		}
	}
	if f.card && r.Card.Valid() {
		b = append(b, `,"card":`...)
		b = appendCardFields(b, r.Card, named)
		b = append(b, '}')
	}
	if f.count {
		b = append(b, `,"count":`...)
		b = strconv.AppendInt(b, int64(r.Count), 10)
	}
	if f.seats && len(r.Seats) > 0 {
		b = append(b, `,"seats":`...)
		b = appendInts(b, r.Seats)
	}
	return append(b, '}')
}

// appendPlays appends cards on the table as plays writes them: [] for
// none.
func appendPlays(b []byte, ps []skullking.Played, named bool) []byte {
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"seat":`...)
		b = strconv.AppendInt(b, int64(p.Seat), 10)
		b = append(b, `,"card":`...)
		b = strconv.AppendInt(b, int64(p.Card), 10)
		b = append(b, `,"code":`...)
		b = appendString(b, playCode(p.Card, p.As, named))
		if as := asName(p.As); as != "" {
			b = append(b, `,"as":`...)
			b = appendString(b, as)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendTricks appends the round's completed tricks of view v as tricksOf
// writes them: [] for none.
func appendTricks(b []byte, v *skullking.View) []byte {
	b = append(b, '[')
	for i := range v.Tricks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendTrick(b, v, &v.Tricks[i])
	}
	return append(b, ']')
}

// appendTrick appends a completed trick as trickIn writes it.
func appendTrick(b []byte, v *skullking.View, t *skullking.TrickLog) []byte {
	r := &t.Result
	b = append(b, `{"round":`...)
	b = strconv.AppendInt(b, int64(t.Round), 10)
	b = append(b, `,"number":`...)
	b = strconv.AppendInt(b, int64(t.Number), 10)
	b = append(b, `,"plays":`...)
	b = appendPlays(b, t.Plays, v.Options.PirateAbilities)
	b = append(b, `,"outcome":`...)
	b = appendString(b, outcomeNames[r.Outcome])
	b = append(b, `,"winner":`...)
	b = strconv.AppendInt(b, int64(r.Winner), 10)
	b = append(b, `,"winning":`...)
	b = strconv.AppendInt(b, int64(r.Index), 10)
	b = append(b, `,"reason":`...)
	b = appendString(b, reasonCodes[r.Reason])
	b = append(b, `,"leader":`...)
	b = strconv.AppendInt(b, int64(r.Leader), 10)
	b = append(b, `,"bonus":`...)
	b = strconv.AppendInt(b, int64(r.Bonus), 10)
	if parts := v.Options.CaptureParts(r.Captured); len(parts) > 0 {
		b = append(b, `,"bonuses":[`...)
		for i, p := range parts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"kind":`...)
			b = appendString(b, p.Kind.String())
			b = append(b, `,"count":`...)
			b = strconv.AppendInt(b, int64(p.Count), 10)
			b = append(b, `,"points":`...)
			b = strconv.AppendInt(b, int64(p.Points), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if bonusLostIn(v, t.Round, r.Winner, r.Bonus) {
		b = append(b, `,"bonus_lost":true`...)
	}
	if r.NAlliances > 0 {
		b = append(b, `,"loot":[`...)
		for i, a := range r.Alliances[:r.NAlliances] {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"looter":`...)
			b = strconv.AppendInt(b, int64(a.Looter), 10)
			b = append(b, `,"winner":`...)
			b = strconv.AppendInt(b, int64(a.Winner), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if ab := t.Ability; ab.Ability != skullking.NoAbility && ab.State != 0 {
		b = append(b, `,"ability":{"pirate":`...)
		b = appendString(b, ab.Ability.String())
		b = append(b, `,"state":`...)
		b = appendString(b, ab.State.String())
		if ab.State != skullking.AbilityOffered && ab.Ability != skullking.JuanitaLooks {
			b = append(b, `,"value":`...)
			b = strconv.AppendInt(b, int64(ab.Value), 10)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// cardCodes are refOf's codes of every card, unnamed then named: the
// engine builds a number's code anew on every call.
var cardCodes = func() (t [2][skullking.NumCards]string) {
	for c := range skullking.Card(skullking.NumCards) {
		t[0][c], t[1][c] = c.String(), c.NamedCode()
	}
	return t
}()

// cardCode is refOf(c, named).Code.
func cardCode(c skullking.Card, named bool) string {
	if !c.Valid() {
		return refOf(c, named).Code
	}
	if named {
		return cardCodes[1][c]
	}
	return cardCodes[0][c]
}

// playCode is the code of a card played: a declared Tigress says how.
func playCode(c skullking.Card, as skullking.TigressAs, named bool) string {
	if c == skullking.Tigress {
		return skullking.Played{Card: c, As: as}.Code(named)
	}
	return cardCode(c, named)
}

// appendString appends s as a JSON string, escaped as encoding/json
// escapes it: HTML-safe (<, > and & as \u003c, \u003e, \u0026), U+2028
// and U+2029 escaped, each byte of invalid UTF-8 as \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendStringBody(b, s)
	return append(b, '"')
}

// appendStringBody appends s escaped, without its quotes.
func appendStringBody(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}
