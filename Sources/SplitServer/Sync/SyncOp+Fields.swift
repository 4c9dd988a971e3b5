import SplitAPI

/// The fields every op type shares, whichever case of the generated enum holds it.
extension Components.Schemas.SyncOp {
    var opId: String {
        switch self {
        case .createMember(let op): op.opId
        case .renameMember(let op): op.opId
        case .removeMember(let op): op.opId
        case .createExpense(let op): op.opId
        case .updateExpense(let op): op.opId
        case .deleteExpense(let op): op.opId
        case .setPaid(let op): op.opId
        case .createPayment(let op): op.opId
        case .deletePayment(let op): op.opId
        case .setRate(let op): op.opId
        case .renameGroup(let op): op.opId
        case .putRecurringRule(let op): op.opId
        case .deleteRecurringRule(let op): op.opId
        case .setCategories(let op): op.opId
        case .recordExchanges(let op): op.opId
        case .removeExchanges(let op): op.opId
        case .setDeparture(let op): op.opId
        }
    }
}
