import SplitAPI
import SplitCore

/// split-server's one-shot upload of a whole trip.
extension CloudClient {
    /// `POST /api/groups/from-local`: the group, its members, expenses and splits (with their
    /// paid state) in one atomic request. A server without it answers 404
    /// (``CloudError/notFound(_:)``, or ``CloudError/unsupported(_:)`` for the Node server's HTML page), and one whose body
    /// limit the trip exceeds 413 (``CloudError/refused(status:detail:)``); either way nothing
    /// was stored.
    public func createGroupFromLocal(_ trip: FromLocalTrip, key: String) async throws(CloudError) -> FromLocalAnswer {
        let operation = "POST /api/groups/from-local"
        let body = FromLocalMapping.request(trip, splitGiven: try await capabilities().has(.splitGiven))
        let output = try await call(operation, repeatable: try await keysHonoured(),
                                    notFound: "this server has no from-local upload") {
            try await $0.createGroupFromLocal(headers: .init(idempotencyKey: key), body: .json(body))
        }
        switch output {
        case .created(let created): return FromLocalMapping.answer(try answer { try created.body.json })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}
