import SplitAPI
import SplitCore

/// Read-only links (split-server only; ``ServerCapabilities/Feature/shareLinks``).
extension CloudClient {
    /// Makes the group's link and returns its URL: this server's address and the page's path.
    /// Throws ``CloudError/refused(status:detail:)`` with 409 when the group already has one.
    public func createShareLink(group: TripID) async throws(CloudError) -> String {
        let operation = "POST /api/groups/\(group.rawValue)/share"
        let output = try await call(operation, notFound: Self.missingGroup(group)) {
            try await $0.createShareLink(path: .init(groupId: group.rawValue))
        }
        switch output {
        case .created(let created):
            let path = try answer { try created.body.json.path }
            guard path.hasPrefix("/s/"), path.count > 3, !path.dropFirst(3).contains("/") else {
                throw .badResponse(server: server.url, detail: "\(operation) answered a link path that is not /s/TOKEN")
            }
            return server.url(for: path)
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// Revokes the group's link; false when it had none.
    public func revokeShareLink(group: TripID) async throws(CloudError) -> Bool {
        let operation = "DELETE /api/groups/\(group.rawValue)/share"
        do throws(CloudError) {
            let output = try await call(operation, notFound: "no read-only link") {
                try await $0.revokeShareLink(path: .init(groupId: group.rawValue))
            }
            switch output {
            case .ok: return true
            case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
            default: throw unexpected(output, operation)
            }
        } catch {
            if case .notFound("no read-only link") = error { return false }
            throw error
        }
    }

    /// Whether the page at `url` (a link this device made on this server) still opens.
    public func shareLinkOpens(_ url: String) async throws(CloudError) -> Bool {
        guard url.hasPrefix(server.url + "/s/") else { return false }
        let token = String(url.dropFirst(server.url.count + 3))
        let operation = "GET /s/{token}"
        do throws(CloudError) {
            let output = try await call(operation, authenticated: false, notFound: "no such link") {
                try await $0.getSharedPage(path: .init(token: token))
            }
            if case .ok = output { return true }
            return false
        } catch {
            if case .notFound("no such link") = error { return false }
            throw error
        }
    }
}
