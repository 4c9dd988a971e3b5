import Foundation
import Testing

/// Bad input to the sync commands, refused before anything is written or sent: one line,
/// the right exit code, and the trip unchanged.
@Suite("Sync commands: bad input")
struct SyncInputTests {
    @Test("each refusal names what is wrong and what is accepted; nothing is written")
    func refusals() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let before = try await cli.ok("trip", "list", "--json").stdout
        let cases: [(arguments: [String], code: Int32, phrases: [String])] = [
            (["resolve", "abc", "--mine"], 64, ["'abc' is not a conflict id", "numbers split conflicts lists"]),
            (["resolve", "3"], 64, ["choose one: --mine or --theirs"]),
            (["resolve", "3", "--mine", "--theirs"], 64, ["choose one: --mine or --theirs"]),
            (["resolve", "3", "--mine"], 65, ["no conflict 3", "split conflicts"]),
            (["join", "AB"], 65, ["'AB' is not an invite code", "6 letters or digits"]),
            (["config", "set", "sync.auto", "maybe"], 65, ["sync.auto is on or off, not 'maybe'"]),
            (["trip", "create", "Both", "--cloud", "--local"], 64, ["choose one: --cloud or --local"]),
            (["trip", "delete", "Tokyo Trip", "--yes", "--everywhere"], 64, ["Tokyo Trip is local only", "--everywhere"]),
            (["trip", "unlink", "Tokyo Trip", "--yes"], 65, ["Tokyo Trip is not linked"]),
            (["sync"], 65, ["Tokyo Trip is not linked", "split upload"]),
            (["sync", "--all"], 65, ["no linked trip", "split trip create NAME --cloud"]),
            (["sync", "--all", "--trip", "Tokyo Trip"], 64, ["give either --all or --trip, not both"]),
            (["trip", "invite"], 65, ["Tokyo Trip is local only"]),
        ]
        for (arguments, code, phrases) in cases {
            try await cli.run(arguments).expectError(code, phrases)
        }
        #expect(try await cli.ok("trip", "list", "--json").stdout == before)
        #expect(try await cli.ok("config", "get", "sync.auto").stdout == "on\n")
        #expect(try await cli.ok("status", "--json").json["linked"].bool == false)
    }
}
