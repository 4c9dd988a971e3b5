import GRDB
import SplitCore

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

    /// The rows of expense `id`.
    static func of(_ id: ExpenseID) -> QueryInterfaceRequest<Self> {
        filter(Columns.expenseID == id.rawValue)
    }

    /// The INSERT the writer runs, its parameters in the order of the columns listed.
    static let insertSQL = RowInserter.sql(
        into: databaseTableName, [Columns.expenseID, Columns.memberID, Columns.payerID, Columns.amount, Columns.isPaid])
}
