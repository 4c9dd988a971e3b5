import GRDB

/// Migration "categories": each trip's own list of categories (`split category`).
///
/// `trip_category` holds a trip's categories in listing order (`position`), unique per trip
/// by `name_key` (case-insensitive, as member names). Every trip starts with the six the cloud
/// API knows: the migration gives them to the trips there are, and a trigger to every trip
/// made later, whichever way it is made (create, import, a pull from a server).
///
/// Expenses keep naming their category by its name (`expense.category`), so the list, the
/// reports and the servers read an expense alone; a rename rewrites those names in the same
/// transaction. `expense.category`'s CHECK of the six becomes one of a name's length, by
/// SQLite's in-place procedure for removing a CHECK (as ``SchemaV5`` does, and why).
enum SchemaCategories {
    static let oldCheck = "category TEXT NOT NULL CHECK (category IN ('Meal', 'Transport', 'Tickets', 'Shopping', 'Hotel', 'Other'))"
    static let newCheck = "category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 100)"

    static let defaultsInsert = """
        INSERT INTO trip_category (trip_id, name, name_key, position) VALUES
            (NEW.id, 'Meal', 'meal', 1), (NEW.id, 'Transport', 'transport', 2), (NEW.id, 'Tickets', 'tickets', 3),
            (NEW.id, 'Shopping', 'shopping', 4), (NEW.id, 'Hotel', 'hotel', 5), (NEW.id, 'Other', 'other', 6);
        """

    static func apply(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: """
            UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = 'expense'
            """, arguments: [oldCheck, newCheck])
        guard db.changesCount == 1 else { throw StoreError.invalid("the expense table's category CHECK is not the one split wrote") }
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard integrity == ["ok"] else {
            throw StoreError.invalid("the database failed its integrity check while upgrading: \(integrity.prefix(3).joined(separator: "; "))")
        }
        try db.execute(sql: """
            CREATE TABLE trip_category (
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                name_key TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (trip_id, name_key)
            ) WITHOUT ROWID;
            CREATE TRIGGER trip_default_categories AFTER INSERT ON trip
            BEGIN \(defaultsInsert) END;
            """)
        try db.execute(sql: """
            INSERT INTO trip_category (trip_id, name, name_key, position)
            SELECT t.id, d.name, lower(d.name), d.position FROM trip t,
                (SELECT 'Meal' AS name, 1 AS position UNION ALL SELECT 'Transport', 2 UNION ALL SELECT 'Tickets', 3
                 UNION ALL SELECT 'Shopping', 4 UNION ALL SELECT 'Hotel', 5 UNION ALL SELECT 'Other', 6) d;
            """)
    }
}
