/// Why an expense or payment names someone who is not a live member of its trip.
public enum MembershipError: Error, Equatable, Sendable, CustomStringConvertible {
    case payer(MemberID, expense: String)
    case splitMember(MemberID, expense: String)
    case paymentMembers

    public var description: String {
        switch self {
        case .payer(let id, let expense):
            return "payer \(id.short) of '\(expense)' is not a member of this trip"
        case .splitMember(let id, let expense):
            return "split member \(id.short) of '\(expense)' is not a member of this trip"
        case .paymentMembers:
            return "both members of a payment must be in this trip"
        }
    }
}

extension MembershipError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}

/// Every member an expense or a payment names must be a live member of its trip.
///
/// One rule, with one set of messages, for the store, the cloud client's checks before
/// sending and split-server; each passes its own view of who is a member.
public enum MembershipRule {
    public static func check(_ expense: Expense, isMember: (MemberID) -> Bool) throws(MembershipError) {
        for payer in expense.payers where !isMember(payer.memberID) {
            throw .payer(payer.memberID, expense: expense.description)
        }
        for split in expense.splits where !isMember(split.memberID) {
            throw .splitMember(split.memberID, expense: expense.description)
        }
    }

    public static func check(_ payment: Payment, isMember: (MemberID) -> Bool) throws(MembershipError) {
        guard isMember(payment.from), isMember(payment.to) else { throw .paymentMembers }
    }
}
