import SplitCloud
import SplitCore
import SplitStore

/// Sync with the Node server, which has no change feed, no client ids, no expense edit and
/// no payments.
///
/// **Pull.** The whole group is read (two requests) and compared with the server's version of
/// each item as last pulled (kept in the store): what differs, appeared or vanished is a
/// remote change. A waiting local change to such an item is a conflict, merged field by field
/// exactly as with split-server.
///
/// **Push.** Each waiting operation goes out on the plain endpoints, in order, and its result
/// is stored at once (a lost connection keeps everything done before it):
/// - a new member, expense or payment (as a "Payment: A → B" expense) is created, and the
///   local item takes the server's id, so every device names it alike;
/// - an edit is a delete plus a create, under a new id;
/// - an expense with several payers is created as one expense per payer (the Node server
///   knows one payer per expense), apportioned by ``PayerParts``: it becomes those expenses
///   here too, as every other device will see it, with the same balances;
/// - a paid flag is set on the server's share.
/// A create whose answer was lost shows up in the next pull as an unknown item with the same
/// content (``LostCreateMatcher``); it is claimed instead of being created twice.
///
/// What stays weaker than split-server (the README lists it): two devices editing one
/// expense are only detected when each pulls before pushing; a paid flag is last write wins
/// between two pulls; rates and trip names stay on each device. What the server cannot hold at
/// all (``ServerLimits/node``) the store refuses when the change is made.
struct SnapshotSync {
    let store: LocalBackend
    let client: CloudClient
    let clock: @Sendable () -> Timestamp

    func sync(_ trip: TripID, link: TripLink) async throws -> SyncReport {
        let group = TripID(link.group)
        var report = SyncReport(trip: trip, revision: link.revision)
        var revision = link.revision
        var snapshot = try await NodeSnapshot.fetch(client, group: group)

        // 1. Pull: what changed since the last pull, with the conflicts it makes.
        let known = try store.knownServerItems(trip)
        let pending = try store.pending(trip, limit: Int.max)
        var changed: [RemoteItem] = []
        var claimed: [(PendingOperation, SyncItemKey)] = []
        // A create whose answer was lost: the server has an unknown item just like it.
        var matcher = LostCreateMatcher(snapshot.items.values.sorted { $0.key.text < $1.key.text }.compactMap { item in
            known[item.key] == nil ? item.value.flatMap(ItemFingerprint.init).map { ($0, item.key) } : nil
        })
        for operation in pending where operation.operation.isCreation {
            guard let fingerprint = Self.fingerprint(creating: operation.operation),
                  let match = matcher.claim(fingerprint) else { continue }
            claimed.append((operation, match))
        }
        let held = try store.heldBodies(trip)
        for item in snapshot.ordered {
            if let body = held[item.key] {
                // Held before: news only when the server's version is no longer the one held.
                if body != LocalBackend.heldBody(of: item) { changed.append(item) }
            } else if item.held != nil || known[item.key] != .some(item.value) {
                changed.append(item)
            }
        }
        for (key, value) in known where value != nil && snapshot.items[key] == nil {
            changed.append(RemoteItem(key: key, revision: 0, value: nil))
        }
        for key in held.keys where known[key] == nil && snapshot.items[key] == nil {
            changed.append(RemoteItem(key: key, revision: 0, value: nil))
        }
        let changedKeys = Set(changed.map(\.key))
        /// The outbox as the last apply left it.
        var left: Int?
        let conflicting = pending.filter { !$0.operation.isCreation && changedKeys.contains($0.operation.item) }
        if !changed.isEmpty || !claimed.isEmpty {
            revision += 1
            let stamped = changed.map { $0.at(revision: revision) }
            let outcomes = conflicting.map { operation in
                OperationOutcome(opID: operation.opID, status: .conflict,
                                 current: stamped.first { $0.key == operation.operation.item }, error: nil)
            } + claimed.map { OperationOutcome(opID: $0.0.opID, status: .applied, current: nil, error: nil) }
            let tally = try store.apply(trip: trip, pushed: conflicting + claimed.map(\.0), outcomes: outcomes,
                                        changes: RemoteChanges(revision: revision, items: stamped),
                                        rekeys: claimed.map { ($0.0.operation.item, $0.1) }, at: clock())
            report.pulled += tally.pulled
            report.conflicts += tally.conflicts
            report.held += tally.held
            report.pushed += claimed.count
            left = tally.pending
        }

        // 2. Push what waits, one operation at a time, each stored as soon as it is done. Each
        // is read again just before it goes: an earlier one may have given an item it names
        // the server's id.
        var created = Set<String>()
        var pushedAny = false
        var seen = Set<String>()
        while let operation = try store.pending(trip, limit: 1).first, seen.insert(operation.opID).inserted {
            pushedAny = true
            revision += 1
            let step = try await push(operation, group: group, snapshot: &snapshot, revision: revision)
            for (_, new) in step.rekeys { created.insert(new.itemID) }
            let tally = try store.apply(trip: trip, pushed: [operation], outcomes: [step.outcome],
                                        changes: RemoteChanges(revision: revision, items: step.items),
                                        rekeys: step.rekeys, at: clock())
            report.pushed += tally.applied
            report.conflicts += tally.conflicts
            report.held += tally.held
            left = tally.pending
        }
        if !created.isEmpty {
            // The server's creation times (the create answers carry only ids): listings order
            // same-day items by them, so every device lists them alike.
            var times: [String: Timestamp] = [:]
            for stored in try await client.expenses(group: group) where created.contains(stored.id.rawValue) {
                if let at = stored.createdAt { times[stored.id.rawValue] = at }
            }
            try store.setCreationTimes(trip, times)
        }
        if changed.isEmpty && !pushedAny && claimed.isEmpty { try store.markSynced(trip, at: clock()) }
        report.revision = try store.link(trip)?.revision ?? revision
        // What waits as the last apply counted it; with none, what was read at the start.
        report.pending = left ?? pending.count
        return report
    }

