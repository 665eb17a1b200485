-- The PostgreSQL dialect of migrations/003_sheets.sql. A database shared
-- with an older release has the table already: its score keeper made it.
CREATE TABLE IF NOT EXISTS scorekeeper_sheets (
	id         TEXT PRIMARY KEY,
	follow     TEXT NOT NULL UNIQUE,
	book       TEXT NOT NULL DEFAULT '',
	version    BIGINT NOT NULL,
	created_ns BIGINT NOT NULL,
	updated_ns BIGINT NOT NULL,
	doc        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scorekeeper_sheets_book ON scorekeeper_sheets (book, updated_ns) WHERE book <> '';
