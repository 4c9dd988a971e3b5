/// `credentials.json`: one token per server, keyed by the canonical server URL, mode 0600.
///
/// ```json
/// {"servers": {"http://127.0.0.1:3012": {"token": "...", "userID": "...", "displayName": "Ann", ...}}}
/// ```
/// A file that exists but cannot be read or parsed is reported, never overwritten.
public struct CredentialStore: Sendable {
    public let path: String

    struct File: Codable {
        var servers: [String: StoredCredential] = [:]
    }

    public func credential(for server: ServerAddress) throws(CloudError) -> StoredCredential? {
        try load().servers[server.url]
    }

    public func save(_ credential: StoredCredential, for server: ServerAddress) throws(CloudError) {
        var file = try load()
        file.servers[server.url] = credential
        try store(file)
    }

    /// Forgets the server's token; the file goes when it holds no token any more.
    public func remove(for server: ServerAddress) throws(CloudError) {
        var file = try load()
        guard file.servers.removeValue(forKey: server.url) != nil else { return }
        if file.servers.isEmpty {
            try PrivateFile.remove(path)
        } else {
            try store(file)
        }
    }

    private func load() throws(CloudError) -> File {
        try PrivateFile.readJSON(File.self, from: path,
                                 invalid: "it is not a split credentials file; fix or delete it, then log in again") ?? File()
    }

    private func store(_ file: File) throws(CloudError) {
        try PrivateFile.writeJSON(file, to: path)
    }
}
