import SplitCore

/// An expense as the server stores it: how split reads it (``ForeignReading``: usable,
/// perhaps repaired, or held), the server's id of each split, which marking a share paid
/// needs (`PATCH /api/expense-splits/:id/payment`), and the server's body, kept for a held one.
public struct CloudExpense: Hashable, Sendable {
    public let id: ExpenseID
    public let reading: ForeignResult<Expense>
    public let splitIDs: [MemberID: String]
    public let body: String
    public let createdAt: Timestamp?

    public init(id: ExpenseID, reading: ForeignResult<Expense>, splitIDs: [MemberID: String], body: String = "{}",
                createdAt: Timestamp? = nil) {
        self.id = id
        self.reading = reading
        self.splitIDs = splitIDs
        self.body = body
        self.createdAt = createdAt
    }

    /// The usable expense, or nil when it is held.
    public var expense: Expense? { reading.value }
}
