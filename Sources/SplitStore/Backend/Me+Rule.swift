import SplitCore

extension Me {
    /// What this device's `trip_me` row says about a trip.
    enum DeviceChoice: Hashable {
        /// No row: the trip says nothing here.
        case unsaid
        /// A row naming nobody: cleared, a release waiting for the server, or a member since
        /// removed.
        case nobody
        case member(Member)
    }

    /// The one rule for who you are in a trip, used by a single trip's read and by the read of
    /// every trip (`split friends`) alike:
    /// 1. this device's `trip_me` row (on a trip linked to split-server, a claim not yet sent:
    ///    the newest thing this device knows), even when it names nobody;
    /// 2. on a linked trip, the live member the link's account claims (the first in name
    ///    order, should a server report two);
    /// 3. the member `named` (the device's `me.name`) by ``SplitCore/PersonKey``; a trip with
    ///    no such member, or several, has no you.
    static func resolve(choice: DeviceChoice, claimed: Member?, link: TripLink?, named: String?,
                        members: @autoclosure () throws -> [Member]) rethrows -> Me? {
        switch choice {
        case .member(let member): return Me(member: member, source: link?.syncProtocol == .feed ? .pending : .device)
        case .nobody: return nil
        case .unsaid: break
        }
        if let claimed { return Me(member: claimed, source: .account) }
        guard let named, let member = PersonKey.member(named: named, in: try members()) else { return nil }
        return Me(member: member, source: .name)
    }
}
