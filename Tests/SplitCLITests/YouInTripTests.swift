import Foundation
import Testing

/// "You" in a trip on this device: `split member me`, and what it changes in add-expense,
/// balances, settle (in words, and --mine), summary, status and every `--json` answer.
@Suite("You in the trip")
struct YouInTripTests {
    func trip() async throws -> CLI {
        let cli = try CLI()
        try await cli.setUpTokyo()
        return cli
    }

    @Test("member me sets, shows and clears who you are; a bad name or both name and --clear change nothing")
    func setShowClear() async throws {
        let cli = try await trip()
        #expect(try await cli.ok("member", "me").stdout == "You are not set in Tokyo Trip; say who you are with: split member me NAME\n")
        #expect(try await cli.json("member", "me")["me"].isNull)
        #expect(try await cli.ok("member", "me", "alex").stdout == "You are Alex in Tokyo Trip.\n")
        #expect(try await cli.ok("member", "me").stdout == "You are Alex in Tokyo Trip (on this device).\n")
        let alex = try #require(try await cli.json("member", "list")["members"].array.first { $0["name"].string == "Alex" }?["id"].string)
        let shown = try await cli.json("member", "me")
        #expect(shown["me"].string == alex && shown["memberName"].string == "Alex" && shown["source"].string == "device")
        #expect(try await cli.json("member", "list")["me"].string == alex)
        #expect(try await cli.ok("member", "list").stdout.contains("Alex (you)"))

        try await cli.run(["member", "me", "Zed"]).expectError(65, "no member 'Zed'")
        try await cli.run(["member", "me", "Bea", "--clear"]).expectUsageError("give a member name or --clear, not both")
        #expect(try await cli.json("member", "me")["me"].string == alex)

        #expect(try await cli.ok("member", "me", "--clear").stdout == "You are no longer set in Tokyo Trip.\n")
        #expect(try await cli.json("member", "me")["me"].isNull)
    }

    @Test("add-expense without --paid-by: you paid when set; otherwise one line saying how to set you, exit 64, nothing written")
    func defaultPayer() async throws {
        let cli = try await trip()
        let before = try await cli.writeState()
        try await cli.run(["add-expense", "Tea", "900"]).expectError(64, "who paid? give --paid-by NAME", "split member me NAME")
        let batch = try cli.write("tea.jsonl", #"{"description":"Tea","amount":900}"# + "\n")
        try await cli.run(["add-expense", "--batch", batch]).expectError(65, "field 'paidBy' is required", "split member me NAME")
        #expect(try await cli.writeState().text == before.text)

        try await cli.ok("member", "me", "Bea")
        let added = try await cli.json("add-expense", "Tea", "900")
        let bea = try await cli.json("member", "me")["me"].string
        #expect(added["me"].string == bea)
        #expect(added["expenses"][0]["paidByName"].string == "Bea", "\(added)")
        try await cli.ok("add-expense", "--batch", batch)
        #expect(try await cli.expenses().filter { $0["paidByName"].string == "Bea" }.count == 2)
        // --paid-by still wins.
        try await cli.ok("add-expense", "Cab", "1000", "--paid-by", "Chen")
        #expect(try await cli.expenses().first { $0["description"].string == "Cab" }?["paidByName"].string == "Chen")
    }

    @Test("settle begins with your transfers in words, --mine prints only those, and every report's JSON names you")
    func settleInWords() async throws {
        let cli = try await trip()
        // Chen paid 16000 for four: everyone else owes Chen 4000.
        try await cli.ok("add-expense", "Hotel", "16000", "--paid-by", "Chen")
        // Alex paid $5.26 for Alex and Bea: Bea owes Alex $2.63.
        try await cli.ok("add-expense", "Coffee", "5.26", "--currency", "USD", "--paid-by", "Alex", "--among", "Alex,Bea")
        try await cli.run(["settle", "--mine"]).expectError(64, "settle --mine needs to know who you are", "split member me NAME")
        #expect(try await cli.json("settle")["me"].isNull)

        try await cli.ok("member", "me", "Alex")
        let settle = try await cli.ok("settle").stdout
        #expect(settle.hasPrefix("You pay Chen ¥4,000\nBea pays you $2.63\n\n"), "\(settle)")
        #expect(settle.contains("JPY: 3 transfers"), "\(settle)")
        #expect(try await cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\nBea pays you $2.63\n")
        let mine = try await cli.json("settle", "--mine")
        let alex = try await cli.json("member", "me")["me"].string
        #expect(mine["me"].string == alex)
        let transfers = mine["settlements"].array.flatMap { $0["transfers"].array }
        #expect(transfers.count == 2 && transfers.allSatisfy { $0["fromName"].string == "Alex" || $0["toName"].string == "Alex" })

        try await cli.ok("member", "me", "Dana")
        #expect(try await cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\n")
        try await cli.ok("member", "me", "Bea")
        #expect(try await cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\nYou pay Alex $2.63\n")

        let bea = try await cli.json("member", "me")["me"].string
        #expect(try await cli.json("balances")["me"].string == bea)
        #expect(try await cli.json("summary")["me"].string == bea)
        #expect(try await cli.json("status")["me"].string == bea)
        #expect(try await cli.json("settle")["me"].string == bea)
    }

    @Test("balances marks your line and says your net; summary says what you paid and your share; status says who you are")
    func reports() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Hotel", "16000", "--paid-by", "Chen")
        try await cli.ok("member", "me", "Alex")
        let balances = try await cli.ok("balances").stdout
        #expect(balances.contains("Alex (you)"), "\(balances)")
        #expect(balances.contains("You owe ¥4,000."), "\(balances)")
        let summary = try await cli.ok("summary").stdout
        #expect(summary.contains("You paid ¥0; your share is ¥4,000."), "\(summary)")
        #expect(try await cli.json("summary")["currencies"][0]["you"]["share"].int == 4000)
        #expect(try await cli.ok("status").stdout.contains("you are Alex (on this device)"))
        try await cli.ok("member", "me", "Chen")
        #expect(try await cli.ok("balances").stdout.contains("You are owed ¥12,000."))
    }
}
