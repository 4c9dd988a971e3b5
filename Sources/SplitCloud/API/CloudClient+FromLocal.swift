import SplitCore

/// split-server's one-shot upload of a whole trip.
extension CloudClient {
    /// `POST /api/groups/from-local`: the group, its members, expenses and splits (with their
    /// paid state) in one atomic request. A server without it answers 404
    /// (``CloudError/notFound(_:)``), and one whose body limit the trip exceeds 413
    /// (``CloudError/refused(status:detail:)``); either way nothing was stored.
    public func createGroupFromLocal(_ trip: FromLocalTrip, key: String) async throws(CloudError) -> FromLocalAnswer {
        let request = try await write(.post, "/api/groups/from-local", body: WireEncoding.fromLocal(trip), key: key)
        let json = try await call(request, notFound: "this server has no from-local upload")
        do { return try WireDecoding.fromLocalAnswer(json) } catch { throw bad(error) }
    }
}
