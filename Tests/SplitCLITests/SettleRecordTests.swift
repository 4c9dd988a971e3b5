import Foundation
import SplitTestSupport
import Testing

/// `settle --record`: the plan's transfers become payments in one change that undo reverts.
@Suite("settle --record")
struct SettleRecordTests {
    @Test("records the whole plan, per currency, as one change; settle then shows nothing; undo brings the plan back")
    func recordsThePlan() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        let planText = try await cli.ok("settle", "--json").stdout
        let plan = try await cli.json("settle")
        let before = try await cli.snapshot()

        let recorded = try await cli.json("settle", "--record", "--date", "2025-01-18")["recorded"].array
        let transfers = plan["settlements"].array.flatMap { $0["transfers"].array }
        #expect(recorded.count == transfers.count && !recorded.isEmpty)
        #expect(recorded.map { "\($0["fromName"].string ?? "")→\($0["toName"].string ?? "") \($0["amount"].double ?? 0)" }
                == transfers.map { "\($0["fromName"].string ?? "")→\($0["toName"].string ?? "") \($0["amount"].double ?? 0)" })
        #expect(recorded.allSatisfy { $0["date"].string == "2025-01-18" })
        #expect(try await cli.nets().values.allSatisfy { $0.values.allSatisfy { $0 == 0 } })
        #expect(try await cli.json("settle")["settlements"].array.allSatisfy { $0["transfers"].array.isEmpty })
        #expect(try await cli.json("payments")["payments"].array.count == recorded.count)

        try await cli.run("settle", "--record").expectError(65, "nothing to record: everyone is settled up")
        try await cli.ok("undo")
        #expect(try await cli.snapshot() == before)
        #expect(try await cli.ok("settle", "--json").stdout == planText)
    }

    @Test("--mine records only your transfers, dated today")
    func recordsMine() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("member", "me", "Bea")
        let text = try await cli.ok("settle", "--record", "--mine").stdout
        #expect(text == """
            Recorded 1 payment, dated \(fixedToday):
              FROM        TO      AMOUNT
              Bea   paid  Alex  JPY 3000
            Undo with: split undo

            """)
        #expect(try await cli.nets()["JPY"] == ["Alex": 6000, "Bea": 0, "Chen": -3000, "Dana": -3000])
        try await cli.run("settle", "--record", "--mine").expectError(65, "nothing to record: you are settled up")
    }

    @Test("bad combinations are refused and write nothing",
          arguments: [["settle", "--record", "--all", "--mine", "--in", "USD"], ["settle", "--date", "2025-01-01"]])
    func refusals(arguments: [String]) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let before = try await cli.writeState().text
        try await cli.run(arguments).expectUsageError(arguments.contains("--in") ? "--all cannot --record" : "--date goes with --record")
        #expect(try await cli.writeState().text == before)
    }

    @Test("--mine without you is a usage error; with nothing spent there is nothing to record")
    func needsYouAndMoney() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("settle", "--record").expectError(65, "nothing to record")
        try await cli.run("settle", "--record", "--mine").expectError(64, "split member me NAME")
    }
}
