import Foundation
import Hummingbird
@testable import SplitServer
import SplitCore
import SplitTestSupport
import Synchronization
import Testing

/// A split-server that is upgraded under linked trips: it first lacks `departures` and
/// `recurring`, so a device keeps its departures and rules for itself, then gains them. The
/// device's next sync sends what it kept, before it pulls the server's members (which carry
/// no departure): the departure survives and reaches the other device, and so does the rule.
@Suite("a server that gains departures and recurring rules", .serialized)
struct GainedFeaturesTests {
    /// split-server whose `/health` hides the extensions in ``hidden`` until ``upgrade()``.
    final class UpgradingServer: ServerFacade {
        private let hidden = Mutex<Set<String>>(["departures", "recurring"])
        func install(on router: Router<ServerRequestContext>) {}
        var advertisesExtensions: Bool { true }
        var hiddenFeatures: Set<String> { hidden.withLock { $0 } }
        func upgrade() { hidden.withLock { $0 = [] } }
    }

    /// The day each member of `device`'s trip left, by name (nil: lives here).
    static func departures(_ device: SplitSandbox) async throws -> [String: String?] {
        let members = try await device.ok("member", "list", "--json").json["members"].array
        return Dictionary(uniqueKeysWithValues: members.compactMap { member in
            member["name"].string.map { ($0, member["leftOn"].string) }
        })
    }

    @Test("a departure and a rule kept on the device while the server lacked them reach the server and the other device once it has them; nothing is cleared")
    func gainedLater() async throws {
        let facade = UpgradingServer()
        try await CloudTestServer.run(facade: facade) { server in
            let (ann, ben) = try await SyncTests.flatOfTwo(server.url, members: ["Alex", "Bea", "Chen"])
            try await ann.ok("member", "leave", "Chen", "--from", "2025-01-15")
            try await ann.ok("recurring", "add", "Internet", "30", "--every", "month", "--on", "5", "--paid-by", "Alex",
                             "--from", "2025-02-05")
            try await ann.ok("sync")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)
            try await ben.ok("sync")
            #expect(try await Self.departures(ben)["Chen"] == .some(nil))
            #expect(try await ben.ok("recurring", "list", "--json").json["recurring"].array.isEmpty)

            // The upgrade; a day later both devices ask the server's extensions again.
            facade.upgrade()
            let later = Timestamp(iso8601: "2025-01-22T09:00:00Z")!
            ann.now = { later }
            ben.now = { later }
            // Ben renames Chen: the server's Chen, who has no departure there, comes to Ann's pull.
            try await ben.ok("member", "rename", "Chen", "Chen W")
            try await ann.ok("sync")
            let annSees = try await Self.departures(ann)
            #expect(annSees["Chen W"] == .some("2025-01-15"), "\(annSees)")
            #expect(try await ann.ok("status", "--json").json["pending"].int == 0)

            try await ben.ok("sync")
            let benSees = try await Self.departures(ben)
            #expect(benSees["Chen W"] == .some("2025-01-15"), "\(benSees)")
            let rules = try await ben.ok("recurring", "list", "--json").json["recurring"].array
            #expect(rules.map { $0["description"].string } == ["Internet"], "\(rules)")
            // Nothing more goes on a further sync: the parts are sent once.
            let again = try await ann.ok("sync", "--json").json
            #expect(again["pushed"].int == 0, "\(again)")
            try await SyncTests.converge([ann, ben], views: SyncTests.views)
        }
    }
}
