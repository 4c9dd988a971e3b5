import GRDB
import SplitCore

/// The fixed SELECT that reads expenses whole, stepped through ``RawRow``: each expense joined
/// with its `expense_split` rows, newest `expense_date` first, then newest created, then id
/// (the cloud API's order). The join is ordered by expense, so each expense is complete when
/// the next one starts.
///
/// The SELECT list is ``Field``'s cases in order, each naming its record's column, so a
/// field's index is its position there: the reads and the statement cannot disagree. Both
/// statements are built once and take every value as a bound argument.
enum ExpenseListing {
    /// A column of the SELECT; its raw value is its index.
    enum Field: Int32, CaseIterable, RawField {
        case id, description, amount, currency, category, expenseDate, note, createdAt
        case splitMember, splitPayer, splitAmount, splitPaid
        /// The split as given: read by ``byID`` only. A listing selects NULL in its place, so it
        /// stays within the `expense_listing` index and never looks a row up.
        case splitGiven

        var index: Int32 { rawValue }

        /// The record column the field reads.
        var column: Column {
            typealias Expense = ExpenseRecord.Columns
            typealias Split = ExpenseSplitRecord.Columns
            switch self {
            case .id: return Expense.id
            case .description: return Expense.description
            case .amount: return Expense.amount
            case .currency: return Expense.currency
            case .category: return Expense.category
            case .expenseDate: return Expense.expenseDate
            case .note: return Expense.note
            case .createdAt: return Expense.createdAt
            case .splitMember: return Split.memberID
            case .splitPayer: return Split.payerID
            case .splitAmount: return Split.amount
            case .splitPaid: return Split.isPaid
            case .splitGiven: return Expense.splitGiven
            }
        }

        private var isSplit: Bool { (Self.splitMember.rawValue...Self.splitPaid.rawValue).contains(rawValue) }

        /// `e.amount` or `s.amount`: the column under its table's alias in the SELECT.
        var selected: String { (isSplit ? "s." : "e.") + column.name }

        /// What messages call the column: a split's column is named with its table, as the
        /// row the message names is the expense.
        var label: String { isSplit ? "\(ExpenseSplitRecord.databaseTableName).\(column.name)" : column.name }
    }

    private static func selection(given: Bool) -> String {
        let fields = Field.allCases.map { $0 == .splitGiven && !given ? "NULL" : $0.selected }
        return """
            SELECT \(fields.joined(separator: ", "))
            FROM expense e JOIN expense_split s ON s.expense_id = e.id
            """
    }
    private static let order = "ORDER BY e.expense_date DESC, e.created_at DESC, e.id"

    /// The trip's live expenses that pass `filter`: the statement (``bySince`` or ``byRange``)
    /// and its arguments.
    static func filtered(trip: TripID, filter: ExpenseFilter) -> (sql: String, arguments: StatementArguments) {
        (filter.until == nil ? bySince : byRange, arguments(trip: trip, filter: filter))
    }

    /// The trip's live expenses that pass a filter: `:trip`, and `:member`, `:category`,
    /// `:currency`, `:since` and `:until`, each NULL to pass every expense (``arguments(trip:filter:)``).
    /// A member matches when they share an expense or paid part of it.
    ///
    /// `:since` is a bound of the `expense_listing` index range, so `--since` reads only the
    /// newer rows: without it the bound is -Inf (`-9e999`), below every non-NULL value, so no
    /// row, not even a damaged date, is skipped. There is no value above every other (a blob
    /// can always be longer), so `:until` bounds the range only in ``byRange``, the statement
    /// used when it is given. The other terms are checked per expense before its rows are
    /// joined; SQLite stops at the first term of an `OR` that holds.
    static let bySince = listing(until: "(:until IS NULL OR e.expense_date <= :until)")

    /// ``bySince`` with `:until` given: both ends of the date range bound the index scan, so
    /// `--until` alone reads only the older rows.
    static let byRange = listing(until: "e.expense_date <= :until")

    private static func listing(until: String) -> String {
        """
        \(selection(given: false))
        WHERE e.trip_id = :trip AND e.deleted_at IS NULL AND e.expense_date >= coalesce(:since, -9e999)
            AND \(until)
            AND (:member IS NULL OR EXISTS (SELECT 1 FROM expense_split x
                 WHERE x.expense_id = e.id AND (x.member_id = :member OR x.payer_id = :member)))
            AND (:category IS NULL OR e.category = :category)
            AND (:currency IS NULL OR e.currency = :currency)
        \(order)
        """
    }

    /// The arguments of ``bySince`` and ``byRange``.
    private static func arguments(trip: TripID, filter: ExpenseFilter) -> StatementArguments {
        [
            "trip": trip.rawValue, "member": filter.member?.rawValue, "category": filter.category?.rawValue,
            "currency": filter.currency?.code, "since": filter.since?.description, "until": filter.until?.description,
        ]
    }

    /// Expense `:id` of trip `:trip`, with its split as given; a deleted one too when
    /// `:includeDeleted` is 1.
    static let byID = """
        \(selection(given: true))
        WHERE e.id = :id AND e.trip_id = :trip AND (:includeDeleted OR e.deleted_at IS NULL)
        \(order)
        """
}
