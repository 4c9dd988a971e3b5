/// The state of one synced item: what a server change, a merge base or a conflict side holds.
public enum SyncValue: Hashable, Sendable {
    /// The trip's own fields. The currency is nil for a group made on the Node server.
    case group(name: String, currency: Currency?)
    case member(Member)
    case expense(Expense)
    case payment(Payment)
    case rate(currency: Currency, rate: ExchangeRate)

    public var key: SyncItemKey {
        switch self {
        case .group: return .group
        case .member(let member): return .member(member.id)
        case .expense(let expense): return .expense(expense.id)
        case .payment(let payment): return .payment(payment.id)
        case .rate(let currency, _): return .rate(currency.code)
        }
    }
}

/// One item as the server has it now: its revision and value, or a tombstone.
public struct RemoteItem: Hashable, Sendable {
    public let key: SyncItemKey
    public let revision: Int64
    /// Nil when the item was deleted.
    public let value: SyncValue?
    /// When the server stored the item first; listings order same-day items by it.
    public let createdAt: Timestamp?

    public init(key: SyncItemKey, revision: Int64, value: SyncValue?, createdAt: Timestamp? = nil) {
        self.key = key
        self.revision = revision
        self.value = value
        self.createdAt = createdAt
    }
}

/// What a pull brings: every item changed after the revision the device held, in the order
/// they must be applied (the group, members, expenses, payments, rates), and the revision
/// the device then holds.
public struct RemoteChanges: Sendable {
    public var revision: Int64
    public var items: [RemoteItem]

    public init(revision: Int64, items: [RemoteItem]) {
        self.revision = revision
        self.items = items
    }
}

/// The server's answer to one pushed operation.
public struct OperationOutcome: Hashable, Sendable {
    public enum Status: String, Sendable {
        case applied, conflict, rejected
    }

    public let opID: String
    public let status: Status
    /// For a conflict (and a refused member name), the item as the server has it.
    public let current: RemoteItem?
    /// For a rejection, the server's reason.
    public let error: String?

    public init(opID: String, status: Status, current: RemoteItem?, error: String?) {
        self.opID = opID
        self.status = status
        self.current = current
        self.error = error
    }
}
