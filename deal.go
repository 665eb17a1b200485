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

// A SeededDeal is a round as the seeded dealer dealt it: the deck as far as
// its lazy shuffle went, the hands, and the shuffle's state, from which
// Bendt's draws go on. Only a game writes one; a DealKeeper holds them.
type SeededDeal struct {
	// What the deal depends on: the seed, the round, the cards in use,
	// the hands dealt and their size.
	seed                uint64
	round, hands, cards int
	inUse               CardSet
	deck                [NumCards]Card
	hand                [maxHands]CardSet
	rand                Rand
	shuffled            int
}

// fits reports whether d is the seeded deal of g's round: a keeper that
// answers for another seed, round or table is not believed.
func (d *SeededDeal) fits(g *Game) bool {
	return d.seed == g.seed && d.round == g.round && d.inUse == g.deckSet && d.hands == g.hands && d.cards == g.cards
}

// A DealKeeper keeps the seeded dealer's deals for a game that deals the
// same seed again, so that the game takes each round from memory instead of
// shuffling it anew: the arena plays every deal set once per seat rotation.
// What is kept, and for how long, is the keeper's; a game takes from it only
// a deal that a game wrote for the same seed, round, cards in use and table,
// so the game that follows is the same to the last card.
type DealKeeper interface {
	// KeepDeal returns where round of seed is kept, and whether it holds
	// the deal already. When it does not, the game deals the round and
	// writes the deal there; nil keeps nothing.
	KeepDeal(seed uint64, round int) (d *SeededDeal, kept bool)
}
