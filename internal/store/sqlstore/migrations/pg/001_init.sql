-- The PostgreSQL dialect of migrations/001_init.sql: the same tables and
-- columns, in PostgreSQL's types. Times stay unix milliseconds, as in SQLite,
-- so that both stores read and write rows one way.

-- Tables: settings and seats as JSON owned by package table.
CREATE TABLE tables (
	id         TEXT PRIMARY KEY,
	status     TEXT NOT NULL,
	public     BOOLEAN NOT NULL,
	seed       BIGINT NOT NULL DEFAULT 0,    -- uint64 stored bit for bit
	settings   TEXT NOT NULL,
	seats      TEXT NOT NULL,
	rematch    TEXT NOT NULL DEFAULT '',
	created_at BIGINT NOT NULL,              -- unix milliseconds
	updated_at BIGINT NOT NULL,
	started_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tables_status ON tables (status);

-- The action log: the truth about every game. (table_id, seq) is unique, so
-- two writers for one table cannot both append the same step.
CREATE TABLE actions (
	table_id TEXT NOT NULL,
	seq      BIGINT NOT NULL,
	at       BIGINT NOT NULL,                -- unix milliseconds
	seat     SMALLINT NOT NULL,
	kind     SMALLINT NOT NULL,
	card     SMALLINT NOT NULL,
	card2    SMALLINT NOT NULL,
	tas      SMALLINT NOT NULL,              -- the Tigress declaration
	value    SMALLINT NOT NULL,
	by       TEXT NOT NULL,
	PRIMARY KEY (table_id, seq)
);

-- One owner per table: the node running it, renewed before expiry.
CREATE TABLE leases (
	table_id   TEXT PRIMARY KEY,
	node       TEXT NOT NULL,
	epoch      BIGINT NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX leases_node ON leases (node);

-- Finished games as skullking-record/1 documents.
CREATE TABLE records (
	table_id   TEXT PRIMARY KEY,
	created_at BIGINT NOT NULL,
	record     BYTEA NOT NULL
);
