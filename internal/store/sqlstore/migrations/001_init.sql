-- Tables: settings and seats as JSON owned by package table.
CREATE TABLE tables (
	id         TEXT PRIMARY KEY,
	status     TEXT NOT NULL,
	public     INTEGER NOT NULL,
	seed       INTEGER NOT NULL DEFAULT 0,   -- uint64 stored bit for bit
	settings   TEXT NOT NULL,
	seats      TEXT NOT NULL,
	rematch    TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL,             -- unix milliseconds
	updated_at INTEGER NOT NULL,
	started_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tables_status ON tables (status);

-- The action log: the truth about every game. (table_id, seq) is unique, so
-- two writers for one table cannot both append the same step.
CREATE TABLE actions (
	table_id TEXT NOT NULL,
	seq      INTEGER NOT NULL,
	at       INTEGER NOT NULL,               -- unix milliseconds
	seat     INTEGER NOT NULL,
	kind     INTEGER NOT NULL,
	card     INTEGER NOT NULL,
	card2    INTEGER NOT NULL,
	tas      INTEGER NOT NULL,               -- the Tigress declaration
	value    INTEGER NOT NULL,
	by       TEXT NOT NULL,
	PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

-- One owner per table: the node running it, renewed before expiry.
CREATE TABLE leases (
	table_id   TEXT PRIMARY KEY,
	node       TEXT NOT NULL,
	epoch      INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);

-- Finished games as skullking-record/1 documents.
CREATE TABLE records (
	table_id   TEXT PRIMARY KEY,
	created_at INTEGER NOT NULL,
	record     BLOB NOT NULL
);
