import Foundation

/// Refusals about a trip group as a whole: finding it, using it, deleting it, joining it.
enum GroupError: DomainError, Equatable {
    /// No group has this id.
    case notFound(group: UUID)
    /// The caller neither owns the group nor has joined it.
    case notMember(group: UUID)
    /// Someone other than the owner tried to delete the trip.
    case notOwner
    /// No active group has this invite code (shown cut to 16 characters).
    case unknownInviteCode(String)
    /// Eight random invite codes in a row were taken; a new attempt draws new ones.
    case noFreeInviteCode

    var kind: RefusalKind {
        switch self {
        case .notFound, .unknownInviteCode: .notFound
        case .notMember, .notOwner: .forbidden
        case .noFreeInviteCode: .unavailable
        }
    }

    var message: String {
        switch self {
        case .notFound(let group): "group \(group.uuidString.lowercased()) not found"
        case .notMember(let group): "you are not a member of group \(group.uuidString.lowercased())"
        case .notOwner: "only the trip's owner may delete it"
        case .unknownInviteCode(let code): "no active group has invite code '\(code.prefix(16))'"
        case .noFreeInviteCode: "could not find a free invite code; try again"
        }
    }
}
