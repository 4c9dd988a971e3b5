import SplitCore

/// What one row of the upload map names (the `kind` column of `upload_map`).
public enum UploadMapKind: String, CaseIterable, Sendable {
    /// The local trip → the server's group.
    case trip
    case member
    case expense
    /// A share, keyed ``UploadMapping/shareKey(expense:member:)`` → the server's split id.
    case split
    /// A share last confirmed paid on the server (same key; the value is the split id).
    case paid
    /// A payment → the server's payment, or the expense that stands for it on a server
    /// without payments (the Node server).
    case payment
}

/// Whose map: one local trip uploaded to one server by one account.
public struct UploadScope: Hashable, Sendable {
    /// The server's canonical URL.
    public let server: String
    /// The account's user id on that server.
    public let account: String
    public let trip: TripID

    public init(server: String, account: String, trip: TripID) {
        self.server = server
        self.account = account
        self.trip = trip
    }
}

/// One local id and the server id it became.
public struct UploadMapEntry: Hashable, Sendable {
    public let kind: UploadMapKind
    public let localID: String
    public let serverID: String

    public init(_ kind: UploadMapKind, _ localID: String, _ serverID: String) {
        self.kind = kind
        self.localID = localID
        self.serverID = serverID
    }
}
