import SplitAPI
import SplitCore

/// The preferences that follow the account (split-server's "preferences").
extension CloudClient {
    /// `GET /api/preferences`.
    public func preferences() async throws(CloudError) -> AccountPreferences {
        try await require(.preferences, for: "keep preferences")
        let operation = "GET /api/preferences"
        let output = try await call(operation, notFound: "the server has no /api/preferences") {
            try await $0.getPreferences()
        }
        switch output {
        case .ok(let ok): return PreferenceMapping.preferences(try answer { try ok.body.json.preferences })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }

    /// `PATCH /api/preferences`: sets each key of `changes` (nil clears it) as changed at
    /// `setAt`. The server keeps, key by key, the later of its value and this one, and answers
    /// what it then holds: a change that lost shows the value that won. Values are checked by
    /// ``PreferenceKey/normalize(_:)`` before anything is sent.
    public func updatePreferences(_ changes: [PreferenceKey: String?], setAt: Timestamp)
        async throws(CloudError) -> AccountPreferences {
        var canonical: [PreferenceKey: String?] = [:]
        for (key, value) in changes {
            do {
                canonical.updateValue(try key.normalize(value), forKey: key)
            } catch {
                throw .invalid(error.message)
            }
        }
        guard !canonical.isEmpty else { return try await preferences() }
        try await require(.preferences, for: "keep preferences")
        let operation = "PATCH /api/preferences"
        let body = PreferenceMapping.change(canonical, setAt: setAt)
        // Safe to repeat: the later write wins, and a server with preferences honours keys.
        let output = try await call(operation, repeatable: true, notFound: "the server has no /api/preferences") {
            try await $0.updatePreferences(body: .json(body))
        }
        switch output {
        case .ok(let ok): return PreferenceMapping.preferences(try answer { try ok.body.json.preferences })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: operation, server: server.url)
        default: throw unexpected(output, operation)
        }
    }
}
