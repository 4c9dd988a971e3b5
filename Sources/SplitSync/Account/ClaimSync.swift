import SplitCloud
import SplitCore
import SplitStore

/// Sends "you" to split-server for trips where this device chose while the server could not
/// be reached (`split member me` offline, or before the trip was linked): the claim of the
/// member for the account, or its release.
///
/// A claim the server refuses (another account claims that member) is dropped, so the trip
/// shows what the account really is, and reported; an unreachable server leaves it waiting.
public struct ClaimSync: Sendable {
    public let backend: LocalBackend
    public let client: CloudClient
    public let account: String

    public init(backend: LocalBackend, client: CloudClient, account: String) {
        self.backend = backend
        self.client = client
        self.account = account
    }

    /// What became of one waiting claim.
    public struct Outcome: Sendable {
        public let trip: TripID
        public let member: MemberID?
        /// Nil when the server took it; else its reason.
        public let refusal: String?
    }

    /// Claims `member` for the account on the server (nil: releases what the account claims
    /// there), then records what the server took, with nothing left waiting. Throws the
    /// server's refusal as it came; nothing is recorded then.
    public func send(_ member: MemberID?, trip: TripID, group: String) async throws {
        if let member {
            _ = try await client.claimMember(group: group, member: member)
        } else if let current = try await backend.claimed(trip: trip, account: account) {
            _ = try await client.releaseClaim(group: group, member: current)
        }
        try await backend.confirmClaim(member, trip: trip, account: account)
    }

    /// Sends the claims waiting on `links` (all to this client's server).
    public func run(links: [TripLink]) async throws -> [Outcome] {
        let waiting = try await backend.pendingClaims(of: links)
        guard !waiting.isEmpty, try await client.capabilities().has(.claims) else { return [] }
        var outcomes: [Outcome] = []
        for claim in waiting {
            let sent: Result<Void, CloudError>
            do {
                try await send(claim.member, trip: claim.trip, group: claim.group)
                sent = .success(())
            } catch let error as CloudError {
                sent = .failure(error)
            }
            switch sent {
            case .success:
                outcomes.append(Outcome(trip: claim.trip, member: claim.member, refusal: nil))
            case .failure(.refused(_, let detail)), .failure(.notFound(let detail)):
                // Another account's member, or one gone from the server: the choice is dropped.
                try await backend.dropPendingClaim(trip: claim.trip)
                outcomes.append(Outcome(trip: claim.trip, member: claim.member, refusal: detail))
            case .failure(let error):
                throw error
            }
        }
        return outcomes
    }
}
