import Foundation
import SplitTestSupport
import Testing

@Suite("split alone: where you are, in a few lines")
struct OverviewTests {
    @Test("with no database yet: how to create a trip, exit 0, and no file made")
    func noTrip() async throws {
        let cli = try CLI()
        let result = try await cli.run([])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "No trip yet. Create one with: split trip create NAME --currency CUR\n"
                + "See split --help for every command.\n", "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("the current trip: name, currency, members, your net, sync state, and the pointer to --help")
    func current() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        let empty = try await cli.run([])
        #expect(empty.stdout == """
            Lima (PEN), no members yet
            No expenses yet.
            Local only: not linked to a server.
            See split --help for every command.

            """, "\(empty)")
        try await cli.ok("member", "add", "Ana", "Beto", "Carla")
        try await cli.ok("add-expense", "Ceviche", "36", "--paid-by", "Ana")
        try await cli.ok("add-expense", "Taxi", "10", "--paid-by", "Beto", "--currency", "USD", "--among", "Ana,Beto")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        let others = try await cli.run([])
        #expect(others.status == 0, "\(others)")
        let lines = others.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(others)")
        #expect(lines.first == "Lima (PEN), 3 members: Ana, Beto, Carla", "\(others)")
        // Nobody is you: the largest nets, largest first.
        #expect(lines.dropFirst().first?.hasPrefix("Largest: Ana is owed") == true, "\(others)")
        #expect(lines.last == "See split --help for every command.")
        try await cli.ok("member", "me", "Ana")
        let mine = try await cli.run([])
        let standing = mine.stdout.split(separator: "\n").map(String.init)
        #expect(standing.count == 4 && standing[1].hasPrefix("You are Ana. You are owed"), "\(mine)")
        #expect(standing[1].contains("; You owe"), "one clause per currency: \(mine)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) != before, "member me wrote")
        let after = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        _ = try await cli.run([])
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == after, "split alone writes nothing")
    }

    @Test("several members beyond six are counted, not listed")
    func manyMembers() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8")
        let result = try await cli.run([])
        #expect(result.stdout.hasPrefix("Flat (EUR), 8 members: A1, A2, A3, A4, A5, A6 and 2 more\n"), "\(result)")
    }

    @Test("the built binary, alone, exits 0; with only a global option it is still a usage error")
    func binary() async throws {
        let cli = try CLI()
        let result = try await cli.runProcess([])
        #expect(result.status == 0 && result.stdout.hasPrefix("No trip yet."), "\(result)")
        let json = try await cli.run(["--json"])
        #expect(json.status == 64, "\(json)")
    }
}
