import GRDB

/// Migration "member-leave": `member.left_on`, the day a member moved out (`member leave`).
///
/// From that day on the member is in no expense's default split ("equal among everyone");
/// they still count in balances and can pay and be paid. NULL: they live here. A civil date
/// (`YYYY-MM-DD`), compared as text with `expense.expense_date`.
enum SchemaMemberLeave {
    static func apply(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE member ADD COLUMN left_on TEXT CHECK (left_on IS NULL OR length(left_on) = 10)")
    }
}
