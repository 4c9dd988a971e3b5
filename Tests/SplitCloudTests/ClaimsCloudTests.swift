import Foundation
import SplitAPI
@testable import SplitCloud
import SplitCore
import SplitServerQuirks
import Testing

/// The cloud client's member claims against a real split-server on loopback: what it sends
/// comes back, a refusal reads as the server's reason, and the feed's `userId`s reach
/// ``RemoteChanges/claims``.
@Suite("cloud client: member claims against split-server", .serialized)
struct ClaimsCloudTests {
    /// A trip of Ann, Ben and Cat; the group and the members by name.
    static func trip(_ client: CloudClient) async throws -> (group: CloudGroup, members: [String: MemberID]) {
        let group = try await client.createGroup(name: "Lisbon")
        var members: [String: MemberID] = [:]
        for name in ["Ann", "Ben", "Cat"] { members[name] = try await client.addMember(group: group.id, name: name).id }
        return (group, members)
    }

    @Test("/health's claims and preferences are read; unknown names stay ignored")
    func capabilities() async throws {
        let health = try JSONDecoder().decode(Components.Schemas.Health.self, from: Data(
            #"{"status":"ok","mode":"vps","port":"1","timestamp":"x","features":["claims","preferences","later"]}"#.utf8))
        let parsed = ServerCapabilities(health: health)
        #expect(parsed.has(.claims) && parsed.has(.preferences) && !parsed.has(.sync))
        #expect(ServerCapabilities.Feature(rawValue: "claims") == .claims)
        #expect(ServerCapabilities.Feature(rawValue: "preferences") == .preferences)
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let found = try await client.capabilities()
            #expect(found.has(.claims) && found.has(.preferences))
        }
    }

    @Test("a server without claims (the Node server) is told apart before anything is sent")
    func nodeServer() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let group = try await client.createGroup(name: "Lisbon")
            let member = try await client.addMember(group: group.id, name: "Ann")
            do throws(CloudError) {
                _ = try await client.claimMember(group: group.id.rawValue, member: member.id)
                Issue.record("the claim went through on a server without claims")
            } catch {
                #expect(error.kind == .unavailable && error.message.contains("claims"), "\(error.message)")
            }
        }
    }

    @Test("claim, release, and a second claim that moves the account's claim in the trip")
    func claimAndRelease() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let me = try await client.me().id
            let (group, m) = try await Self.trip(client)
            let claimed = try await client.claimMember(group: group.id.rawValue, member: m["Ann"]!)
            #expect(claimed == CloudMember(member: Member(id: m["Ann"]!, name: "Ann"), userID: me))
            let moved = try await client.claimMember(group: group.id.rawValue, member: m["Ben"]!)
            #expect(moved.userID == me && moved.member.name == "Ben")
            let released = try await client.releaseClaim(group: group.id.rawValue, member: m["Ben"]!)
            #expect(released == CloudMember(member: Member(id: m["Ben"]!, name: "Ben"), userID: nil))
            // Releasing again, a member nobody claims, answers it as it is.
            #expect(try await client.releaseClaim(group: group.id.rawValue, member: m["Ben"]!).userID == nil)
            do throws(CloudError) {
                _ = try await client.claimMember(group: group.id.rawValue, member: MemberID(UUID().uuidString.lowercased()))
                Issue.record("an unknown member was claimed")
            } catch {
                guard case .notFound(let message) = error else { throw error }
                #expect(message.contains("is not in trip"), "\(message)")
            }
        }
    }

    @Test("a member another account claims: refused with exit kind .data and the server's one-line reason")
    func refusedClaim() async throws {
        try await CloudTestServer.run { server in
            let ann = try await CloudTestSupport.account(server, clock: ManualClock())
            let ben = try await CloudTestSupport.account(server, clock: ManualClock())
            let (group, m) = try await Self.trip(ann)
            _ = try await ann.claimMember(group: group.id.rawValue, member: m["Ann"]!)
            _ = try await ben.joinGroup(code: try #require(group.inviteCode))
            do throws(CloudError) {
                _ = try await ben.claimMember(group: group.id.rawValue, member: m["Ann"]!)
                Issue.record("another account's member was claimed")
            } catch {
                #expect(error == .refused(status: 409, detail: "Ann is already claimed by another account"))
                #expect(error.kind == .data)
                #expect(error.message.hasSuffix(": Ann is already claimed by another account"), "\(error.message)")
            }
            do throws(CloudError) {
                _ = try await ben.releaseClaim(group: group.id.rawValue, member: m["Ann"]!)
                Issue.record("another account's claim was released")
            } catch {
                #expect(error.kind == .data && error.message.contains("Ann is claimed by another account"), "\(error.message)")
            }
        }
    }

    @Test("join with a member name claims it; a name that fails joins nothing and says why")
    func joinWithName() async throws {
        try await CloudTestServer.run { server in
            let ann = try await CloudTestSupport.account(server, clock: ManualClock())
            let ben = try await CloudTestSupport.account(server, clock: ManualClock())
            let (group, m) = try await Self.trip(ann)
            let code = try #require(group.inviteCode)
            do throws(CloudError) {
                _ = try await ben.joinGroup(code: code, memberName: "Zed")
                Issue.record("joined with an unknown member name")
            } catch {
                #expect(error == .refused(status: 400, detail: "no member named 'Zed' in Lisbon; its members are Ann, Ben, Cat"))
                #expect(error.kind == .data)
            }
            #expect(try await ben.groups().isEmpty, "the refused join joined nothing")

            let joined = try await ben.joinGroup(code: code, memberName: "cat")
            #expect(joined.id == group.id)
            let benID = try await ben.me().id
            let feed = try #require(try await ben.changes(group: group.id.rawValue, since: 0))
            #expect(feed.changes.claims[m["Cat"]!] == .some(benID))
            #expect(feed.changes.claims[m["Ann"]!] == .some(nil))
        }
    }

    @Test("RemoteChanges.claims: every member change of the feed and of a sync answer, a tombstone as nobody")
    func feedClaims() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let me = try await client.me().id
            let (group, m) = try await Self.trip(client)
            let gid = group.id.rawValue
            let start = try #require(try await client.changes(group: gid, since: 0))
            #expect(start.changes.claims.count == 3 && start.changes.claims.values.allSatisfy { $0 == nil })

            _ = try await client.claimMember(group: gid, member: m["Ben"]!)
            let claimed = try #require(try await client.changes(group: gid, since: start.changes.revision))
            let expected: [MemberID: String?] = [m["Ben"]!: me]
            #expect(claimed.changes.claims == expected)

            _ = try await client.claimMember(group: gid, member: m["Cat"]!)
            let answer = try await client.sync(group: gid, since: claimed.changes.revision, operations: [
                PendingOperation(sequence: 1, opID: UUID().uuidString.lowercased(), operation: .removeMember(m["Ann"]!),
                                 baseRevision: nil, base: nil),
            ])
            let moved: [MemberID: String?] = [m["Ben"]!: nil, m["Cat"]!: me, m["Ann"]!: nil]
            #expect(answer.changes.claims == moved, "\(answer.changes.claims)")
        }
    }
}
