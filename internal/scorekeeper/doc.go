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
// The engine checks what a results-only round can check (bids and tricks in
// range, trick totals, modules in play); this package adds what only the
// bonus events reveal — a 14 captured twice, three Mermaids, two Skull King
// events, captures by a seat that won no tricks — so that an impossible
// entry is refused with a sentence the table understands.
//
// NewHandler serves the HTTP API (docs/scorekeeper-api.md) over a
// SheetStore: NewMemoryStore for tests and single runs, NewSQLiteStore for
// a server. Each sheet has two random 128-bit tokens: its id, which edits,
// and a follow token, which only reads, so that others at the table can
// follow the sheet live on their own phones.
//
// ScoreJSON is Sheet.Score over JSON, answering as the API does: the score
// keeper's page runs it compiled to WebAssembly (internal/web) to score a
// round when the phone cannot reach the server. The HTTP handler and the
// SQLite store are the server's alone and are left out of that build
// (js/wasm), which keeps net/http and database/sql out of the module, some
// 40% of its size, without splitting the package.
//
// Phones that share the edit link may change a sheet offline: a whole-sheet
// sync names the sheet its changes were made on, and Merge takes every part
// (title, each name, the rules, each round) from the side that changed it,
// leaving to the keeper only the parts both changed. A sheet exports whole
// as a Document, which imports back as the same sheet under the same game
// id, so that a game kept twice is recognised and counted once.
package scorekeeper
