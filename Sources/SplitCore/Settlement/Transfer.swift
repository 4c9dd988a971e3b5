/// One suggested payment of the settle-up plan: `from` pays `to` `amount` minor units.
public struct Transfer: Hashable, Sendable {
    public let from: MemberID
    public let to: MemberID
    public let amount: Int64

    public init(from: MemberID, to: MemberID, amount: Int64) {
        self.from = from
        self.to = to
        self.amount = amount
    }
}

/// A member's net position handed to the planner: positive is owed, negative owes.
public struct MemberNet: Hashable, Sendable {
    public let memberID: MemberID
    public let net: Int64
    public init(memberID: MemberID, net: Int64) {
        self.memberID = memberID
        self.net = net
    }
}

/// Why no plan could be made.
public enum SettlementError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The nets did not sum to zero (minor units); a plan cannot clear them.
    case unbalanced(sum: Int64)

    public var description: String {
        switch self {
        case .unbalanced(let sum): return "balances do not sum to zero (off by \(sum) minor units)"
        }
    }
}
