import GRDB

/// The guide database's tables: `programme` (one row a programme of a lineup
/// channel, times already shifted, unique by channel key and start),
/// `channel` (the lineup channels the guide feeds), `meta` (what the store
/// was built from and when) and `programme_fts`, an FTS5 index over titles
/// and descriptions, filled as each programme is stored (on the writing
/// thread, while the reading thread parses: a rebuild after the load cost a
/// third of it), its in-memory buffer 8 MiB (fewer segments to merge; the
/// peak stays under 64 MiB). The schema is made whole by one refresh, never migrated:
/// a store of another version is simply rebuilt.
enum GuideSchema {
    static let version = 1

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE programme (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL,
                start REAL NOT NULL,
                stop REAL,
                title TEXT NOT NULL,
                subtitle TEXT,
                summary TEXT,
                categories TEXT,
                ratings TEXT,
                icon TEXT,
                episode TEXT,
                catchup_id TEXT
            );
            CREATE UNIQUE INDEX programme_slot ON programme(key, start);
            CREATE TABLE channel (key TEXT PRIMARY KEY, name TEXT NOT NULL, guide_id TEXT NOT NULL);
            CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE VIRTUAL TABLE programme_fts USING fts5(title, summary, content='programme', content_rowid='id', detail='none', tokenize='unicode61 remove_diacritics 2');
            INSERT INTO programme_fts(programme_fts, rank) VALUES('hashsize', 8388608);
            """)
    }

    /// After the programmes are in: stops from the next start (when a
    /// programme came without one: the look costs a pass over the table),
    /// and the start index.
    static func finish(_ db: Database, stopsMissing: Bool) throws {
        if stopsMissing {
            try db.execute(sql: """
                UPDATE programme SET stop = (SELECT MIN(p.start) FROM programme p WHERE p.key = programme.key AND p.start > programme.start)
                    WHERE stop IS NULL
                """)
        }
        try db.execute(sql: "CREATE INDEX programme_start ON programme(start)")
    }
}
