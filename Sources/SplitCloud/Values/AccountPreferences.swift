import SplitCore

/// The preferences that follow an account, as split-server holds them (`/api/preferences`).
public struct AccountPreferences: Equatable, Sendable {
    /// The values the server holds; a value split cannot read (not one ``PreferenceKey``
    /// accepts) is left out, as if unset.
    public var preferences: Preferences
    /// When any of them last changed (or the account was created); nil when the server's time
    /// does not read.
    public var updatedAt: Timestamp?

    public init(preferences: Preferences, updatedAt: Timestamp?) {
        self.preferences = preferences
        self.updatedAt = updatedAt
    }
}
