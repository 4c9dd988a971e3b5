import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer

/// Helpers for the sync protocol's tests: the change feed decoded with the contract's types.
extension API {
    /// `GET …/changes`, decoded; fails the test on anything but 200.
    func changes(_ token: String, group: String, since: Int64 = 0, limit: Int? = nil) async throws -> SyncChanges {
        var path = "/api/groups/\(group)/changes?since=\(since)"
        if let limit { path += "&limit=\(limit)" }
        let reply = try await call(.get, path, token: token)
        guard reply.status == .ok else { throw HarnessError("changes failed: \(reply)") }
        return try reply.decode(SyncChanges.self)
    }

    /// Follows `more` from `since` to the end, as a client catching up does.
    func allChanges(_ token: String, group: String, since: Int64 = 0, limit: Int? = nil) async throws -> [SyncChanges] {
        var pages: [SyncChanges] = []
        var cursor = since
        while true {
            let page = try await changes(token, group: group, since: cursor, limit: limit)
            pages.append(page)
            guard page.more else { return pages }
            cursor = page.revision
        }
    }

    /// `POST …/sync` with ops written as JSON objects.
    func sync(_ token: String, group: String, since: Int64 = 0, ops: [String]) async throws -> Reply {
        try await call(.post, "/api/groups/\(group)/sync", token: token,
                       json: #"{"since":\#(since),"ops":[\#(ops.joined(separator: ","))]}"#)
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    static let ifMatch = HTTPField.Name("If-Match")!
    static let ifNoneMatch = HTTPField.Name("If-None-Match")!
}
