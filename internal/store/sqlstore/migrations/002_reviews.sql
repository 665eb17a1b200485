-- The captain's review of a finished game (docs/protocol.md, "GET
-- /api/tables/{id}/review"): JSON, every seat's, computed once from the
-- table's record and kept beside it.
CREATE TABLE reviews (
	table_id   TEXT PRIMARY KEY,
	created_at INTEGER NOT NULL,             -- unix milliseconds
	review     BLOB NOT NULL
);
