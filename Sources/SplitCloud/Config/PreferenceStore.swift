/// Reads and atomically rewrites `preferences.json` (owner-only, beside `config.json`).
///
/// A missing file is an empty copy. Two processes that update it at once each write a whole
/// file; ``update(_:)`` re-reads first, so a change only overwrites what it changes.
public struct PreferenceStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func load() throws(CloudError) -> PreferenceCopy {
        try PrivateFile.readJSON(PreferenceCopy.self, from: path, invalid: "it is not a split preferences file; fix or delete it")
            ?? PreferenceCopy()
    }

    public func save(_ copy: PreferenceCopy) throws(CloudError) {
        try PrivateFile.writeJSON(copy, to: path)
    }

    /// Loads, changes and saves in one step; returns the saved copy.
    @discardableResult
    public func update(_ change: (inout PreferenceCopy) -> Void) throws(CloudError) -> PreferenceCopy {
        var copy = try load()
        let before = copy
        change(&copy)
        if copy != before { try save(copy) }
        return copy
    }
}

extension ConfigFiles {
    /// The local copy of the account's preferences.
    public var preferencesPath: String { directory + "/preferences.json" }
    public var preferences: PreferenceStore { PreferenceStore(path: preferencesPath) }
}
