import GRDB

/// Version 8: the expense list reads from one index, and an expense keeps its split as given.
///
/// `expense.split_given` holds the split as the person gave it (``SplitRuleText``): equal
/// among whom, exact amounts, percentages or shares, so an edit of the amount divides it again
/// the same way. NULL when unknown (rows written before, and other clients' expenses). It is a
/// hint that counts only while it still gives the stored shares (``SplitCore/SplitRule/reproduces(_:amount:)``).
///
/// `expense_listing` replaces `expense_trip_date`. It has the same leading columns, so it
/// serves the same ranges and the same order (trip, newest date, newest created, id), and it
/// also carries every expense column the list shows. Listing a trip then walks this index in
/// order and never looks an expense up by id: the `expense` table is stored in id order,
/// which is random against dates, so each lookup was a random page read (on a trip of
/// 100,000 expenses, about 90,000 of them for `expenses --json`). The two indexes are about
/// the same size, as the old one already held the key columns.
enum SchemaV8 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX expense_trip_date;
            CREATE INDEX expense_listing ON expense(
                trip_id, expense_date DESC, created_at DESC, id,
                deleted_at, description, amount, currency, category, note);
            ALTER TABLE expense ADD COLUMN split_given TEXT;
            """)
    }
}
