import GRDB

/// Version 6: several payers per expense.
///
/// Each `expense_split` row becomes one payer's part of one member's share, so the row
/// carries `payer_id` and the key grows to (expense, member, payer). A single-payer expense
/// keeps one row per member, as before. An expense paid by several has the parts
/// ``SplitCore/PayerParts`` gives: what a payer paid is the sum of their rows, a member's share
/// the sum of theirs, and a share marked paid is repaid to each payer by their part.
///
/// Why rows of parts rather than a payer table: every row is then one self-contained
/// contribution to `balance_total` (its payer paid it, its member owes it, and when marked
/// paid the member repaid it to that payer), so the triggers stay simple sums, and the
/// balances of an expense with several payers equal those of its parts by construction.
///
/// `expense.paid_by` stays as the lead payer (the first by member id), for readers that know
/// one payer; the triggers no longer read it.
///
/// Migration: every existing split row gets its expense's `paid_by` as its payer, which is
/// exactly one payer row per expense. The totals do not change, so `balance_total` is kept.
///
/// No index on `member_id` or `payer_id`: every query reaches rows through their expense (the
/// key's first column), and the two indexes made a 100,000-expense batch 48% slower. Only a
/// hard delete of a member (a trip deleted, two members merged by a sync) scans the table.
enum SchemaV6 {
    static func apply(_ db: Database) throws {
        for trigger in ["expense_insert", "expense_update_old", "expense_update_new", "expense_delete",
                        "split_insert", "split_update", "split_delete"] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger)")
        }
        try db.execute(sql: """
            CREATE TABLE expense_part (
                expense_id TEXT NOT NULL REFERENCES expense(id) ON DELETE CASCADE,
                member_id TEXT NOT NULL REFERENCES member(id),
                payer_id TEXT NOT NULL REFERENCES member(id),
                amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
                is_paid INTEGER NOT NULL DEFAULT 0 CHECK (is_paid IN (0, 1)),
                PRIMARY KEY (expense_id, member_id, payer_id)
            ) WITHOUT ROWID;
            INSERT INTO expense_part (expense_id, member_id, payer_id, amount, is_paid)
                SELECT s.expense_id, s.member_id, e.paid_by, s.amount, s.is_paid
                FROM expense_split s JOIN expense e ON e.id = s.expense_id;
            DROP TABLE expense_split;
            ALTER TABLE expense_part RENAME TO expense_split;
            """)
        try db.execute(sql: expenseTriggers)
        try db.execute(sql: splitTriggers)
    }

    /// Totals of an expense's rows, with `sign` +1 or −1, for expense row `row` (NEW/OLD):
    /// each payer's `paid` and `received`, each member's `share` and `made`.
    private static func expenseContribution(_ row: String, sign: String) -> [String] {
        [
            """
            SELECT \(row).trip_id, payer_id, \(row).currency, \(sign) * SUM(amount), 0, 0, \(sign) * SUM(amount * is_paid)
            FROM expense_split WHERE expense_id = \(row).id GROUP BY payer_id
            """,
            """
            SELECT \(row).trip_id, member_id, \(row).currency, 0, \(sign) * SUM(amount), \(sign) * SUM(amount * is_paid), 0
            FROM expense_split WHERE expense_id = \(row).id GROUP BY member_id
            """,
        ]
    }

    /// An expense has no rows yet when it is inserted (they reference it), so only updates
    /// that move its rows' totals and deletes need triggers here.
    static let expenseTriggers = """
    CREATE TRIGGER expense_update_old AFTER UPDATE OF trip_id, currency, deleted_at ON expense
    WHEN OLD.deleted_at IS NULL BEGIN
    \(SchemaV1.addTotals(expenseContribution("OLD", sign: "-1")))
    END;
    CREATE TRIGGER expense_update_new AFTER UPDATE OF trip_id, currency, deleted_at ON expense
    WHEN NEW.deleted_at IS NULL BEGIN
    \(SchemaV1.addTotals(expenseContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER expense_delete BEFORE DELETE ON expense WHEN OLD.deleted_at IS NULL BEGIN
    \(SchemaV1.addTotals(expenseContribution("OLD", sign: "-1")))
    END;
    """

    /// What one row contributes while its expense is live.
    private static func splitContribution(_ row: String, sign: String) -> [String] {
        [
            """
            SELECT trip_id, \(row).payer_id, currency, \(sign) * \(row).amount, 0, 0, \(sign) * \(row).amount * \(row).is_paid
            FROM expense WHERE id = \(row).expense_id AND deleted_at IS NULL
            """,
            """
            SELECT trip_id, \(row).member_id, currency, 0, \(sign) * \(row).amount, \(sign) * \(row).amount * \(row).is_paid, 0
            FROM expense WHERE id = \(row).expense_id AND deleted_at IS NULL
            """,
        ]
    }

    static let splitTriggers = """
    CREATE TRIGGER split_insert AFTER INSERT ON expense_split BEGIN
    \(SchemaV1.addTotals(splitContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER split_update AFTER UPDATE OF expense_id, member_id, payer_id, amount, is_paid ON expense_split BEGIN
    \(SchemaV1.addTotals(splitContribution("OLD", sign: "-1") + splitContribution("NEW", sign: "1")))
    END;
    CREATE TRIGGER split_delete AFTER DELETE ON expense_split BEGIN
    \(SchemaV1.addTotals(splitContribution("OLD", sign: "-1")))
    END;
    """
}
