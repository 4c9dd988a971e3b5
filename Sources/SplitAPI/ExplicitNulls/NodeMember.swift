/// `#/components/schemas/Member`, written by hand so that `userId` is always sent, as `null`
/// for a member without an account (most of them), like the Node server; see ``NodeUser``.
public struct NodeMember: Codable, Hashable, Sendable {
    public var id: String
    public var groupId: String
    public var userId: String?
    public var name: String
    /// ISO 8601 timestamp, UTC, milliseconds.
    public var createdAt: String

    public init(id: String, groupId: String, userId: String? = nil, name: String, createdAt: String) {
        self.id = id
        self.groupId = groupId
        self.userId = userId
        self.name = name
        self.createdAt = createdAt
    }

    public enum CodingKeys: String, CodingKey {
        case id, groupId, userId, name, createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        groupId = try container.decode(String.self, forKey: .groupId)
        userId = try container.decodeIfPresent(String.self, forKey: .userId)
        name = try container.decode(String.self, forKey: .name)
        createdAt = try container.decode(String.self, forKey: .createdAt)
    }

    /// `userId` goes through `encode`, not `encodeIfPresent`: nil becomes an explicit `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(groupId, forKey: .groupId)
        try container.encode(userId, forKey: .userId)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
