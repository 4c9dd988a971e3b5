import SplitCloud
import SplitCore
import SplitStore

/// Payments on a server that stores them (split-server): matched by the id map, else by
/// fingerprint, else created. Elsewhere they went up as expenses (``syncExpenses(_:)``).
extension UploadRun {
    func syncPayments() async throws {
        guard capabilities.has(.payments), !snapshot.payments.isEmpty else { return }
        let server = try await readPayments()
        let present = Set(server.map(\.id))
        let mapped = Set(mapping.entries(.payment).values.map(PaymentID.init))
        var matcher = LostCreateMatcher(server.filter { !mapped.contains($0.id) }.map { (ItemFingerprint($0), $0.id) })
        var found: [UploadMapEntry] = []
        var missing: [(local: Payment, body: Payment)] = []
        var unmapped: [(local: Payment, body: Payment)] = []
        for payment in snapshot.payments {
            if let id = mapping.serverID(.payment, payment.id.rawValue), present.contains(PaymentID(id)) {
                report.payments.matched += 1
                continue
            }
            guard let from = serverMember(payment.from), let to = serverMember(payment.to) else {
                report.payments.created += 1  // dry run: its members are not on the server yet
                continue
            }
            var body = payment
            body.from = from
            body.to = to
            unmapped.append((payment, body))
        }
        let claims = matcher.claim(unmapped.map { ItemFingerprint($0.body) }, keysReplay: capabilities.has(.idempotency))
        for (entry, match) in zip(unmapped, claims) {
            if let match {
                found.append(UploadMapEntry(.payment, entry.local.id.rawValue, match.rawValue))
                report.payments.matched += 1
            } else {
                missing.append(entry)
            }
        }
        try remember(found)
        if options.dryRun {
            report.payments.created += missing.count
            return
        }
        guard !missing.isEmpty else { return }
        lastPayments = nil
        let (client, group) = (self.client, groupID)
        // A server with sync stores each payment under its local id, so the trip can stay linked.
        let keepIDs = capabilities.has(.sync)
        var done = 0
        try await Windowed.run(missing, width: width, send: { entry in
            let key = UploadKeys.key("payment", group: group, local: entry.local.id.rawValue,
                                     content: UploadKeys.content(entry.body))
            guard keepIDs else { return try await client.createPayment(entry.body, group: group, key: key) }
            do {
                return try await client.createPayment(entry.body, group: group, key: key + "-id", clientID: entry.local.id)
            } catch CloudError.refused(status: 409, detail: _) {
                // The id is taken on that server (another upload of this trip): the server picks one.
                return try await client.createPayment(entry.body, group: group, key: key)
            }
        }, confirm: { entry, stored in
            try remember([UploadMapEntry(.payment, entry.local.id.rawValue, stored.id.rawValue)])
            report.payments.created += 1
            done += 1
            progress(UploadProgress(phase: .payments, done: done, total: missing.count))
        })
    }
}
