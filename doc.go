// Package skullking is the rules of Skull King, the pirate trick-taking and
// bidding game by Grandpa Beck's Games, for 2 to 8 players: cards and the
// deck, the deal, secret simultaneous bids, tricks, scoring with every
// official option and module, tiebreak rounds, the two-player game with
// Graybeard, per-seat views and the game record.
//
// The package is pure and deterministic: no I/O, no goroutines, no clocks and
// no global randomness. A game's seed is part of its state, so a game replays
// bit for bit. Every change goes through Game.Apply, which checks the action
// against the one legal-action generator (Game.LegalActions) that bots and
// user interfaces use too, and refuses an illegal action with an
// *ActionError wrapping a sentinel such as ErrMustFollowSuit, leaving the
// game unchanged. Apply reads a card whose copies play alike (the Escapes,
// the Mermaids) as the copy the seat holds, as a record's card codes mean.
// A server uses Game.Commit instead: it takes each card as the copy it
// names, and checks, keeps (the caller's append to its log) and applies one
// and the same action, so that what is stored is what was played.
//
// A seat sees the game through Game.View: its own hand and what is public,
// never another hand, Graybeard's pile, the undealt cards or a bid before all
// bids are in.
//
// Records (docs/record.md, format skullking-record/1) are read with ReadRecord,
// checked and scored with Record.Replay, and written with RecordOf.
package skullking
