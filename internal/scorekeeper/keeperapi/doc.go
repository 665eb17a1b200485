// Package keeperapi is the score keeper's HTTP API (docs/scorekeeper-api.md)
// over a scorekeeper.SheetStore: sheets created, followed live, edited and
// merged from several phones, imported and exported, the book's history and
// statistics. It words nothing and scores nothing itself: the sheet, its
// scoring and its refusals are package scorekeeper's, which the browser
// also runs compiled to WebAssembly; this package is the server's alone.
package keeperapi
