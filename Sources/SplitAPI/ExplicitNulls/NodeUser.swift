/// `#/components/schemas/User`, written by hand so that `email` and `phone` are always sent,
/// as `null` when absent.
///
/// The Node server sends every column of the row, null or not, and its clients read those
/// keys; the generated types leave a nil optional out (`encodeIfPresent`). The generator maps
/// the schema to this type (`typeOverrides` in `openapi-generator-config.yaml`), so callers
/// still write `Components.Schemas.User` with the same properties and initializer. Reading is
/// lenient in the same way as the generated code: a missing nullable key reads as nil.
public struct NodeUser: Codable, Hashable, Sendable {
    public var id: String
    public var email: String?
    public var phone: String?
    public var displayName: String

    public init(id: String, email: String? = nil, phone: String? = nil, displayName: String) {
        self.id = id
        self.email = email
        self.phone = phone
        self.displayName = displayName
    }

    public enum CodingKeys: String, CodingKey {
        case id, email, phone, displayName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        displayName = try container.decode(String.self, forKey: .displayName)
    }

    /// Optionals go through `encode`, not `encodeIfPresent`: nil becomes an explicit `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(displayName, forKey: .displayName)
    }
}
