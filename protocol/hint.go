package protocol

// Why is the expert's reason for a hint, for the client to word: the
// catalogue's sentence hint.why.<Code>, whose placeholders are the facts
// below, each the client's to word (a card by its phrase, a list of cards
// joined as the language joins them, a count choosing the plural form).
type Why struct {
	Code string `json:"code"`
	// Card is the card the sentence names ({{.Card}}).
	Card *int `json:"card,omitempty"`
	// Cards are the cards it lists ({{.Cards}}), in its order.
	Cards []int `json:"cards,omitempty"`
	// Count is a number of tricks ({{.Count}}).
	Count *int `json:"count,omitempty"`
	// Value is the points a zero bid pays ({{.Value}}).
	Value *int `json:"value,omitempty"`
	// Named says the Pirates go by their names (the game plays their
	// abilities), as a card's phrase says them.
	Named bool `json:"named,omitempty"`
}

// The hints' reasons, each a sentence of the catalogue (hint.why.<code>);
// the comment names its facts.
const (
	WhyCannonball      = "cannonball"        //
	WhyGrapeshot       = "grapeshot"         //
	WhyRosieSelf       = "rosie_self"        //
	WhyRosieLast       = "rosie_last"        //
	WhyRosieBest       = "rosie_best"        //
	WhyBendtDraw       = "bendt_draw"        //
	WhyBendtKeep       = "bendt_keep"        //
	WhyDiscard         = "discard"           // Count
	WhyWagerBet        = "wager_bet"         //
	WhyWagerNone       = "wager_none"        //
	WhyHarryKeep       = "harry_keep"        // Count
	WhyHarryChange     = "harry_change"      // Count
	WhyZeroSafe        = "zero_safe"         // Value
	WhyZeroKeepOut     = "zero_keep_out"     // Value, Cards
	WhyAllWin          = "all_win"           // Cards
	WhyRestLose        = "rest_lose"         // Cards
	WhyMayWinToo       = "may_win_too"       // Cards, Card
	WhyLikeliest       = "likeliest"         // Card
	WhyBestChance      = "best_chance"       // Card
	WhyLikeliestAll    = "likeliest_all"     // Cards
	WhyBestChances     = "best_chances"      // Cards
	WhyZeroLost        = "zero_lost"         //
	WhyDoneHighLoser   = "done_high_loser"   // Card
	WhyDoneCannotWin   = "done_cannot_win"   // Card
	WhyDoneLeastLead   = "done_least_lead"   // Card
	WhyDoneLeast       = "done_least"        // Card
	WhyDoneSafest      = "done_safest"       //
	WhyOverHighLoser   = "over_high_loser"   // Card
	WhyOverCannotWin   = "over_cannot_win"   // Card
	WhyOverLeastLead   = "over_least_lead"   // Card
	WhyOverLeast       = "over_least"        // Card
	WhyOverSafest      = "over_safest"       //
	WhyEveryTake       = "every_take"        // Card
	WhyEveryBest       = "every_best"        // Card
	WhyNeedCheapest    = "need_cheapest"     // Count, Card
	WhyNeedWin         = "need_win"          // Count, Card
	WhyNeedNotThis     = "need_not_this"     // Count, Card
	WhyNeedBestOverall = "need_best_overall" // Count, Card
)
