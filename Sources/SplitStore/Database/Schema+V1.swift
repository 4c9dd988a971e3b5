import GRDB

/// Version 1 of the local schema.
///
/// The schema enforces what it can: NOT NULL, foreign keys, CHECKs on money (integer minor
/// units, positive), categories, dates and names. `balance_total` is a running total per trip,
/// member and currency kept by triggers, so `split settle` and `split balances` read a few
/// rows instead of every split; the triggers are the only writers of that table.
enum SchemaV1 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: tables)
        try db.execute(sql: expenseTriggers)
        try db.execute(sql: splitTriggers)
        try db.execute(sql: paymentTriggers)
    }

    static let tables = """
    CREATE TABLE trip (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        name_key TEXT NOT NULL UNIQUE,
        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
        created_at TEXT NOT NULL
    );
    CREATE TABLE member (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        name_key TEXT NOT NULL,
        created_at TEXT NOT NULL,
        removed_at TEXT
    );
    CREATE UNIQUE INDEX member_live_name ON member(trip_id, name_key) WHERE removed_at IS NULL;
    CREATE INDEX member_trip ON member(trip_id);
    CREATE TABLE expense (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
        amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0 AND amount <= 1000000000000000),
        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
        category TEXT NOT NULL CHECK (category IN ('Meal', 'Transport', 'Tickets', 'Shopping', 'Hotel', 'Other')),
        paid_by TEXT NOT NULL REFERENCES member(id),
        expense_date TEXT NOT NULL CHECK (expense_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        note TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
    ) WITHOUT ROWID;
    CREATE INDEX expense_trip_date ON expense(trip_id, expense_date DESC, created_at DESC, id);
    CREATE INDEX expense_paid_by ON expense(paid_by);
    -- One row per member sharing an expense; the (expense, member) pair is the identity.
    CREATE TABLE expense_split (
        expense_id TEXT NOT NULL REFERENCES expense(id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES member(id),
        amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
        is_paid INTEGER NOT NULL DEFAULT 0 CHECK (is_paid IN (0, 1)),
        PRIMARY KEY (expense_id, member_id)
    ) WITHOUT ROWID;
    CREATE TABLE payment (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        from_member TEXT NOT NULL REFERENCES member(id),
        to_member TEXT NOT NULL REFERENCES member(id),
        amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0 AND amount <= 1000000000000000),
        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
        payment_date TEXT NOT NULL CHECK (payment_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        note TEXT,
        created_at TEXT NOT NULL,
        deleted_at TEXT,
        CHECK (from_member <> to_member)
    );
    CREATE INDEX payment_trip ON payment(trip_id);
    CREATE INDEX payment_from ON payment(from_member);
    CREATE INDEX payment_to ON payment(to_member);
    CREATE TABLE trip_rate (
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
        rate TEXT NOT NULL CHECK (length(rate) > 0),
        PRIMARY KEY (trip_id, currency)
    ) WITHOUT ROWID;
    CREATE TABLE activity (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        action TEXT NOT NULL,
        summary TEXT NOT NULL,
        undo TEXT NOT NULL,
        undone_at TEXT
    );
    CREATE INDEX activity_trip ON activity(trip_id, seq);
    CREATE TABLE setting (
        key TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE balance_total (
        trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES member(id) ON DELETE CASCADE,
        currency TEXT NOT NULL,
        paid INTEGER NOT NULL DEFAULT 0 CHECK (typeof(paid) = 'integer'),
        share INTEGER NOT NULL DEFAULT 0 CHECK (typeof(share) = 'integer'),
        made INTEGER NOT NULL DEFAULT 0 CHECK (typeof(made) = 'integer'),
        received INTEGER NOT NULL DEFAULT 0 CHECK (typeof(received) = 'integer'),
        PRIMARY KEY (trip_id, member_id, currency)
    ) WITHOUT ROWID;
    """

    /// One statement adding every row of `selects` to `balance_total`.
    ///
    /// Each trigger is a single upsert over a `UNION ALL` of its contributions: no temporary
    /// tables (an INSTEAD OF view would build one per firing, doubling import time), and a
    /// short schema, which SQLite parses on every connection. `WHERE true` on a bare SELECT
    /// keeps SQLite from reading `ON CONFLICT` as part of it.
    static func addTotals(_ selects: [String]) -> String {
        let rows = selects.map { $0.contains(" WHERE ") || $0.contains(" HAVING ") ? $0 : $0 + " WHERE true" }
        return """
        INSERT INTO balance_total (trip_id, member_id, currency, paid, share, made, received)
        \(rows.joined(separator: "\nUNION ALL "))
        ON CONFLICT (trip_id, member_id, currency) DO UPDATE SET
            paid = paid + excluded.paid, share = share + excluded.share,
            made = made + excluded.made, received = received + excluded.received;
        """
    }

    /// Totals one live expense contributes, with `sign` +1 or −1, read from row `row` (NEW/OLD):
    /// the payer's `paid`, each sharer's `share` (and `made` when paid back), and the payer's
    /// `received` for the shares paid back.
    private static func expenseContribution(_ row: String, sign: String) -> [String] {
        [
            "SELECT \(row).trip_id, \(row).paid_by, \(row).currency, \(sign) * \(row).amount, 0, 0, 0",
            """
            SELECT \(row).trip_id, member_id, \(row).currency, 0, \(sign) * amount, \(sign) * amount * is_paid, 0
            FROM expense_split WHERE expense_id = \(row).id
            """,
            """
            SELECT \(row).trip_id, \(row).paid_by, \(row).currency, 0, 0, 0, \(sign) * SUM(amount)
            FROM expense_split WHERE expense_id = \(row).id AND is_paid = 1 HAVING COUNT(*) > 0
            """,
        ]
    }

    static let expenseTriggers = """
    CREATE TRIGGER expense_insert AFTER INSERT ON expense WHEN NEW.deleted_at IS NULL BEGIN
    \(addTotals(expenseContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER expense_update_old AFTER UPDATE OF trip_id, amount, currency, paid_by, deleted_at ON expense
    WHEN OLD.deleted_at IS NULL BEGIN
    \(addTotals(expenseContribution("OLD", sign: "-1")))
    END;
    CREATE TRIGGER expense_update_new AFTER UPDATE OF trip_id, amount, currency, paid_by, deleted_at ON expense
    WHEN NEW.deleted_at IS NULL BEGIN
    \(addTotals(expenseContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER expense_delete BEFORE DELETE ON expense WHEN OLD.deleted_at IS NULL BEGIN
    \(addTotals(expenseContribution("OLD", sign: "-1")))
    END;
    """

    /// Totals one split row contributes while its expense is live.
    private static func splitContribution(_ row: String, sign: String) -> [String] {
        [
            """
            SELECT trip_id, \(row).member_id, currency, 0, \(sign) * \(row).amount, \(sign) * \(row).amount * \(row).is_paid, 0
            FROM expense WHERE id = \(row).expense_id AND deleted_at IS NULL
            """,
            """
            SELECT trip_id, paid_by, currency, 0, 0, 0, \(sign) * \(row).amount
            FROM expense WHERE id = \(row).expense_id AND deleted_at IS NULL AND \(row).is_paid = 1
            """,
        ]
    }

    static let splitTriggers = """
    CREATE TRIGGER split_insert AFTER INSERT ON expense_split BEGIN
    \(addTotals(splitContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER split_update AFTER UPDATE OF expense_id, member_id, amount, is_paid ON expense_split BEGIN
    \(addTotals(splitContribution("OLD", sign: "-1") + splitContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER split_delete AFTER DELETE ON expense_split BEGIN
    \(addTotals(splitContribution("OLD", sign: "-1")))
    END;
    """

    private static func paymentContribution(_ row: String, sign: String) -> [String] {
        [
            "SELECT \(row).trip_id, \(row).from_member, \(row).currency, 0, 0, \(sign) * \(row).amount, 0",
            "SELECT \(row).trip_id, \(row).to_member, \(row).currency, 0, 0, 0, \(sign) * \(row).amount",
        ]
    }

    static let paymentTriggers = """
    CREATE TRIGGER payment_insert AFTER INSERT ON payment WHEN NEW.deleted_at IS NULL BEGIN
    \(addTotals(paymentContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER payment_update_old AFTER UPDATE OF from_member, to_member, amount, currency, deleted_at ON payment
    WHEN OLD.deleted_at IS NULL BEGIN
    \(addTotals(paymentContribution("OLD", sign: "-1")))
    END;
    CREATE TRIGGER payment_update_new AFTER UPDATE OF from_member, to_member, amount, currency, deleted_at ON payment
    WHEN NEW.deleted_at IS NULL BEGIN
    \(addTotals(paymentContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER payment_delete BEFORE DELETE ON payment WHEN OLD.deleted_at IS NULL BEGIN
    \(addTotals(paymentContribution("OLD", sign: "-1")))
    END;
    """
}
