import GRDB

/// Recurring expenses (`split recurring`): one row per rule, with its expense template, its
/// schedule and how far catch-ups have got. `next_due` is the date of the next instance
/// (NULL when paused or ended), indexed with the trip, so opening a trip whose rules have
/// nothing due costs one index probe. The instances are ordinary `expense` rows whose ids are
/// named after the rule and period (``SplitCore/RecurrencePeriod/instanceID(rule:)``);
/// `recurring_instance` names each one's rule and period, and stays when the expense is
/// deleted, so `expenses` can say which rule made it.
enum SchemaRecurring {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE recurring_rule (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                description TEXT NOT NULL,
                amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0 AND amount <= 1000000000000000),
                currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                payers TEXT NOT NULL,
                split_given TEXT,
                category TEXT NOT NULL,
                note TEXT,
                frequency TEXT NOT NULL,
                start_date TEXT NOT NULL CHECK (start_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                day TEXT NOT NULL,
                until_date TEXT,
                times INTEGER,
                paused INTEGER NOT NULL DEFAULT 0,
                next_period INTEGER NOT NULL DEFAULT 0,
                next_due TEXT,
                created_at TEXT NOT NULL,
                deleted_at TEXT
            );
            CREATE INDEX recurring_rule_due ON recurring_rule(trip_id, next_due)
                WHERE deleted_at IS NULL AND next_due IS NOT NULL;
            CREATE TABLE recurring_instance (
                expense_id TEXT PRIMARY KEY NOT NULL,
                rule_id TEXT NOT NULL REFERENCES recurring_rule(id) ON DELETE CASCADE,
                period TEXT NOT NULL,
                UNIQUE (rule_id, period)
            );
            """)
    }
}
