/// The read-only links this device made, kept in `share-links.json` (mode 0600) beside
/// `credentials.json`, by server and group.
///
/// The server keeps only a hash of a link's token, so it can never show a link again: a
/// second `split share` prints the link from here, after checking that it still opens. A link
/// is as good as a password to the trip's figures, hence the private file. It is a cache: a
/// file that cannot be read or written only means the link cannot be printed again.
public struct ShareLinkStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The link made for `group` on `server`, if this device made one.
    public func url(server: String, group: String) -> String? {
        entries()[Self.key(server: server, group: group)]
    }

    /// Remembers `url` (or forgets the link, with nil) for `group` on `server`.
    public func save(_ url: String?, server: String, group: String) {
        var entries = entries()
        entries[Self.key(server: server, group: group)] = url
        try? PrivateFile.writeJSON(entries, to: path)
    }

    private func entries() -> [String: String] {
        ((try? PrivateFile.readJSON([String: String].self, from: path, invalid: "not a share links file")) ?? nil) ?? [:]
    }

    private static func key(server: String, group: String) -> String { server + " " + group }
}

extension ConfigFiles {
    /// The read-only links this device made (``ShareLinkStore``).
    public var shareLinks: ShareLinkStore { ShareLinkStore(path: directory + "/share-links.json") }
}
