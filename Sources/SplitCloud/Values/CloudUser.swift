import SplitCore

/// The account a token belongs to, as `/auth/login`, `/auth/register` and `/auth/me` return it.
public struct CloudUser: Hashable, Sendable {
    public let id: String
    public let displayName: String
    public let email: String?
    public let phone: String?

    public init(id: String, displayName: String, email: String?, phone: String?) {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.phone = phone
    }

    /// The email, else the phone: what a person logs in with.
    public var login: String { email ?? phone ?? id }
}

/// A successful login or registration: the new token and its account.
public struct CloudLogin: Hashable, Sendable {
    public let token: String
    public let user: CloudUser
}
