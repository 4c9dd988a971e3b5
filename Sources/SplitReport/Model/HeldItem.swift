/// A server item kept out of the trip's figures, as a report lists it: what it is and why.
/// Its text came from another client, so every renderer escapes it like any other.
public struct HeldItem: Hashable, Sendable {
    /// `expense`, `payment`, `member`.
    public let kind: String
    /// The item's id, shortened for reading.
    public let id: String
    /// The description where one could be read.
    public let description: String?
    public let reason: String

    public init(kind: String, id: String, description: String?, reason: String) {
        self.kind = kind
        self.id = id
        self.description = description
        self.reason = reason
    }
}