    /// What pushing one operation did: its outcome, the server's version of what it touched,
    /// and the local ids that became the server's.
    private struct Step {
        var outcome: OperationOutcome
        var items: [RemoteItem] = []
        var rekeys: [(SyncItemKey, SyncItemKey)] = []
    }

    private func push(_ pending: PendingOperation, group: TripID, snapshot: inout NodeSnapshot, revision: Int64)
        async throws -> Step {
        let applied = OperationOutcome(opID: pending.opID, status: .applied, current: nil, error: nil)
        func refused(_ reason: String) -> Step {
            Step(outcome: OperationOutcome(opID: pending.opID, status: .rejected, current: nil, error: reason))
        }
        do {
            switch pending.operation {
            case .createMember(let member):
                // The server already has someone of that name (added on another device): the same person.
                let stored: Member
                if let existing = snapshot.members.values.first(where: { $0.nameKey == member.nameKey }) {
                    stored = existing
                } else {
                    stored = try await client.addMember(group: group, name: member.name)
                }
                snapshot.members[stored.id] = stored
                return Step(outcome: applied, items: [RemoteItem(key: .member(stored.id), revision: revision, value: .member(stored))],
                            rekeys: [(.member(member.id), .member(stored.id))])
            case .createExpense(let expense):
                let created = try await createParts(expense, group: group, snapshot: &snapshot, revision: revision)
                return Step(outcome: applied, items: created.items, rekeys: [(.expense(expense.id), created.first)])
            case .updateExpense(let expense):
                // No edit on the Node server: the old one goes, the new one comes under a new id.
                try await client.deleteExpense(expense.id)
                let created = try await createParts(expense, group: group, snapshot: &snapshot, revision: revision)
                return Step(outcome: applied,
                            items: [RemoteItem(key: .expense(expense.id), revision: revision, value: nil)] + created.items,
                            rekeys: [(.expense(expense.id), created.first)])
            case .deleteExpense(let id):
                try await client.deleteExpense(id)
                return Step(outcome: applied, items: [RemoteItem(key: .expense(id), revision: revision, value: nil)])
            case .setPaid(let expenseID, let member, let paid):
                guard let splitID = try await splitID(expenseID, member, group: group, snapshot: &snapshot) else {
                    return refused("that share is not on the server")
                }
                try await client.setSplitPaid(splitID: splitID, paid: paid)
                guard case .expense(var expense)? = snapshot.items[.expense(expenseID)]?.value else {
                    return Step(outcome: applied)
                }
                expense.splits = expense.splits.map { split in
                    split.memberID == member ? ExpenseSplit(memberID: member, amount: split.amount, isPaid: paid) : split
                }
                let item = RemoteItem(key: .expense(expenseID), revision: revision, value: .expense(expense))
                snapshot.items[item.key] = item
                return Step(outcome: applied, items: [item])
            case .createPayment(let payment):
                let names = snapshot.members.mapValues(\.name)
                let id = try await client.createExpense(PaymentAsExpense.expense(payment, names: names), group: group)
                let stored = Payment(id: PaymentID(id.rawValue), from: payment.from, to: payment.to, amount: payment.amount,
                                     date: payment.date)
                return Step(outcome: applied,
                            items: [RemoteItem(key: .payment(stored.id), revision: revision, value: .payment(stored))],
                            rekeys: [(.payment(payment.id), .payment(stored.id))])
            case .deletePayment(let id):
                try await client.deleteExpense(ExpenseID(id.rawValue))
                return Step(outcome: applied, items: [RemoteItem(key: .payment(id), revision: revision, value: nil)])
            case .renameMember:
                return refused("the Node server cannot rename members")
            case .removeMember:
                return refused("the Node server cannot remove members")
            case .recordExchanges, .removeExchanges:
                return refused("the Node server cannot hold currency exchanges")
            case .setRate, .renameGroup, .setDeparture, .putRecurring, .deleteRecurring, .setCategories:
                // Kept on this device only (by ``ServerLimits/node`` NodeRules queues none; an
                // older outbox might).
                return Step(outcome: applied)
            }
        } catch let error as CloudError {
            switch error {
            case .refused(_, let detail): return refused(detail)
            case .invalid(let detail): return refused(detail)
            default: throw error
            }
        }
    }

