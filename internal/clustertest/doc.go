// Package clustertest tests the server running as a cluster, the way it is
// deployed (docs/scaling.md): real `skullking serve` processes started by
// scripts/cluster on loopback, sharing one PostgreSQL and one NATS server,
// with players connected through package client to nodes that do not own
// their tables. Its chaos test kills the nodes that own tables with
// SIGKILL while games go on, and checks that every table moves to another
// node, that every game finishes, and that no action a player saw
// acknowledged is missing from the log. The package holds tests only.
package clustertest
