/// Why a payment was refused. One rule for every place that takes a payment: the store, the
/// importers, the cloud client's checks before sending, and split-server.
public enum PaymentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// From and to name the same member.
    case sameMember
    /// The amount is zero or less (its text in major units).
    case notPositive(String)

    public var description: String {
        switch self {
        case .sameMember: return "a payment needs two different members"
        case .notPositive(let text): return "amount '\(text)' must be greater than zero"
        }
    }
}

extension PaymentError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}

extension Payment {
    /// Checks the payment rule: two different members and an amount above zero.
    ///
    /// Membership (both in the trip) is ``MembershipRule``'s, since only the caller knows
    /// the trip's members.
    public func validate() throws(PaymentError) {
        try Self.validate(from: from, to: to, minorUnits: amount.minorUnits, amountText: amount.majorText)
    }

    /// The same rule over parts, for a payment not yet built (a wire body, an import row).
    public static func validate(from: MemberID, to: MemberID, minorUnits: Int64, amountText: @autoclosure () -> String)
        throws(PaymentError) {
        guard from != to else { throw .sameMember }
        guard minorUnits > 0 else { throw .notPositive(amountText()) }
    }
}
