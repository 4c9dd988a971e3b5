import SplitCloud
import SplitCore
import SplitStore

/// Expenses (and, on a server without payments, payments as expenses): matched by the id map,
/// else by content (``LostCreateMatcher``), each server expense claimed once; the rest created
/// a few at a time.
extension UploadRun {
    func syncExpenses(_ items: [ExpenseItem]) async throws {
        let server = try await readExpenses()
        let present = Set(server.map(\.id))
        let mapped = Set((Array(mapping.entries(.expense).values) + mapping.entries(.payment).values).map(ExpenseID.init))
        var matcher = LostCreateMatcher(server.filter { !mapped.contains($0.id) }.compactMap { stored in
            stored.expense.map { (ItemFingerprint($0), stored.id) }
        })
        var found: [UploadMapEntry] = []
        var missing: [(item: ExpenseItem, body: Expense)] = []
        var unmapped: [(item: ExpenseItem, body: Expense?)] = []
        for item in items {
            if let id = mapping.serverID(item.kind, item.localID), present.contains(ExpenseID(id)) {
                count(item, matched: true)
            } else {
                unmapped.append((item, serverForm(item.expense)))
            }
        }
        let claims = matcher.claim(unmapped.map { $0.body.map(ItemFingerprint.init) }, keysReplay: capabilities.has(.idempotency))
        for ((item, body), match) in zip(unmapped, claims) {
            if let match {
                found.append(UploadMapEntry(item.kind, item.localID, match.rawValue))
                count(item, matched: true)
            } else if let body {
                missing.append((item, body))
            } else {
                count(item, matched: false)  // dry run: its members are not on the server yet
            }
        }
        try remember(found)
        if options.dryRun {
            for entry in missing { count(entry.item, matched: false) }
            return
        }
        guard !missing.isEmpty else { return }
        lastExpenses = nil
        let (client, group, withPaid) = (self.client, groupID, capabilities.isSplitServer)
        var done = 0
        try await Windowed.run(missing, width: width, send: { entry in
            let key = UploadKeys.key(entry.item.kind.rawValue, group: group, local: entry.item.localID,
                                     content: UploadKeys.content(entry.body))
            return try await client.createExpense(entry.body, group: group, includePaid: withPaid, key: key)
        }, confirm: { entry, id in
            try remember([UploadMapEntry(entry.item.kind, entry.item.localID, id.rawValue)])
            count(entry.item, matched: false)
            done += 1
            progress(UploadProgress(phase: .expenses, done: done, total: missing.count))
        })
    }

    /// Adds one item to the report's expenses or payments.
    private func count(_ item: ExpenseItem, matched: Bool) {
        if !matched, snapshot.notedExpenses.contains(item.expense.id) { notesSent += 1 }
        switch (item.kind, matched) {
        case (.payment, true): report.payments.matched += 1
        case (.payment, false): report.payments.created += 1
        case (_, true): report.expenses.matched += 1
        case (_, false): report.expenses.created += 1
        }
    }
}
