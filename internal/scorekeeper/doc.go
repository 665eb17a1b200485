// Package scorekeeper keeps score sheets for games of Skull King played with
// real cards: one phone passed around the table enters each round's bids,
// tricks won and bonuses as what happened ("Dan's Skull King took 2
// Pirates"), and the points are computed, never typed.
//
// A Sheet is a game record with results-only rounds (docs/record.md), so every
// total comes from the engine: Sheet.Score builds a skullking.Game dealt by
// skullking.NoDeal, enters each round with Game.EnterResults and changes the
// rules with Game.SetOptions where the table changed a house rule. Game
// over, tiebreak rounds and winners are the engine's decision, and a sheet
// exports as a record that `skullking replay` scores to the same totals.
// Bonus events reach the engine as captures (skullking.Captures), which it
// prices with the rules in force, so no point value is worked out here.
//
// The engine refuses what no play can give (bids and tricks in range,
// tricks to nobody beyond the Kraken's, the White Whale's or Graybeard's,
// captures no trick won can hold, Loot alliances and Rascal's wagers that
// cannot be), with a sentence the table understands; this package adds
// only what the bonus events say beyond their counts — a 14 captured
// twice, the Skull King entered as taking Pirates twice, more Pirate
// tricks than the seat won. CheckRound gives the engine's word on a round
// still being entered, for the entry screens.
//
// Package keeperapi serves the HTTP API (docs/scorekeeper-api.md) over a
// SheetStore: NewMemoryStore for tests and single runs, the database of
// the server's tables for a server (package sqlstore, whose stores keep the
// contract of package sheettest). Each sheet has two random 128-bit tokens: its id, which edits,
// and a follow token, which only reads, so that others at the table can
// follow the sheet live on their own phones.
//
// ScoreJSON is Sheet.Score over JSON, answering as the API does: the score
// keeper's page runs it compiled to WebAssembly (internal/web) to score a
// round when the phone cannot reach the server; the HTTP API, the
// server's alone, is a package of its own (keeperapi), so that net/http
// stays out of the module.
//
// Phones that share the edit link may change a sheet offline: a whole-sheet
// sync names the sheet its changes were made on, and Merge takes every part
// (title, each name, the rules, each round) from the side that changed it,
// leaving to the keeper only the parts both changed. A sheet exports whole
// as a Document, which imports back as the same sheet under the same game
// id, so that a game kept twice is recognised and counted once.
package scorekeeper
