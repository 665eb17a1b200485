CREATE TABLE scorekeeper_sheets (
	id         TEXT PRIMARY KEY,
	follow     TEXT NOT NULL UNIQUE,
	book       TEXT NOT NULL DEFAULT '',
	version    INTEGER NOT NULL,
	created_ns INTEGER NOT NULL,
	updated_ns INTEGER NOT NULL,
	doc        TEXT NOT NULL
);
CREATE INDEX scorekeeper_sheets_book ON scorekeeper_sheets (book, updated_ns) WHERE book <> '';
