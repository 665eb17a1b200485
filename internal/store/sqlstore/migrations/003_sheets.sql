-- The score keeper's sheets, in the database of the tables. A database of
-- an older release may have them already (PostgreSQL, where the score
-- keeper's own migration made them); a directory of an older release keeps
-- them in a file of their own, which OpenSQLite merges in.
CREATE TABLE IF NOT EXISTS scorekeeper_sheets (
	id         TEXT PRIMARY KEY,
	follow     TEXT NOT NULL UNIQUE,
	book       TEXT NOT NULL DEFAULT '',
	version    INTEGER NOT NULL,
	created_ns INTEGER NOT NULL,
	updated_ns INTEGER NOT NULL,
	doc        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scorekeeper_sheets_book ON scorekeeper_sheets (book, updated_ns) WHERE book <> '';
