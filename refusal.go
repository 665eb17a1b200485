package skullking

// RefusalCode names why an action is refused. The codes are stable: clients
// switch on them and word the refusal for a player themselves, from the
// facts a Refusal carries; the engine's own sentence (ActionError.Reason) is
// written in the record's terms, for records and logs.
type RefusalCode string

// Refusal codes, with the facts of a Refusal each one sets.
const (
	RefuseGameOver        RefusalCode = "game_over"          // the game is over
	RefuseNoSuchSeat      RefusalCode = "no_such_seat"       // Count: the seats at the table
	RefuseBidsOver        RefusalCode = "bids_over"          // a bid after this round's bidding
	RefuseResultsOnly     RefusalCode = "results_only"       // a bid in a round whose results are entered, not played
	RefuseAlreadyBid      RefusalCode = "already_bid"        // a second bid: a bid never changes
	RefuseBidOutOfRange   RefusalCode = "bid_out_of_range"   // Count: the cards dealt (bid 0 to Count)
	RefuseNotCannonTime   RefusalCode = "not_cannon_time"    // a cannon load outside the cannon phase
	RefuseAlreadyLoaded   RefusalCode = "already_loaded"     // a second cannon load
	RefuseBadCannon       RefusalCode = "bad_cannon"         // a load that is neither grapeshot nor cannonball
	RefuseBiddingNotOver  RefusalCode = "bidding_not_over"   // a card while bidding; Seats: who has not bid
	RefuseDecisionAwaited RefusalCode = "decision_awaited"   // a card while Phase (cannon, ability) is awaited; Other: who decides, or −1 for everyone
	RefuseNotYourTurn     RefusalCode = "not_your_turn"      // Other: whose turn it is
	RefuseCardNotHeld     RefusalCode = "card_not_held"      // Card: the card, not in the seat's hand
	RefuseTigressAs       RefusalCode = "tigress_undeclared" // the Tigress played without Pirate or Escape
	RefuseOnlyTigress     RefusalCode = "only_tigress"       // a card other than the Tigress declared
	RefuseMustFollowSuit  RefusalCode = "must_follow_suit"   // Suit: the suit led; Card: a card of it the seat holds
	RefuseNoAbility       RefusalCode = "no_ability"         // an ability decision with none awaited (or of another kind)
	RefuseNotYourAbility  RefusalCode = "not_your_ability"   // Other: the seat whose Pirate won and who decides
	RefuseRosieSeat       RefusalCode = "rosie_seat"         // Count: the seats Rosie may choose (never Graybeard)
	RefuseBendtChoice     RefusalCode = "bendt_choice"       // Bendt draws (1) or declines (0)
	RefuseDiscard         RefusalCode = "discard"            // Count: the different cards Bendt discards from his hand
	RefuseWager           RefusalCode = "wager"              // Rascal wagers 0, 10 or 20
	RefuseHarryMove       RefusalCode = "harry_move"         // Harry moves a bid by −1, 0 or +1
	RefuseHarryRange      RefusalCode = "harry_range"        // Count: the cards dealt; the bid stays within 0 to Count
	RefuseUnknownAction   RefusalCode = "unknown_action"     // no such kind of action
)

// Refusal is why an action may not be taken now: a stable code and the
// facts a sentence about it needs. A Refusal with no Code refuses nothing.
type Refusal struct {
	Code   RefusalCode
	Seat   int    // the seat whose action it is
	Action Action // what it tried
	Phase  Phase  // what the game waits for
	Other  int    // not_your_turn, not_your_ability, decision_awaited: the seat to act, −1 for none or all
	Suit   Suit   // must_follow_suit: the suit led
	Card   Card   // must_follow_suit: a card of the suit led the seat holds; card_not_held: the card tried
	Count  int    // see the codes
	Seats  []int  // bidding_not_over: the seats that have not bid yet
}

// Refused reports whether r refuses anything.
func (r *Refusal) Refused() bool { return r.Code != "" }

// RefusalCodes lists every refusal code, for documentation and clients.
func RefusalCodes() []RefusalCode {
	return []RefusalCode{RefuseGameOver, RefuseNoSuchSeat, RefuseBidsOver, RefuseResultsOnly, RefuseAlreadyBid,
		RefuseBidOutOfRange, RefuseNotCannonTime, RefuseAlreadyLoaded, RefuseBadCannon, RefuseBiddingNotOver,
		RefuseDecisionAwaited, RefuseNotYourTurn, RefuseCardNotHeld, RefuseTigressAs, RefuseOnlyTigress,
		RefuseMustFollowSuit, RefuseNoAbility, RefuseNotYourAbility, RefuseRosieSeat, RefuseBendtChoice,
		RefuseDiscard, RefuseWager, RefuseHarryMove, RefuseHarryRange, RefuseUnknownAction}
}
