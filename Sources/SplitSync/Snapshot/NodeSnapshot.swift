import SplitCloud
import SplitCore

/// A Node server's group as one value: every member, expense and payment (a payment is an
/// expense in the "Payment: A → B" form), keyed as the sync keys items, with the server's id
/// of each share, which marking it paid needs.
struct NodeSnapshot {
    var members: [MemberID: Member] = [:]
    var items: [SyncItemKey: RemoteItem] = [:]
    /// Expense → member → the server's split id.
    var splitIDs: [ExpenseID: [MemberID: String]] = [:]

    /// Reads the group: two requests.
    static func fetch(_ client: CloudClient, group: TripID) async throws -> NodeSnapshot {
        var snapshot = NodeSnapshot()
        for member in try await client.members(group: group) {
            snapshot.members[member.id] = member
            snapshot.items[.member(member.id)] = RemoteItem(key: .member(member.id), revision: 0, value: .member(member))
        }
        let names = snapshot.members.mapValues(\.name)
        for stored in try await client.expenses(group: group) {
            snapshot.splitIDs[stored.id] = stored.splitIDs
            let key = SyncItemKey.expense(stored.id)
            switch stored.reading {
            case .usable(var expense, let repairs):
                if let payment = PaymentAsExpense.payment(expense, names: names) {
                    snapshot.items[.payment(payment.id)] = RemoteItem(key: .payment(payment.id), revision: 0,
                                                                      value: .payment(payment), createdAt: stored.createdAt)
                } else {
                    expense.createdAt = nil
                    snapshot.items[key] = RemoteItem(key: key, revision: 0, value: .expense(expense),
                                                     createdAt: stored.createdAt, repairs: repairs)
                }
            case .held(let reason, let draft):
                snapshot.items[key] = RemoteItem(key: key, revision: 0, value: nil, createdAt: stored.createdAt,
                                                 held: HeldVersion(body: stored.body, reason: reason, draft: draft.map { .expense($0) }))
            }
        }
        return snapshot
    }

    /// The items in the order a pull applies them: members, then expenses, then payments
    /// (by key within a kind, so every device applies them alike).
    var ordered: [RemoteItem] {
        RemoteChanges(revision: 0, items: items.values.sorted { $0.key.text < $1.key.text }).collapsed().items
    }
}
