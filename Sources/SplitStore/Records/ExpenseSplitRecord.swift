import GRDB

/// A row of `expense_split`: one payer's part of one member's share of an expense
/// (``SchemaV6``). A member's share is the sum of their rows, a payer's part the sum of theirs.
struct ExpenseSplitRecord: TableRecord {
    static let databaseTableName = "expense_split"

    enum Columns {
        static let expenseID = Column("expense_id")
        static let memberID = Column("member_id")
        static let payerID = Column("payer_id")
        static let amount = Column("amount")
        static let isPaid = Column("is_paid")
    }
}
