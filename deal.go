package skullking

// Dealer decides the cards of each round. The default dealer shuffles with
// the game's seed; a record's dealer lays out the hands the record lists.
type Dealer interface {
	// Deal writes the round's deck order into deck (which holds the cards
	// in use, in card order, on entry): each seat's hand of cardsPerHand
	// cards in seat order, then Graybeard's pile in the order he flips it,
	// then the undealt cards in the order they would be drawn. It returns
	// false when the round was not dealt (a results-only round).
	Deal(round, cardsPerHand int, deck []Card) bool
}

// DealerFunc adapts a function to Dealer.
type DealerFunc func(round, cardsPerHand int, deck []Card) bool

// Deal calls f.
func (f DealerFunc) Deal(round, cardsPerHand int, deck []Card) bool {
	return f(round, cardsPerHand, deck)
}

// shuffleFrom performs the step of a Fisher–Yates shuffle that fixes
// position i of deck, using r. Shuffling lazily, only as far as cards are
// dealt or drawn, keeps dealing cheap without biasing later draws.
func shuffleFrom(deck []Card, i int, r *Rand) {
	j := i + r.IntN(len(deck)-i)
	deck[i], deck[j] = deck[j], deck[i]
}

// seededDeck puts deck, the cards in use in card order, in the order the
// seeded dealer deals round round of a game seeded with seed: each seat's
// hand, Graybeard's pile, then the undealt cards as Bendt draws them. It is
// the whole Fisher–Yates shuffle, of which a seeded game takes only the
// steps its deal and Bendt's draws reach (Game.deal, applyAbility): a step
// fixes one position and swaps it only with later ones, so the steps left
// out change none of the cards dealt or drawn. RecordOf regenerates a
// seeded game's decks with it, and a Dealer that deals it plays the seeded
// game card for card (TestSeededDeckDealsTheSeededGame).
func seededDeck(seed uint64, round int, deck []Card) {
	r := NewRand(RoundSeed(seed, round))
	for i := 0; i < len(deck)-1; i++ {
		shuffleFrom(deck, i, &r)
	}
}

// RoundSeed is the seed of round round's shuffle in a game seeded with seed:
// every round's deal depends only on the game seed and the round, never on
// what was played, so a deal set replays identically under any bots.
func RoundSeed(seed uint64, round int) uint64 { return mix(seed, uint64(round)) }
