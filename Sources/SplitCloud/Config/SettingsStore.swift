import SplitCore

/// Reads and atomically rewrites `config.json` (owner-only, like the credentials).
///
/// A missing file is the default: local mode. A file that cannot be parsed is reported and left
/// alone. Two processes that update it at once each write a whole file; the later one wins.
public struct SettingsStore: Sendable {
    public let path: String

    public func load() throws(CloudError) -> CloudSettings {
        try PrivateFile.readJSON(CloudSettings.self, from: path, invalid: "it is not a split config file; fix or delete it")
            ?? CloudSettings()
    }

    public func save(_ settings: CloudSettings) throws(CloudError) {
        try PrivateFile.writeJSON(settings, to: path)
    }

    /// Loads, changes and saves in one step.
    public func update(_ change: (inout CloudSettings) -> Void) throws(CloudError) {
        var settings = try load()
        let before = settings
        change(&settings)
        if settings != before { try save(settings) }
    }
}
