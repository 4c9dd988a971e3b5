import GRDB
import SplitCore

/// A row of `expense`. Its shares and payers are rows of `expense_split`
/// (``ExpenseSplitRecord``); deletion is soft (`deleted_at`). Expenses are read whole through
/// ``ExpenseListing``, the one read that meets every row of a big trip.
struct ExpenseRecord: TableRecord {
    static let databaseTableName = "expense"

    enum Columns {
        static let id = Column("id")
        static let tripID = Column("trip_id")
        static let description = Column("description")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let category = Column("category")
        /// The first payer: the schema's own column, kept for the Node server's single payer.
        static let paidBy = Column("paid_by")
        static let expenseDate = Column("expense_date")
        static let note = Column("note")
        static let createdAt = Column("created_at")
        static let updatedAt = Column("updated_at")
        static let deletedAt = Column("deleted_at")
        /// The split as given (``SplitRuleText``), or NULL.
        static let splitGiven = Column("split_given")
    }

    /// The INSERT the writer runs, its parameters in the order of the columns listed.
    static let insertSQL = RowInserter.sql(into: databaseTableName, [
        Columns.id, Columns.tripID, Columns.description, Columns.amount, Columns.currency, Columns.category,
        Columns.paidBy, Columns.expenseDate, Columns.note, Columns.createdAt, Columns.updatedAt, Columns.splitGiven,
    ])

    /// The expense `id`, in whichever trip and state.
    static func withID(_ id: ExpenseID) -> QueryInterfaceRequest<Self> {
        filter(Columns.id == id.rawValue)
    }

    /// Member `:old` becomes `:new` in the splits as given of trip `:trip`. Member ids are
    /// UUIDs, each a whole JSON string there, so replacing the text replaces only that member.
    static let renameSplitGivenMemberSQL = """
        UPDATE expense SET split_given = replace(split_given, '"' || :old || '"', '"' || :new || '"')
        WHERE trip_id = :trip AND instr(split_given, '"' || :old || '"') > 0
        """

    /// `ids` that keep a split as given: rows of `id` and `split_given`.
    static func splitGiven(of ids: [ExpenseID]) -> QueryInterfaceRequest<Row> {
        filter(ids.map(\.rawValue).contains(Columns.id)).filter(Columns.splitGiven != nil)
            .select(Columns.id, Columns.splitGiven).asRequest(of: Row.self)
    }

    /// The trip's live expenses that keep a split as given: rows of `id` and `split_given`.
    static func keptSplitRules(trip: TripID) -> QueryInterfaceRequest<Row> {
        live(trip).filter(Columns.splitGiven != nil).select(Columns.id, Columns.splitGiven).asRequest(of: Row.self)
    }

    /// The trip's live expenses.
    static func live(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue && Columns.deletedAt == nil)
    }

    /// The id and description of each of the trip's live expenses, in list order (newest date
    /// first), for finding an expense by its description (``SplitCore/ItemReference``).
    static func descriptions(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        live(trip).select(Columns.id, Columns.description)
            .order(Columns.expenseDate.desc, Columns.createdAt.desc, Columns.id)
    }

    /// The id and description of each of the trip's live expenses of `:amount` `:currency` on
    /// `:date` created at `:since` or later, newest first: the candidates an expense may repeat
    /// (``SplitCore/RepeatRule``), which checks description and payers.
    static let recentSameSQL = """
        SELECT id, description FROM expense
        WHERE trip_id = :trip AND deleted_at IS NULL AND amount = :amount AND currency = :currency
            AND expense_date = :date AND created_at >= :since
        ORDER BY created_at DESC, id
        """

    /// The trip's live expenses that `member` shares or paid part of.
    static func naming(_ member: MemberID, trip: TripID) -> QueryInterfaceRequest<Self> {
        typealias Split = ExpenseSplitRecord.Columns
        let expense = TableAlias<Self>()
        let rows = ExpenseSplitRecord.filter(
            Split.expenseID == expense[Columns.id] && (Split.memberID == member.rawValue || Split.payerID == member.rawValue))
        return live(trip).aliased(expense).filter(rows.exists())
    }

    /// The number of expenses in a group of ``totals(_:by:)``.
    static let groupCount = Column("count")

    /// The trip's live expenses summed by `key` (``Columns/category`` for `split summary`,
    /// ``Columns/expenseDate`` for the report's days) and currency: `key`, `currency`, the sum
    /// as `amount` and the ``groupCount``, ordered by currency then key. `MIN(id)` as `id`
    /// names a row to repair when a group's key or currency is unreadable.
    static func totals(_ trip: TripID, by key: Column, span: DateSpan = .always) -> QueryInterfaceRequest<Self> {
        var rows = live(trip)
        if let since = span.since { rows = rows.filter(Columns.expenseDate >= since.description) }
        if let until = span.until { rows = rows.filter(Columns.expenseDate <= until.description) }
        return rows
            .select(min(Columns.id).forKey(Columns.id.name), key, Columns.currency,
                    sum(Columns.amount).forKey(Columns.amount.name), SQL(sql: "COUNT(*)").forKey(groupCount.name))
            .group(key, Columns.currency)
            .order(Columns.currency, key)
    }

    /// The ids of the trip's expenses that start with `prefix` (taken literally), at most
    /// `limit`; deleted ones too when `includeDeleted`.
    static func ids(_ trip: TripID, prefix: String, includeDeleted: Bool, limit: Int) -> QueryInterfaceRequest<String> {
        let all = filter(Columns.tripID == trip.rawValue && Columns.id.like(likePattern(prefix) + "%", escape: "\\"))
        return (includeDeleted ? all : all.filter(Columns.deletedAt == nil)).select(Columns.id, as: String.self).limit(limit)
    }
}
