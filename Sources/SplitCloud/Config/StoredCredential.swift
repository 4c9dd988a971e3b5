/// A token and the account it belongs to, as saved for one server.
public struct StoredCredential: Codable, Hashable, Sendable {
    public var token: String
    public var userID: String
    public var displayName: String
    public var email: String?
    public var phone: String?
    /// When the token was saved (ISO 8601), for `split whoami`.
    public var savedAt: String

    public init(token: String, user: CloudUser, savedAt: String) {
        self.token = token
        userID = user.id
        displayName = user.displayName
        email = user.email
        phone = user.phone
        self.savedAt = savedAt
    }

    public var user: CloudUser { CloudUser(id: userID, displayName: displayName, email: email, phone: phone) }
}
