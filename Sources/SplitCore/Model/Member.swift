/// A person on a trip. Names are unique within a trip, compared case-insensitively.
public struct Member: Hashable, Sendable {
    public let id: MemberID
    public var name: String

    public init(id: MemberID, name: String) {
        self.id = id
        self.name = name
    }

    /// The case-folded form names are compared and stored uniquely by.
    public var nameKey: String { Member.key(for: name) }

    public static func key(for name: String) -> String { name.lowercased() }
}
