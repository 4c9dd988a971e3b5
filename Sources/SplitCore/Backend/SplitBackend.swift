/// The one seam between commands and storage: local SQLite or a cloud server.
///
/// Commands hold `any SplitBackend` and never know which one it is (except `upload`, `login`
/// and `mode`). Implementations validate again before writing; each write is atomic.
///
/// Creating methods return what was stored: a cloud server assigns its own ids, so callers
/// print (and an upload maps) the returned values, not the ones they passed in.
public protocol SplitBackend: Sendable {
    /// Whether changes are logged and can be undone (`split log`, `split undo`).
    var keepsHistory: Bool { get }

    // Trips
    func trips() async throws -> [TripOverview]
    @discardableResult
    func createTrip(_ trip: Trip, at: Timestamp) async throws -> Trip
    /// A trip by exact name (any case), id, id prefix of at least 6 characters, or unique name prefix.
    func trip(matching reference: String) async throws -> Trip
    func currentTrip() async throws -> Trip?
    func setCurrentTrip(_ id: TripID?) async throws
    func renameTrip(_ id: TripID, to name: String, at: Timestamp) async throws
    func deleteTrip(_ id: TripID) async throws
    func rates(trip: TripID) async throws -> [String: ExchangeRate]
    func setRate(trip: TripID, currency: Currency, rate: ExchangeRate, at: Timestamp) async throws

    // Members
    func members(trip: TripID) async throws -> [Member]
    @discardableResult
    func addMembers(_ members: [Member], trip: TripID, at: Timestamp) async throws -> [Member]
    func renameMember(_ id: MemberID, to name: String, trip: TripID, at: Timestamp) async throws
    func removeMember(_ id: MemberID, trip: TripID, at: Timestamp) async throws

    // Expenses and payments
    @discardableResult
    func addExpenses(_ expenses: [Expense], trip: TripID, at: Timestamp) async throws -> [Expense]
    func expenses(trip: TripID, filter: ExpenseFilter) async throws -> [Expense]
    /// The same expenses, one at a time, so a large listing need not sit in memory.
    func forEachExpense(trip: TripID, filter: ExpenseFilter, _ body: (Expense) throws -> Void) async throws
    /// An expense by id or id prefix of at least 6 characters.
    func expense(matching reference: String, trip: TripID) async throws -> Expense
    func replaceExpense(_ expense: Expense, trip: TripID, at: Timestamp) async throws
    func deleteExpense(_ id: ExpenseID, trip: TripID, at: Timestamp) async throws
    func setSharePaid(expense: ExpenseID, member: MemberID, paid: Bool, trip: TripID, at: Timestamp) async throws
    @discardableResult
    func addPayment(_ payment: Payment, trip: TripID, at: Timestamp) async throws -> Payment
    func payments(trip: TripID) async throws -> [Payment]
    /// Everything the trip holds, read at one moment where the backend can (one transaction
    /// locally); what export and upload work from.
    func snapshot(trip: Trip) async throws -> TripSnapshot

    // Reports
    func balances(trip: TripID) async throws -> [CurrencyBalances]
    func categoryTotals(trip: TripID) async throws -> [CategoryTotal]
    func activity(trip: TripID, limit: Int) async throws -> [ActivityEntry]
    /// Reverts the newest change not yet undone and returns its log entry.
    func undo(trip: TripID, at: Timestamp) async throws -> ActivityEntry
}

extension SplitBackend {
    public var keepsHistory: Bool { true }

    /// A backend without transactions across calls (a cloud server) reads the parts in turn.
    public func snapshot(trip: Trip) async throws -> TripSnapshot {
        TripSnapshot(trip: trip, members: try await members(trip: trip.id), rates: try await rates(trip: trip.id),
                     expenses: try await expenses(trip: trip.id, filter: .all), payments: try await payments(trip: trip.id))
    }

    /// Backends that cannot stream fall back to loading the whole list.
    public func forEachExpense(trip: TripID, filter: ExpenseFilter, _ body: (Expense) throws -> Void) async throws {
        for expense in try await expenses(trip: trip, filter: filter) { try body(expense) }
    }
}
