import SplitAPI
import SplitCore

/// split-server's sync protocol: the change feed and the sync batch.
extension CloudClient {
    /// `POST /api/groups/:gid/sync`: pushes `operations` (at most 1000) and pulls the changes
    /// after `since`. Safe to send again after a lost answer: the server applies an `opId`
    /// once and answers a repeat with the stored result.
    public func sync(group: String, since: Int64, operations pending: [PendingOperation]) async throws(CloudError) -> SyncAnswer {
        let operation = "POST /api/groups/\(group)/sync"
        let features = pending.isEmpty ? ServerCapabilities.node : try await capabilities()
        let keepsGiven = features.has(.splitGiven), categories = features.has(.categories)
        // What this server has no op for is answered here, never sent (an unknown op type
        // would fail the whole batch): a departure, a recurring rule and the category list stay
        // on the device; a settle step is refused.
        var local: [OperationOutcome] = []
        var operations: [PendingOperation] = []
        for item in pending {
            switch item.operation {
            case .setDeparture where !features.has(.departures),
                 .putRecurring where !features.has(.recurring), .deleteRecurring where !features.has(.recurring),
                 .setCategories where !categories:
                local.append(OperationOutcome(opID: item.opID, status: .applied, current: nil, error: nil))
            case .recordExchanges where !features.has(.conversions), .removeExchanges where !features.has(.conversions):
                local.append(OperationOutcome(opID: item.opID, status: .rejected, current: nil,
                                              error: "this server cannot hold currency exchanges (no conversions feature)"))
            default:
                operations.append(item)
            }
        }
        let body = Components.Schemas.SyncRequest(since: since, ops: operations.map {
            SyncMapping.operation($0, splitGiven: keepsGiven, categories: categories)
        })
        let output = try await call(operation, repeatable: true, notFound: Self.missingGroup(TripID(group))) {
            try await $0.syncGroup(path: .init(groupId: group), body: .json(body))
        }
        switch output {
        case .ok(let ok):
            let answer = try answer { try ok.body.json }
            // Every item of another client's is read, repaired or held: nothing in a schema-valid
            // answer makes it unreadable as a whole.
            return SyncAnswer(outcomes: local + answer.results.map(SyncMapping.outcome),
                              changes: try await departuresKept(SyncMapping.changes(answer.changes)), more: answer.changes.more)
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `GET /api/groups/:gid/changes?since=R`: one page of what changed after `since`; nil
    /// when nothing did (the server's 304 to `If-None-Match: "R"`).
    public func changes(group: String, since: Int64) async throws(CloudError) -> SyncAnswer? {
        let operation = "GET /api/groups/\(group)/changes"
        let output = try await call(operation, notFound: Self.missingGroup(TripID(group))) {
            try await $0.getChanges(path: .init(groupId: group), query: .init(since: since),
                                    headers: .init(ifNoneMatch: "\"\(since)\""))
        }
        switch output {
        case .ok(let ok):
            let page = try answer { try ok.body.json }
            return SyncAnswer(outcomes: [], changes: try await departuresKept(SyncMapping.changes(page)), more: page.more)
        case .notModified: return nil
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `changes` without departures when the server keeps none: its members then carry no
    /// `leftOn`, which must not read as everyone living here.
    private func departuresKept(_ changes: RemoteChanges) async throws(CloudError) -> RemoteChanges {
        guard !changes.departures.isEmpty, try await !capabilities().has(.departures) else { return changes }
        var kept = changes
        kept.departures = [:]
        return kept
    }
}
