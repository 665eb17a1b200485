-- The PostgreSQL dialect of migrations/001_sheets.sql.
CREATE TABLE scorekeeper_sheets (
	id         TEXT PRIMARY KEY,
	follow     TEXT NOT NULL UNIQUE,
	book       TEXT NOT NULL DEFAULT '',
	version    BIGINT NOT NULL,
	created_ns BIGINT NOT NULL,
	updated_ns BIGINT NOT NULL,
	doc        TEXT NOT NULL
);
CREATE INDEX scorekeeper_sheets_book ON scorekeeper_sheets (book, updated_ns) WHERE book <> '';
