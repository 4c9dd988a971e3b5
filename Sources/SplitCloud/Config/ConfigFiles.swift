import Foundation

/// Where cloud mode keeps its two files: `$XDG_CONFIG_HOME/split/` (else `~/.config/split/`)
/// holds `credentials.json` (tokens, mode 0600) and `config.json` (mode, server, current trip).
///
/// They live outside the SQLite database on purpose: cloud mode must work without a local
/// database, and a token must never end up in a database file someone copies or shares.
public struct ConfigFiles: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The directory for this environment.
    public init(environment: [String: String]) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            self.init(directory: xdg + "/split")
        } else {
            self.init(directory: (environment["HOME"] ?? NSHomeDirectory()) + "/.config/split")
        }
    }

    public var credentialsPath: String { directory + "/credentials.json" }
    public var settingsPath: String { directory + "/config.json" }

    public var credentials: CredentialStore { CredentialStore(path: credentialsPath) }
    public var settings: SettingsStore { SettingsStore(path: settingsPath) }
}
