// Package natsbus runs the server as one of several nodes over NATS
// (docs/scaling.md): a table.Bus that carries intents to the node owning
// a table and frames back to the node holding a client's connection, a
// table.Lobby that every node shares, and the score keeper's news of
// changed sheets. Core NATS subjects are enough: the action log in the
// shared store is the truth, and a frame lost on the way is healed when
// the client resumes and receives its full view.
package natsbus
