/// `#/components/schemas/HistoryEntry`, written by hand so that `reason` is always sent, as
/// `null` when none was given, like the Node server; see ``NodeUser`` for why.
public struct NodeHistoryEntry: Codable, Hashable, Sendable {
    /// What the change did; the same name and cases the generator gives the `action` enum.
    public enum ActionPayload: String, Codable, Hashable, Sendable, CaseIterable {
        case markedPaid = "marked_paid"
        case markedUnpaid = "marked_unpaid"
    }

    public var id: String
    public var expenseSplitId: String
    public var action: ActionPayload
    public var performedByUserId: String
    public var performedAt: String
    public var reason: String?
    public var performedByName: String

    public init(id: String, expenseSplitId: String, action: ActionPayload, performedByUserId: String,
                performedAt: String, reason: String? = nil, performedByName: String) {
        self.id = id
        self.expenseSplitId = expenseSplitId
        self.action = action
        self.performedByUserId = performedByUserId
        self.performedAt = performedAt
        self.reason = reason
        self.performedByName = performedByName
    }

    /// The Node server's snake_case keys.
    public enum CodingKeys: String, CodingKey {
        case id, action, reason
        case expenseSplitId = "expense_split_id"
        case performedByUserId = "performed_by_user_id"
        case performedAt = "performed_at"
        case performedByName = "performed_by_name"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        expenseSplitId = try container.decode(String.self, forKey: .expenseSplitId)
        action = try container.decode(ActionPayload.self, forKey: .action)
        performedByUserId = try container.decode(String.self, forKey: .performedByUserId)
        performedAt = try container.decode(String.self, forKey: .performedAt)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        performedByName = try container.decode(String.self, forKey: .performedByName)
    }

    /// Keys in the Node server's order; `reason` goes through `encode`: nil becomes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(expenseSplitId, forKey: .expenseSplitId)
        try container.encode(action, forKey: .action)
        try container.encode(performedByUserId, forKey: .performedByUserId)
        try container.encode(performedAt, forKey: .performedAt)
        try container.encode(reason, forKey: .reason)
        try container.encode(performedByName, forKey: .performedByName)
    }
}
