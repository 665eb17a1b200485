// Package protocol is the vocabulary every program that talks to a Skull
// King server, or is talked to by one, shares: the JSON messages of a
// table's WebSocket and of the lobby's HTTP API, the seat's view of the game,
// actions, scored rounds, the card catalogue and the option table, each with
// its encoder and its decoder. docs/protocol.md documents them; a test
// checks that it names every message type, field and code defined here.
//
// The package decides what goes on the wire, so secrecy is decided here: a
// view is built from skullking.View, which holds only what its seat may
// know, never from the Game itself. Decoders treat their input as hostile:
// they check every index and size a client will use, so a broken or
// malicious peer can garble a picture but never crash a program or make it
// show what does not exist.
//
// The engine reports what happened as codes with their facts (a trick's
// reason, a card's refusal, a round's score by part), and a card as its
// codes (CardInfo: kind, suit, rank, Pirate); package words words them in
// the reader's language from the catalogue (package locale), with the
// card names players know ("the black 11", "Harry the Giant"). The browser
// client words the same codes from the same catalogue.
//
// The external-bot protocol (docs/bot-protocol.md) sends the same View.
package protocol
