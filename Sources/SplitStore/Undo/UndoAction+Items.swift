import SplitCore

extension UndoAction {
    /// The ids of the expenses, payments or members the logged change touched, as `split log`
    /// shows them. Each change's inverse names them already, so the log needs no column of
    /// its own, and entries written before this was shown get their ids too. A rekey updates
    /// the inverses (``ActivityRecord/rekeySQL``), so the ids stay current.
    var itemIDs: [String] {
        switch self {
        case .none, .setRate, .renameTrip, .removeCategory, .renameCategory, .addCategory: return []
        case .removeExpenses(let ids), .removePayments(let ids), .removeMembers(let ids): return ids
        case .restoreExpense(let snapshot, let removing): return [snapshot.id] + removing
        // An edit on a linked trip stores the payment under a new id, the one to show.
        case .restorePayment(let snapshot, let removing): return removing.isEmpty ? [snapshot.id] : removing
        case .undeleteExpense(let id), .undeletePayment(let id), .restoreMember(let id): return [id]
        case .removeSettleStep(let exchanges, let payments): return payments + exchanges
        case .setSharePaid(let expense, _, _): return [expense]
        case .renameMember(let id, _), .setDeparture(let id, _): return [id]
        case .removeRule(let id), .restoreRule(let id), .setRuleProgress(let id, _, _): return [id]
        case .restoreRuleEdit(let rule, _, let expenses, let removing):
            return ((rule["id"]?.stringValue).map { [$0] } ?? []) + expenses.map(\.id) + removing
        }
    }
}
