import SplitCloud
import SplitCore
import SplitStore

/// Step 2 and 3 of the protocol: finding this trip's group, or creating it.
extension UploadRun {
    /// The group an earlier run created: by the id map, else by the marker in its description.
    /// Refuses a new group's name when another cloud trip of this account has it.
    func findGroup(named name: String) async throws -> CloudGroup? {
        let groups = try await client.groups()
        let trip = snapshot.trip.id
        if let mapped = mapping.serverID(.trip, trip.rawValue) {
            if let group = groups.first(where: { $0.id.rawValue == mapped }) { return group }
            // Gone from the server (or from this account): start over, and say so.
            if !options.dryRun { try store.forgetUploads(scope) }
            mapping = UploadMapping()
            report.warnings.append("the cloud trip \(TripID(mapped).short) this trip was uploaded to is gone; uploading it again")
        }
        let account = scope.account.lowercased()
        let marked = groups.filter {
            UploadMarker.matches($0.description, trip: trip) && ($0.ownerID.map { $0.lowercased() == account } ?? true)
        }
        if let group = marked.first {
            try remember([UploadMapEntry(.trip, trip.rawValue, group.id.rawValue)])
            return group
        }
        if groups.contains(where: { Member.key(for: $0.name) == Member.key(for: name) }) {
            throw UploadError.nameTaken(name: name, server: scope.server)
        }
        return nil
    }

    /// from-local when the server has it; otherwise (or on 404 or 413) the group alone.
    func createGroup(named name: String) async throws {
        // from-local carries several payers only where the server stores them; elsewhere the
        // step-by-step path sends one expense per payer.
        let fromLocal = capabilities.has(.fromLocal)
            && (capabilities.has(.payers) || snapshot.expenses.allSatisfy { $0.soloPayer != nil })
        if fromLocal, !options.stepByStep, try await uploadFromLocal(named: name) {
            report.path = .fromLocal
            return
        }
        let trip = snapshot.trip.id
        let key = UploadKeys.key("trip", group: nil, local: trip.rawValue, content: name)
        let created = try await client.createGroup(name: name, description: UploadMarker.text(for: trip), key: key)
        try remember([UploadMapEntry(.trip, trip.rawValue, created.id.rawValue)])
        group = created.id
        report.groupID = created.id
        report.groupName = created.name
        // A new group holds nothing yet: no need to read it.
        lastMembers = []
        lastExpenses = []
        lastPayments = []
    }

    /// One atomic request with every member and expense; false when the server has no
    /// from-local (404) or refuses the size (413), in which case nothing was stored.
    private func uploadFromLocal(named name: String) async throws -> Bool {
        // A server with sync keeps the local ids, so the trip can stay linked with the same ids.
        if capabilities.has(.sync) {
            do {
                return try await uploadFromLocal(named: name, keepIDs: true)
            } catch CloudError.refused(status: 409, detail: _) {
                // The ids are taken on that server (this trip went up before, under another
                // account): the server picks new ones, and linking renames the local items.
            }
        }
        return try await uploadFromLocal(named: name, keepIDs: false)
    }

    private func uploadFromLocal(named name: String, keepIDs: Bool) async throws -> Bool {
        let trip = snapshot.trip.id
        let request = FromLocalTrip(name: name, description: UploadMarker.text(for: trip), members: snapshot.members,
                                    expenses: keepIDs ? snapshot.storedExpenses : snapshot.expenses,
                                    keepingIDs: keepIDs ? trip : nil,
                                    currency: snapshot.trip.currency)
        let content = snapshot.members.map { "\($0.id.rawValue)=\($0.name)" }.joined(separator: "|") + "#"
            + snapshot.expenses.map { UploadKeys.content($0) }.joined(separator: "#") + (keepIDs ? "#ids" : "")
        progress(UploadProgress(phase: .fromLocal, done: 0, total: 1))
        let answer: FromLocalAnswer
        do {
            answer = try await client.createGroupFromLocal(
                request, key: UploadKeys.key("from-local", group: nil, local: trip.rawValue, content: name + "#" + content))
        } catch {
            switch error {
            case .notFound, .unsupported, .refused(status: 413, detail: _): return false
            default: throw error
            }
        }
        try remember(Self.entries(for: answer, trip: trip, snapshot: snapshot))
        group = answer.group
        report.groupID = answer.group
        report.members.created = answer.members.count
        report.expenses.created = answer.expenses.count
        // Kept ids come with kept notes; otherwise the notes went into the descriptions.
        notesSent = keepIDs ? 0 : snapshot.notedExpenses.count
        fromLocalDone = true
        lastMembers = snapshot.members.compactMap { member in
            answer.members[member.id].map { Member(id: $0, name: member.name) }
        }
        lastPayments = []
        progress(UploadProgress(phase: .fromLocal, done: 1, total: 1))
        return true
    }

    /// Every id of a from-local answer as map entries, with the shares stored as paid.
    static func entries(for answer: FromLocalAnswer, trip: TripID, snapshot: LocalTripSnapshot) -> [UploadMapEntry] {
        var entries = [UploadMapEntry(.trip, trip.rawValue, answer.group.rawValue)]
        for (local, server) in answer.members { entries.append(UploadMapEntry(.member, local.rawValue, server.rawValue)) }
        for expense in snapshot.expenses {
            guard let server = answer.expenses[expense.id] else { continue }
            entries.append(UploadMapEntry(.expense, expense.id.rawValue, server.rawValue))
            let splits = answer.splits[expense.id] ?? [:]
            for split in expense.splits {
                guard let splitID = splits[split.memberID] else { continue }
                let key = UploadMapping.shareKey(expense: expense.id, member: split.memberID)
                entries.append(UploadMapEntry(.split, key, splitID))
                if split.isPaid { entries.append(UploadMapEntry(.paid, key, splitID)) }
            }
        }
        return entries
    }
}
