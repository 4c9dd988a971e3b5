import SplitCore

/// A whole local trip as `POST /api/groups/from-local` takes it. Ids are the local ones: the
/// server answers with the id each one was stored under (``FromLocalAnswer``).
public struct FromLocalTrip: Sendable {
    public let name: String
    public let description: String?
    public let members: [Member]
    /// Validated for the server (``WireValidation``); splits carry their paid state.
    public let expenses: [Expense]
    /// When set, the server stores the group and every member and expense under the local
    /// ids (split-server's client ids), so the trip can stay linked with the same ids on both
    /// sides; the group takes this id.
    public let keepingIDs: TripID?
    /// The trip's own currency, stored with the group when ids are kept.
    public let currency: Currency?

    public init(name: String, description: String?, members: [Member], expenses: [Expense],
                keepingIDs: TripID? = nil, currency: Currency? = nil) {
        self.name = name
        self.description = description
        self.members = members
        self.expenses = expenses
        self.keepingIDs = keepingIDs
        self.currency = currency
    }
}

/// split-server's answer to from-local: every local id of the request → the server's id.
public struct FromLocalAnswer: Sendable, Equatable {
    public let group: TripID
    public let members: [MemberID: MemberID]
    public let expenses: [ExpenseID: ExpenseID]
    /// Local expense → local member → the server's id of that share.
    public let splits: [ExpenseID: [MemberID: String]]

    public init(group: TripID, members: [MemberID: MemberID], expenses: [ExpenseID: ExpenseID],
                splits: [ExpenseID: [MemberID: String]]) {
        self.group = group
        self.members = members
        self.expenses = expenses
        self.splits = splits
    }
}