    /// Creates `expense` as the Node server holds it: one expense per payer (``PayerParts``),
    /// since it knows one payer per expense. The local expense becomes the first part (by the
    /// rekey) and the others arrive as the server's new items, so this device shows what every
    /// other device will pull, with the same balances.
    private func createParts(_ expense: Expense, group: TripID, snapshot: inout NodeSnapshot, revision: Int64)
        async throws -> (items: [RemoteItem], first: SyncItemKey) {
        var items: [RemoteItem] = []
        for part in Self.parts(of: expense) {
            let id = try await create(part, group: group, snapshot: &snapshot)
            let item = expenseItem(part, id: id, revision: revision)
            snapshot.items[item.key] = item
            items.append(item)
        }
        // A valid expense has a payer, so there is a first part.
        return (items, items.first?.key ?? .expense(expense.id))
    }

    /// `expense` as the Node server holds it (``PayerParts/singlePayerExpenses(of:ids:)``).
    static func parts(of expense: Expense) -> [Expense] { PayerParts.singlePayerExpenses(of: expense) }

    /// Creates `expense` and sets its paid shares; returns the server's id.
    private func create(_ expense: Expense, group: TripID, snapshot: inout NodeSnapshot) async throws -> ExpenseID {
        let id = try await client.createExpense(expense, group: group)
        let paid = expense.splits.filter(\.isPaid)
        guard !paid.isEmpty else { return id }
        for split in paid {
            if let splitID = try await splitID(id, split.memberID, group: group, snapshot: &snapshot) {
                try await client.setSplitPaid(splitID: splitID, paid: true)
            }
        }
        return id
    }

    /// The server's id of a share, reading the group again when the expense is new to it.
    private func splitID(_ expense: ExpenseID, _ member: MemberID, group: TripID, snapshot: inout NodeSnapshot)
        async throws -> String? {
        if let known = snapshot.splitIDs[expense]?[member] { return known }
        for stored in try await client.expenses(group: group) {
            snapshot.splitIDs[stored.id] = stored.splitIDs
        }
        return snapshot.splitIDs[expense]?[member]
    }

    private func expenseItem(_ expense: Expense, id: ExpenseID, revision: Int64) -> RemoteItem {
        let stored = Expense(id: id, description: expense.description, amount: expense.amount, category: expense.category,
                             payers: expense.payers.sorted { $0.memberID < $1.memberID }, date: expense.date, note: nil,
                             splits: expense.splits.sorted { $0.memberID < $1.memberID })
        return RemoteItem(key: .expense(id), revision: revision, value: .expense(stored))
    }

    /// What the server holds once a waiting create reached it; nil for any other operation.
    /// An expense several members paid went out as parts: the first part stands for the
    /// create, and the others are pulled as the server's own items.
    static func fingerprint(creating operation: SyncOperation) -> ItemFingerprint? {
        switch operation {
        case .createMember(let member): return ItemFingerprint(member)
        case .createExpense(let whole): return parts(of: whole).first.map { ItemFingerprint($0) }
        case .createPayment(let payment): return ItemFingerprint(payment)
        default: return nil
        }
    }
}
