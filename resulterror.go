package skullking

import "fmt"

// ResultCode names why a round's results are refused (EnterResults). The
// codes are stable: a client words the refusal for its reader from the
// catalogue's sentence "result." + code, with the facts a ResultError
// carries; the engine's own sentence (ResultError.Text) is English, for
// records and logs.
type ResultCode string

// Result codes. Each one's facts are in its ResultError's Args: Name (and
// First, Second, Looter, Winner) are seats' names, Count the number that
// chooses the sentence's plural form, the rest plain numbers or Counted.
const (
	ResultGameOver         ResultCode = "game_over"
	ResultDealt            ResultCode = "dealt"
	ResultCardsRange       ResultCode = "cards_range"            // Count: cards dealt; Max, Players
	ResultBidRange         ResultCode = "bid_range"              // Name, Bid; Count: cards dealt
	ResultWonRange         ResultCode = "won_range"              // Name, Won; Count: cards dealt
	ResultNegativeBonus    ResultCode = "negative_bonus"         // Name
	ResultBonusTwice       ResultCode = "bonus_twice"            // Name: points and captures both given
	ResultCannonball       ResultCode = "cannonball"             // Name: a cannonball without cannon loads
	ResultTricksOver       ResultCode = "tricks_over"            // Sum; Count: tricks played
	ResultToNobody         ResultCode = "to_nobody"              // Sum, Cards; Count: tricks lost; none can go to nobody
	ResultToNobodyKraken   ResultCode = "to_nobody.kraken"       // the same, where only the Kraken's can
	ResultToNobodyWhale    ResultCode = "to_nobody.whale"        // the same, where only the White Whale's can
	ResultToNobodyBoth     ResultCode = "to_nobody.both"         // the same, where the Kraken's and the White Whale's can
	ResultBonusNoTricks    ResultCode = "bonus_no_tricks"        // Name
	ResultColour14s        ResultCode = "colour14s"              // Name; Count: captured; Deck
	ResultBlack14s         ResultCode = "black14s"               // Name; Count: captured
	ResultMermaidSKTimes   ResultCode = "mermaid_sk_times"       // Name; Count: times
	ResultSKBoth           ResultCode = "sk_both"                // Name
	ResultMermaids         ResultCode = "mermaids"               // Name; Count: Mermaids; Deck
	ResultSKPiratesTrick   ResultCode = "sk_pirates_trick"       // Name; Count: Pirates; Size
	ResultPirates          ResultCode = "pirates"                // Name; Count: Pirates winning Mermaids; Taken, Deck
	ResultOwnTricks        ResultCode = "own_tricks"             // Name; Count: tricks won; Need
	ResultFourteensNoRoom  ResultCode = "fourteens_no_room"      // Name, Fourteens, Tricks (Counted), Size
	ResultFourteensRoom    ResultCode = "fourteens_room"         // Name, Fourteens, Tricks (Counted), Size, Room
	ResultTableColour14s   ResultCode = "table.colour14s"        // Count: captured; Deck
	ResultTableBlack14s    ResultCode = "table.black14s"         // Count: captured
	ResultTableSKBoth      ResultCode = "table.sk_both"          // the Skull King both took Pirates and was taken
	ResultTableSKPirates   ResultCode = "table.sk_pirates"       // Count: times
	ResultTableMermaidSK   ResultCode = "table.mermaid_sk"       // Count: times
	ResultTableMermaidsSK  ResultCode = "table.mermaids_sk"      // Count: Mermaids, one took the Skull King; Deck
	ResultTableMermaids    ResultCode = "table.mermaids"         // Count: Mermaids; Deck
	ResultTablePirates     ResultCode = "table.pirates"          // Count: Pirates needed; Deck
	ResultBonusPointsNoWin ResultCode = "bonus_points_no_tricks" // Name; Count: bonus points
	ResultBonusPoints      ResultCode = "bonus_points"           // Name; Count: bonus points; Tricks (Counted), Most
	ResultWagerNoAbilities ResultCode = "wager.no_abilities"     // Name, Wager
	ResultWagerAmount      ResultCode = "wager.amount"           // Name, Wager
	ResultWagerNoTricks    ResultCode = "wager.no_tricks"        // Name, Wager
	ResultWagerTwice       ResultCode = "wager.twice"            // First, Second
	ResultLootCount        ResultCode = "loot.count"             // Count: alliances; Deck
	ResultLootOff          ResultCode = "loot.off"               // an alliance without the Loot module
	ResultLootSeats        ResultCode = "loot.seats"             // Looter, Winner: seat numbers; Last
	ResultLootOwn          ResultCode = "loot.own"               // Name
	ResultLootNoTricks     ResultCode = "loot.no_tricks"         // Looter, Winner: names
)

// ResultCodes lists every result code, for documentation and clients.
func ResultCodes() []ResultCode {
	return []ResultCode{ResultGameOver, ResultDealt, ResultCardsRange, ResultBidRange, ResultWonRange, ResultNegativeBonus, ResultBonusTwice, ResultCannonball, ResultTricksOver, ResultToNobody, ResultToNobodyKraken, ResultToNobodyWhale, ResultToNobodyBoth, ResultBonusNoTricks, ResultColour14s, ResultBlack14s, ResultMermaidSKTimes, ResultSKBoth, ResultMermaids, ResultSKPiratesTrick, ResultPirates, ResultOwnTricks, ResultFourteensNoRoom, ResultFourteensRoom, ResultTableColour14s, ResultTableBlack14s, ResultTableSKBoth, ResultTableSKPirates, ResultTableMermaidSK, ResultTableMermaidsSK, ResultTableMermaids, ResultTablePirates, ResultBonusPointsNoWin, ResultBonusPoints, ResultWagerNoAbilities, ResultWagerAmount, ResultWagerNoTricks, ResultWagerTwice, ResultLootCount, ResultLootOff, ResultLootSeats, ResultLootOwn, ResultLootNoTricks}
}

// Counted is a fact that is a number of things, which a sentence names
// with its noun: the catalogue's "result.count." + Of, in the plural form
// Count calls for. A sentence has one Count of its own; Counted is for a
// second number whose noun changes with it.
type Counted struct {
	Of    string `json:"of"`
	Count int    `json:"count"`
}

// ResultError is a refused round of results: ErrBadResults, with the code
// of why and the facts a sentence about it needs.
type ResultError struct {
	Round int
	Code  ResultCode
	Args  map[string]any
	// Text is the engine's English sentence, for records and logs.
	Text string
}

func (e *ResultError) Error() string {
	return fmt.Sprintf("%v: round %d: %s", ErrBadResults, e.Round, e.Text)
}

// Unwrap makes every ResultError an ErrBadResults.
func (e *ResultError) Unwrap() error { return ErrBadResults }

// problem is why a check refuses a round, before the round is known.
type problem struct {
	code ResultCode
	args map[string]any
	text string
}

// refuse is a problem with its code, its facts and its English sentence.
func refuse(code ResultCode, args map[string]any, format string, a ...any) *problem {
	return &problem{code: code, args: args, text: fmt.Sprintf(format, a...)}
}

// facts are a problem's Args.
type facts = map[string]any
