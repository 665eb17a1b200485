package skullking

import (
	"fmt"
	"strconv"
	"strings"
)

// Suit is the suit of a numbered card. Special cards have NoSuit.
type Suit uint8

// The four numbered suits. Black (Jolly Roger) is trump.
const (
	NoSuit Suit = iota
	Green       // Parrot
	Yellow      // Treasure Chest
	Purple      // Treasure Map
	Black       // Jolly Roger, trump
)

var suitNames = [...]string{"none", "green", "yellow", "purple", "black"}
var suitLetters = [...]string{"", "G", "Y", "P", "B"}

func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return "Suit(" + strconv.Itoa(int(s)) + ")"
}

// Letter is the one-letter code of the suit used in card codes.
func (s Suit) Letter() string {
	if int(s) < len(suitLetters) {
		return suitLetters[s]
	}
	return "?"
}

// Kind is what a card is, independent of which copy it is.
type Kind uint8

// Card kinds. KindTigress is the Tigress in a hand; once played she is
// recorded as a Pirate or an Escape (see Played).
const (
	KindNumber Kind = iota
	KindPirate
	KindTigress
	KindSkullKing
	KindMermaid
	KindEscape
	KindLoot
	KindKraken
	KindWhale
)

var kindNames = [...]string{"number", "Pirate", "Tigress", "Skull King", "Mermaid", "Escape", "Loot", "Kraken", "White Whale"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsCharacter reports whether a played card of this kind frees an unset trick
// and competes in the character hierarchy (Pirate, Skull King, Mermaid).
func (k Kind) IsCharacter() bool {
	return k == KindPirate || k == KindSkullKing || k == KindMermaid
}

// IsEscapeLike reports whether the kind plays as an Escape: it leaves the suit
// unset and wins only a trick of nothing but Escape-like cards.
func (k Kind) IsEscapeLike() bool { return k == KindEscape || k == KindLoot }

// Card identifies one physical card of the 74-card deck (base deck plus the
// advanced cards). Copies of the same face (two Mermaids, five Escapes, two
// Loots) are distinct cards so that a hand is a set.
type Card uint8

// The card numbering: four suits of 14, then the special cards.
const (
	// Pirates in the order of docs/rules.md §1; their names matter only with
	// pirate abilities.
	Rosie   Card = 56
	Bendt   Card = 57
	Rascal  Card = 58
	Juanita Card = 59
	Harry   Card = 60

	Tigress    Card = 61
	SkullKing  Card = 62
	Mermaid1   Card = 63
	Mermaid2   Card = 64
	Escape1    Card = 65 // Escapes are 65..69
	Loot1      Card = 70
	Loot2      Card = 71
	Kraken     Card = 72
	WhiteWhale Card = 73

	// NumCards is the number of distinct cards with every module in.
	NumCards = 74
	// NoCard marks the absence of a card.
	NoCard Card = 255
)

// NumberCard returns the numbered card of suit s and rank 1..14.
func NumberCard(s Suit, rank int) Card {
	if s < Green || s > Black || rank < 1 || rank > 14 {
		return NoCard
	}
	return Card(int(s-1)*14 + rank - 1)
}

// cardKinds is the deck laid out by kind in runs of card numbers: each run
// ends at its last card and begins after the run before.
var cardKinds = func() (k [NumCards]Kind) {
	c := Card(0)
	for _, run := range []struct {
		last Card
		kind Kind
	}{
		{Rosie - 1, KindNumber}, {Harry, KindPirate}, {Tigress, KindTigress}, {SkullKing, KindSkullKing},
		{Mermaid2, KindMermaid}, {Loot1 - 1, KindEscape}, {Loot2, KindLoot}, {Kraken, KindKraken}, {WhiteWhale, KindWhale},
	} {
		for ; c <= run.last; c++ {
			k[c] = run.kind
		}
	}
	return k
}()

// Valid reports whether c names a card.
func (c Card) Valid() bool { return c < NumCards }

// Kind is the card's kind (KindTigress for the Tigress, whatever she is played as).
func (c Card) Kind() Kind {
	if c >= NumCards {
		return KindEscape
	}
	return cardKinds[c]
}

// Suit is the card's suit, or NoSuit for a special card.
func (c Card) Suit() Suit {
	if c >= Rosie {
		return NoSuit
	}
	return Suit(c/14 + 1)
}

// Rank is the number on a numbered card (1..14), 0 for a special card.
func (c Card) Rank() int {
	if c >= Rosie {
		return 0
	}
	return int(c%14) + 1
}

// IsNumber reports whether c is a numbered card.
func (c Card) IsNumber() bool { return c < Rosie }

var pirateCodes = [...]string{"ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY"}

// String is the card's code as a record writes it without pirate abilities:
// G1..B14, PIR, TIG, SK, MER, ESC, LOOT, KRAKEN, WHALE.
func (c Card) String() string { return c.code(false) }

// NamedCode is the card's code with the Pirates named (ROSIE, BENDT, …), as a
// record writes it when pirate abilities are on.
func (c Card) NamedCode() string { return c.code(true) }

func (c Card) code(named bool) string {
	if c.IsNumber() {
		return c.Suit().Letter() + strconv.Itoa(c.Rank())
	}
	switch c.Kind() {
	case KindPirate:
		if named && c >= Rosie && c <= Harry {
			return pirateCodes[c-Rosie]
		}
		return "PIR"
	case KindTigress:
		return "TIG"
	case KindSkullKing:
		return "SK"
	case KindMermaid:
		return "MER"
	case KindEscape:
		if c >= NumCards {
			return "Card(" + strconv.Itoa(int(c)) + ")"
		}
		return "ESC"
	case KindLoot:
		return "LOOT"
	case KindKraken:
		return "KRAKEN"
	default:
		return "WHALE"
	}
}

// Face is what a card code names: a kind and, for numbers, suit and rank.
// Several cards can share a face (MER names either Mermaid).
type Face struct {
	Kind Kind
	Card Card // a specific card when the code names exactly one, else NoCard
}

// Cards lists the cards a face may stand for, in card order.
func (f Face) Cards() []Card {
	if f.Card != NoCard {
		return []Card{f.Card}
	}
	return kindCards(f.Kind)
}

// FirstIn is the lowest card of s the face stands for, or NoCard: the copy
// meant where a code names one of several (PIR, MER, ESC, LOOT).
func (f Face) FirstIn(s CardSet) Card { return SetOf(f.Cards()...).And(s).First() }

// Matches reports whether card c is one the face stands for.
func (f Face) Matches(c Card) bool {
	if f.Card != NoCard {
		return c == f.Card
	}
	return c.Kind() == f.Kind
}

func kindCards(k Kind) []Card {
	var out []Card
	for c := Card(0); c < NumCards; c++ {
		if c.Kind() == k {
			out = append(out, c)
		}
	}
	return out
}

// TigressAs is how a played Tigress was declared.
type TigressAs uint8

// Tigress declarations. Undeclared is only valid for cards other than the Tigress.
const (
	Undeclared TigressAs = iota
	AsPirate
	AsEscape
)

func (t TigressAs) String() string {
	switch t {
	case AsPirate:
		return "as Pirate"
	case AsEscape:
		return "as Escape"
	}
	return "undeclared"
}

// ParsedCode is a card code read from text: the face it names and, for the
// Tigress, how she was declared (TIG-P, TIG-E) or Undeclared for a bare TIG.
type ParsedCode struct {
	Face
	As TigressAs
}

// ErrUnknownCard is returned for a card code that names no card.
var ErrUnknownCard = fmt.Errorf("skullking: unknown card")

// ParseCode reads a card code, case-insensitively (see docs/record.md).
func ParseCode(s string) (ParsedCode, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	special := func(k Kind, c Card) (ParsedCode, error) {
		return ParsedCode{Face: Face{Kind: k, Card: c}}, nil
	}
	switch u {
	case "PIR":
		return special(KindPirate, NoCard)
	case "ROSIE", "BENDT", "RASCAL", "JUANITA", "HARRY":
		for i, code := range pirateCodes {
			if code == u {
				return special(KindPirate, Rosie+Card(i))
			}
		}
	case "TIG":
		return special(KindTigress, Tigress)
	case "TIG-P":
		return ParsedCode{Face: Face{Kind: KindTigress, Card: Tigress}, As: AsPirate}, nil
	case "TIG-E":
		return ParsedCode{Face: Face{Kind: KindTigress, Card: Tigress}, As: AsEscape}, nil
	case "SK":
		return special(KindSkullKing, SkullKing)
	case "MER":
		return special(KindMermaid, NoCard)
	case "ESC":
		return special(KindEscape, NoCard)
	case "LOOT":
		return special(KindLoot, NoCard)
	case "KRAKEN":
		return special(KindKraken, Kraken)
	case "WHALE":
		return special(KindWhale, WhiteWhale)
	}
	if len(u) >= 2 && len(u) <= 3 {
		var suit Suit
		switch u[0] {
		case 'G':
			suit = Green
		case 'Y':
			suit = Yellow
		case 'P':
			suit = Purple
		case 'B':
			suit = Black
		}
		if suit != NoSuit && u[1] != '0' && u[1] != '+' {
			if rank, err := strconv.Atoi(u[1:]); err == nil && rank >= 1 && rank <= 14 {
				c := NumberCard(suit, rank)
				return ParsedCode{Face: Face{Kind: KindNumber, Card: c}}, nil
			}
		}
	}
	return ParsedCode{}, fmt.Errorf("%w %q", ErrUnknownCard, s)
}

// MarshalText writes the card's code with the Pirates named (see NamedCode),
// so that a Pirate reads back as itself, and NoCard (an action's unused
// second card) as the empty string, so that views and actions can be encoded.
func (c Card) MarshalText() ([]byte, error) {
	if c == NoCard {
		return []byte{}, nil
	}
	if !c.Valid() {
		return nil, fmt.Errorf("skullking: cannot encode card %d", c)
	}
	return []byte(c.NamedCode()), nil
}

// UnmarshalText reads a code that names exactly one card. Codes naming one of
// several copies (PIR, MER, ESC, LOOT) decode to the first copy; use
// ParseCode to tell them apart.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = NoCard
		return nil
	}
	p, err := ParseCode(string(b))
	if err != nil {
		return err
	}
	if p.As != Undeclared {
		return fmt.Errorf("skullking: %q is a played Tigress, not a card", b)
	}
	if p.Card != NoCard {
		*c = p.Card
	} else {
		*c = kindCards(p.Kind)[0]
	}
	return nil
}

// plural writes a count with its noun: "1 player", "3 players".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// count writes a count with its noun, irregular plurals too: "1 entry",
// "2 entries".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// pluralVerb writes a count with its noun and a verb that agrees with it:
// "1 trick was", "2 tricks were".
func pluralVerb(n int, noun, one, many string) string {
	if n == 1 {
		return plural(n, noun) + " " + one
	}
	return plural(n, noun) + " " + many
}

// thereAre says how many of a thing the deck holds: "there is one black 14",
// "there are 2 Mermaids".
func thereAre(n int, noun string) string {
	if n == 1 {
		return "there is one " + noun
	}
	return "there are " + plural(n, noun)
}

// times says how often: "once", "2 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}
