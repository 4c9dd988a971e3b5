/// `#/components/schemas/Group`, written by hand so that `description` and `invite_code` are
/// always sent, as `null` when the group has none, like the Node server (which never sets an
/// invite code); see ``NodeUser`` for why.
public struct NodeGroup: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var description: String?
    public var ownerId: String
    public var inviteCode: String?
    public var isActive: Bool

    public init(id: String, name: String, description: String? = nil, ownerId: String, inviteCode: String?,
                isActive: Bool) {
        self.id = id
        self.name = name
        self.description = description
        self.ownerId = ownerId
        self.inviteCode = inviteCode
        self.isActive = isActive
    }

    /// The Node server's snake_case keys.
    public enum CodingKeys: String, CodingKey {
        case id, name, description
        case ownerId = "owner_id"
        case inviteCode = "invite_code"
        case isActive = "is_active"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        ownerId = try container.decode(String.self, forKey: .ownerId)
        inviteCode = try container.decodeIfPresent(String.self, forKey: .inviteCode)
        isActive = try container.decode(Bool.self, forKey: .isActive)
    }

    /// Nullable keys go through `encode`, not `encodeIfPresent`: nil becomes an explicit `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(ownerId, forKey: .ownerId)
        try container.encode(inviteCode, forKey: .inviteCode)
        try container.encode(isActive, forKey: .isActive)
    }
}
