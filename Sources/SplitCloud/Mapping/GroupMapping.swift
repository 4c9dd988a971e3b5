import SplitAPI
import SplitCore

/// Groups, members and accounts between the domain and the contract's schemas. Group keys are
/// snake_case on the wire (`owner_id`, `invite_code`, `is_active`); the contract names them.
enum GroupMapping {
    static func group(_ wire: Components.Schemas.Group) -> CloudGroup {
        CloudGroup(id: TripID(wire.id), name: wire.name, description: wire.description, ownerID: wire.ownerId,
                   inviteCode: wire.inviteCode, isActive: wire.isActive)
    }

    static func member(_ wire: Components.Schemas.Member) -> Member {
        Member(id: MemberID(wire.id), name: wire.name)
    }

    /// A member with the account that claims it (`userId`, null when nobody does).
    static func claimed(_ wire: Components.Schemas.Member) -> CloudMember {
        CloudMember(member: member(wire), userID: wire.userId)
    }

    static func user(_ wire: Components.Schemas.User) -> CloudUser {
        CloudUser(id: wire.id, displayName: wire.displayName, email: wire.email, phone: wire.phone)
    }
}
