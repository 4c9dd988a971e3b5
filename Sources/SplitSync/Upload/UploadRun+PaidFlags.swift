import SplitCloud
import SplitCore
import SplitStore

/// Paid shares: the expenses are read back (which also gives every split id for the map),
/// and each share whose state on the server differs from the local one is set with a PATCH.
///
/// A share last confirmed in one state and changed on the server since is left alone: that
/// is someone else's change, and verification reports the difference.
extension UploadRun {
    private struct PaidChange: Sendable {
        let share: String
        let splitID: String
        let paid: Bool
    }

    func syncPaidFlags(_ items: [ExpenseItem]) async throws {
        let server = try await readExpenses()
        let stored = Dictionary(server.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        var confirmed: [UploadMapEntry] = []
        var cleared: [String] = []
        var changes: [PaidChange] = []
        for item in items where item.kind == .expense {
            guard let id = mapping.serverID(.expense, item.localID), let onServer = stored[id] else {
                // Not on the server: only possible in a dry run, where it would be created.
                if options.dryRun && !capabilities.isSplitServer {
                    report.paidFlags.created += item.expense.splits.filter(\.isPaid).count
                }
                continue
            }
            let serverPaid = Dictionary((onServer.expense?.splits ?? []).map { ($0.memberID, $0.isPaid) },
                                        uniquingKeysWith: { first, _ in first })
            for split in item.expense.splits {
                guard let member = serverMember(split.memberID), let splitID = onServer.splitIDs[member],
                      let isPaid = serverPaid[member] else { continue }
                let share = UploadMapping.shareKey(expense: ExpenseID(item.localID), member: split.memberID)
                if mapping.serverID(.split, share) != splitID { confirmed.append(UploadMapEntry(.split, share, splitID)) }
                let lastSent = mapping.serverID(.paid, share) != nil
                if isPaid == split.isPaid {
                    if split.isPaid && !lastSent { confirmed.append(UploadMapEntry(.paid, share, splitID)) }
                    if !split.isPaid && lastSent { cleared.append(share) }
                } else if lastSent != split.isPaid {
                    changes.append(PaidChange(share: share, splitID: splitID, paid: split.isPaid))
                }
            }
        }
        try remember(confirmed)
        try forget(.paid, cleared)
        report.paidFlags.total += changes.count
        if options.dryRun {
            report.paidFlags.created += changes.count
            return
        }
        guard !changes.isEmpty else { return }
        lastExpenses = nil
        let client = self.client
        var done = 0
        try await Windowed.run(changes, width: width, send: { change in
            try await client.setSplitPaid(splitID: change.splitID, paid: change.paid,
                                          key: "split-upload:paid:\(change.splitID):\(change.paid)")
        }, confirm: { change, _ in
            if change.paid {
                try remember([UploadMapEntry(.paid, change.share, change.splitID)])
            } else {
                try forget(.paid, [change.share])
            }
            report.paidFlags.created += 1
            done += 1
            progress(UploadProgress(phase: .paidFlags, done: done, total: changes.count))
        })
    }
}
