// Package sqlstore holds the store.Store implementations on a SQL
// database: SQLite, embedded, one file in the data directory and no server
// to run (the default), and PostgreSQL, shared by the nodes of a cluster
// (docs/scaling.md). Both keep the same schema through numbered
// migrations, one tree per dialect, and pass one contract test
// (contract_test.go), which also holds store.Memory to it.
package sqlstore
