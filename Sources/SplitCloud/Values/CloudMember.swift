import SplitCore

/// A member as split-server answers a claim or a release: the member, and the account that
/// claims it (the person the member is), if any.
///
/// Not a field of ``Member``: which account a member is belongs to the server, not to any
/// trip's edits, so it travels beside the member (as ``RemoteChanges/claims`` does in a sync).
public struct CloudMember: Hashable, Sendable {
    public let member: Member
    /// The claiming account's user id; nil when nobody claims the member.
    public let userID: String?

    public init(member: Member, userID: String?) {
        self.member = member
        self.userID = userID
    }
}
