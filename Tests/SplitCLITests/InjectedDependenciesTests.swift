import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// A command run in-process takes the clock and the ids the test passes in, for everything
/// it makes: the trip, members, expenses and payments, and the times it records.
@Suite("in-process runs with the test's clock and ids")
struct InjectedDependenciesTests {
    @Test("every new id comes from the test's generator, and every recorded time from its clock")
    func idsAndClock() async throws {
        let cli = try CLI()
        let ids = CountingIDs()
        cli.ids = ids.generator
        let instant = try #require(Timestamp(iso8601: "2030-05-01T10:00:00.000Z"))
        cli.now = { instant }
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto")
        try await cli.ok("add-expense", "Taxi", "20", "--paid-by", "Ana")
        try await cli.ok("pay", "Beto", "Ana", "10")

        #expect(try await cli.ok("trip", "show", "--json").json["trip"]["id"].string == CountingIDs.id(1))
        let members = try await cli.ok("member", "list", "--json").json["members"].array.compactMap { $0["id"].string }
        #expect(members == [CountingIDs.id(2), CountingIDs.id(3)])
        let expense = try #require(try await cli.expenses().first)
        #expect(expense["id"].string == CountingIDs.id(4))
        #expect(expense["createdAt"].string == "2030-05-01T10:00:00.000Z")
        #expect(expense["expenseDate"].string == "2030-05-01")
        let payment = try await cli.ok("payments", "--json").json["payments"].array.first
        #expect(payment?["id"].string == CountingIDs.id(5))
        #expect(try await cli.ok("log", "--json").json["activity"].array.allSatisfy { $0["at"].string == "2030-05-01T10:00:00.000Z" })
    }
}
