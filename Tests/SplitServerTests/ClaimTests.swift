import Foundation
import HTTPTypes
import PostgresNIO
import SplitAPI
@testable import SplitServer
import SplitJSON
import Testing

/// Member claims: an account says which member of a trip it is, one member per trip, never
/// one another account claims; a claim is a write the change feed carries.
@Suite("split-server member claims", .serialized)
struct ClaimTests {
    @Test("claim and release: the member carries the caller as userId, then null; listings show it")
    func claimAndRelease() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let me = try #require(try await api.call(.get, "/auth/me", token: token).json["user"]["id"].stringValue)
            let claimed = try await api.claim(token, group: group, member: m["Alex"]!)
            #expect(claimed.status == .ok, "\(claimed)")
            #expect(claimed.json["member"]["userId"].stringValue == me && claimed.json["member"]["name"].stringValue == "Alex")
            let listed = try await api.call(.get, "/api/groups/\(group)/members", token: token)
            let byName = Dictionary(uniqueKeysWithValues: (listed.json["members"].arrayValue ?? []).map {
                ($0["name"]?.stringValue ?? "", $0["userId"])
            })
            #expect(byName["Alex"] == .some(.string(me)) && byName["Bea"] == .some(.null), "\(listed)")

            let released = try await api.release(token, group: group, member: m["Alex"]!)
            #expect(released.status == .ok, "\(released)")
            #expect(released.json["member"]["userId"] == .null, "userId is sent as null: \(released)")
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: token).json["members"][0]["userId"] == .null)
        }
    }

    @Test("claiming the member you claim, or releasing one nobody claims, answers 200 and bumps nothing")
    func repeatsChangeNothing() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let start = try await api.revision(token, group: group)
            #expect(try await api.release(token, group: group, member: m["Alex"]!).status == .ok)
            #expect(try await api.revision(token, group: group) == start)
            #expect(try await api.claim(token, group: group, member: m["Alex"]!).status == .ok)
            let claimed = try await api.revision(token, group: group)
            #expect(claimed == start + 1)
            let again = try await api.claim(token, group: group, member: m["Alex"]!)
            #expect(again.status == .ok && again.json["member"]["userId"].stringValue != nil, "\(again)")
            #expect(try await api.revision(token, group: group) == claimed)
            #expect(try await api.changes(token, group: group, since: claimed).members.isEmpty)
        }
    }

    @Test("one member per account and trip: claiming Bea releases Alex in the same write, and the feed shows both")
    func onePerTrip() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let me = try #require(try await api.call(.get, "/auth/me", token: token).json["user"]["id"].stringValue)
            let other = try await api.createGroup(token, name: "Osaka")
            let elsewhere = try await api.addMember(token, group: other, name: "Alex")
            #expect(try await api.claim(token, group: other, member: elsewhere).status == .ok)
            #expect(try await api.claim(token, group: group, member: m["Alex"]!).status == .ok)
            let before = try await api.revision(token, group: group)
            let moved = try await api.claim(token, group: group, member: m["Bea"]!)
            #expect(moved.status == .ok && moved.json["member"]["userId"].stringValue == me, "\(moved)")
            #expect(try await api.revision(token, group: group) == before + 1, "one write")

            let feed = try await api.changes(token, group: group, since: before)
            #expect(feed.members.count == 2, "\(feed.members)")
            #expect(feed.members.allSatisfy { $0.revision == before + 1 })
            #expect(feed.members.first { $0.id == m["Alex"]! }?.userId == nil)
            #expect(feed.members.first { $0.id == m["Bea"]! }?.userId == me)
            // A null userId is left out of the feed's item, not sent as null.
            let raw = try await api.call(.get, "/api/groups/\(group)/changes?since=\(before)", token: token)
            let alex = (raw.json["members"].arrayValue ?? []).first { $0["id"]?.stringValue == m["Alex"]! }
            #expect(alex.keys == ["id", "revision", "deleted", "name"], "\(raw)")
            // The claim in another trip is untouched.
            let there = try await api.call(.get, "/api/groups/\(other)/members", token: token)
            #expect(there.json["members"][0]["userId"].stringValue == me)
        }
    }

    @Test("a member another account claims: 409 naming it, for a claim and a release, and nothing changes")
    func claimedByAnother() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.join(bob, code: try await api.inviteCode(alice, group: group)).status == .ok)
            #expect(try await api.claim(bob, group: group, member: m["Bea"]!).status == .ok)
            #expect(try await api.claim(alice, group: group, member: m["Alex"]!).status == .ok)
            let listing = try await api.call(.get, "/api/groups/\(group)/members", token: bob).decode(Components.Schemas.MemberList.self)
            let revision = try await api.revision(bob, group: group)

            let refused = try await api.claim(bob, group: group, member: m["Alex"]!)
            #expect(refused.status == .conflict, "\(refused)")
            #expect(refused.error == "Alex is already claimed by another account", "\(refused)")
            let notYours = try await api.release(bob, group: group, member: m["Alex"]!)
            #expect(notYours.status == .conflict && notYours.error?.hasPrefix("Alex is claimed by another account") == true,
                    "\(notYours)")
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: bob).decode(Components.Schemas.MemberList.self) == listing)
            #expect(try await api.revision(bob, group: group) == revision)
        }
    }

    @Test("unknown or foreign member 404, someone else's trip 403, no token 401, a bad id 400")
    func refusals() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex"])
            let other = try await api.createGroup(alice, name: "Osaka")
            let foreign = try await api.addMember(alice, group: other, name: "Bea")
            for reply in [try await api.claim(alice, group: group, member: foreign),
                          try await api.claim(alice, group: group, member: API.newID()),
                          try await api.release(alice, group: group, member: foreign)] {
                #expect(reply.status == .notFound && reply.error?.contains("not found in this group") == true, "\(reply)")
            }
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.claim(bob, group: group, member: m["Alex"]!).status == .forbidden)
            #expect(try await api.release(bob, group: group, member: m["Alex"]!).status == .forbidden)
            #expect(try await api.call(.put, "/api/groups/\(group)/members/\(m["Alex"]!)/claim").status == .unauthorized)
            #expect(try await api.call(.delete, "/api/groups/\(group)/members/\(m["Alex"]!)/claim").status == .unauthorized)
            let bad = try await api.claim(alice, group: group, member: "alex")
            #expect(bad.status == .badRequest && bad.error?.contains("memberId") == true, "\(bad)")
        }
    }

    @Test("a claim repeated with its Idempotency-Key replays; the key on another member is a 422")
    func idempotency() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "claim-1"]
            let first = try await api.call(.put, "/api/groups/\(group)/members/\(m["Alex"]!)/claim", token: token, headers: key)
            let again = try await api.call(.put, "/api/groups/\(group)/members/\(m["Alex"]!)/claim", token: token, headers: key)
            #expect(first.status == .ok && again.status == .ok && again.body == first.body, "\(again)")
            let reused = try await api.call(.put, "/api/groups/\(group)/members/\(m["Bea"]!)/claim", token: token, headers: key)
            #expect(reused.status == .unprocessableContent, "\(reused)")
        }
    }

    @Test("join with memberName joins and claims in one go: exact name first, else ignoring case")
    func joinAndClaim() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let code = try await api.inviteCode(alice, group: group)
            let (bob, bobID) = try await api.register("Bob")
            let joined = try await api.join(bob, code: code, memberName: "bea")
            #expect(joined.status == .ok && joined.json["group"]["id"].stringValue == group, "\(joined)")
            let members = try await api.call(.get, "/api/groups/\(group)/members", token: bob)
            let bea = (members.json["members"].arrayValue ?? []).first { $0["id"]?.stringValue == m["Bea"]! }
            #expect(bea?["userId"]?.stringValue == bobID, "\(members)")

            // Joined already: the name only claims, releasing Bea for Alex.
            let again = try await api.join(bob, code: code, memberName: "Alex")
            #expect(again.status == .ok, "\(again)")
            let feed = try await api.changes(bob, group: group)
            #expect(feed.members.first { $0.id == m["Alex"]! }?.userId == bobID)
            #expect(feed.members.first { $0.id == m["Bea"]! }?.userId == nil)

            // Names the API keeps unique ignoring case, but another client's data may not be.
            _ = try await api.database.query("INSERT INTO members (group_id, name, revision) VALUES (\(UUID(uuidString: group)!), 'BEA', 0)")
            let (cat, _) = try await api.register("Cat")
            let exact = try await api.join(cat, code: code, memberName: "BEA")
            #expect(exact.status == .ok, "the exact name wins over a match ignoring case: \(exact)")
        }
    }

    @Test("join with a memberName that names no member, several, or another account's is refused and joins nothing")
    func joinRefused() async throws {
        try await ServerHarness.run { api in
            let (alice, group, m) = try await api.trip(["Alex", "Bea"])
            let code = try await api.inviteCode(alice, group: group)
            let (bob, _) = try await api.register("Bob")

            let unknown = try await api.join(bob, code: code, memberName: "Zed")
            #expect(unknown.status == .badRequest, "\(unknown)")
            #expect(unknown.error == "no member named 'Zed' in Tokyo; its members are Alex, Bea", "\(unknown)")
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: bob).status == .forbidden)

            #expect(try await api.claim(alice, group: group, member: m["Alex"]!).status == .ok)
            let revision = try await api.revision(alice, group: group)
            let taken = try await api.join(bob, code: code, memberName: "alex")
            #expect(taken.status == .conflict && taken.error == "Alex is already claimed by another account", "\(taken)")
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: bob).status == .forbidden)
            #expect(try await api.revision(alice, group: group) == revision)

            let gid = UUID(uuidString: group)!
            _ = try await api.database.query("INSERT INTO members (group_id, name, revision) VALUES (\(gid), 'bea', 0)")
            let folded = try await api.join(bob, code: code, memberName: "BEA")
            #expect(folded.status == .badRequest && folded.error?.contains("several members of Tokyo") == true
                        && folded.error?.contains("(Bea, bea)") == true, "\(folded)")
            _ = try await api.database.query("INSERT INTO members (group_id, name, revision) VALUES (\(gid), 'Bea', 0)")
            let twice = try await api.join(bob, code: code, memberName: "Bea")
            #expect(twice.status == .badRequest && twice.error?.contains("several members of Tokyo are called 'Bea'") == true,
                    "\(twice)")
            #expect(try await api.call(.get, "/api/groups/\(group)/members", token: bob).status == .forbidden)
            #expect(try await api.call(.get, "/api/groups", token: bob).json["groups"].count == 0)

            let blank = try await api.join(bob, code: code, memberName: " ")
            #expect(blank.status == .badRequest && blank.error?.contains("memberName") == true, "\(blank)")
        }
    }

    @Test("many members: the refusal lists 20 names and how many more")
    func longList() async throws {
        try await ServerHarness.run { api in
            let names = (1...25).map { String(format: "M%02d", $0) }
            let (alice, group, _) = try await api.trip(names)
            let (bob, _) = try await api.register("Bob")
            let reply = try await api.join(bob, code: try await api.inviteCode(alice, group: group), memberName: "Zed")
            #expect(reply.error == "no member named 'Zed' in Tokyo; its members are "
                        + names.prefix(20).joined(separator: ", ") + " and 5 more", "\(reply)")
        }
    }

    @Test("the sync batch's changes carry userId, and a removed claimed member leaves a plain tombstone")
    func syncCarriesClaims() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let me = try #require(try await api.call(.get, "/auth/me", token: token).json["user"]["id"].stringValue)
            #expect(try await api.claim(token, group: group, member: m["Bea"]!).status == .ok)
            let answer = try await api.sync(token, group: group, since: 0, ops: [])
            let changes = try answer.decode(Components.Schemas.SyncResponse.self).changes
            #expect(changes.members.first { $0.id == m["Bea"]! }?.userId == me)
            #expect(changes.members.first { $0.id == m["Alex"]! }?.userId == nil)

            let before = try await api.revision(token, group: group)
            #expect(try await api.call(.delete, "/api/groups/\(group)/members/\(m["Bea"]!)", token: token).status == .ok)
            let gone = try await api.changes(token, group: group, since: before)
            #expect(gone.members.count == 1 && gone.members[0].deleted && gone.members[0].userId == nil, "\(gone.members)")
            // The claim went with the row: the account may claim another member.
            #expect(try await api.claim(token, group: group, member: m["Alex"]!).status == .ok)
        }
    }
}
