import SplitCore

/// The check that ends every upload: the group read back from the server, its balances
/// computed by SplitCore and compared with the local ones, member by member and currency by
/// currency, plus what the server lacks or has in excess.
public struct UploadVerification: Sendable, Equatable {
    public var differences: [BalanceDifference]
    /// Uploaded items (by the id map) the server no longer lists.
    public var missing: Int
    /// Server expenses or payments that no local item maps to (added in the cloud, or stored
    /// twice).
    public var extra: Int

    public init(differences: [BalanceDifference], missing: Int, extra: Int) {
        self.differences = differences
        self.missing = missing
        self.extra = extra
    }

    public var verified: Bool { differences.isEmpty && missing == 0 && extra == 0 }
}

/// One member's net balance in one currency that differs between here and the server.
public struct BalanceDifference: Sendable, Equatable {
    public let member: String
    public let currency: Currency
    public let local: Int64
    public let server: Int64

    public init(member: String, currency: Currency, local: Int64, server: Int64) {
        self.member = member
        self.currency = currency
        self.local = local
        self.server = server
    }
}
