import SplitCore

/// A group as the server lists it (snake_case keys on the wire: `owner_id`, `invite_code`,
/// `is_active`). Groups carry no currency; the trip's currency is kept on this machine.
public struct CloudGroup: Hashable, Sendable {
    public let id: TripID
    public let name: String
    public let description: String?
    public let ownerID: String?
    public let inviteCode: String?
    public let isActive: Bool

    public init(id: TripID, name: String, description: String? = nil, ownerID: String? = nil,
                inviteCode: String? = nil, isActive: Bool = true) {
        self.id = id
        self.name = name
        self.description = description
        self.ownerID = ownerID
        self.inviteCode = inviteCode
        self.isActive = isActive
    }
}
