import Foundation
import Testing

/// "You" in a trip on this device: `split member me`, and what it changes in add-expense,
/// balances, settle (in words, and --mine), summary, status and every `--json` answer.
@Suite("You in the trip")
struct YouInTripTests {
    func trip() throws -> CLI {
        let cli = try CLI()
        try cli.setUpTokyo()
        return cli
    }

    @Test("member me sets, shows and clears who you are; a bad name or both name and --clear change nothing")
    func setShowClear() throws {
        let cli = try trip()
        #expect(try cli.ok("member", "me").stdout == "You are not set in Tokyo Trip; say who you are with: split member me NAME\n")
        #expect(try cli.json("member", "me")["me"].isNull)
        #expect(try cli.ok("member", "me", "alex").stdout == "You are Alex in Tokyo Trip.\n")
        #expect(try cli.ok("member", "me").stdout == "You are Alex in Tokyo Trip (on this device).\n")
        let alex = try #require(try cli.json("member", "list")["members"].array.first { $0["name"].string == "Alex" }?["id"].string)
        let shown = try cli.json("member", "me")
        #expect(shown["me"].string == alex && shown["memberName"].string == "Alex" && shown["source"].string == "device")
        #expect(try cli.json("member", "list")["me"].string == alex)
        #expect(try cli.ok("member", "list").stdout.contains("Alex (you)"))

        try cli.run(["member", "me", "Zed"]).expectError(65, "no member 'Zed'")
        try cli.run(["member", "me", "Bea", "--clear"]).expectUsageError("give a member name or --clear, not both")
        #expect(try cli.json("member", "me")["me"].string == alex)

        #expect(try cli.ok("member", "me", "--clear").stdout == "You are no longer set in Tokyo Trip.\n")
        #expect(try cli.json("member", "me")["me"].isNull)
    }

    @Test("add-expense without --paid-by: you paid when set; otherwise one line saying how to set you, exit 64, nothing written")
    func defaultPayer() throws {
        let cli = try trip()
        let before = try cli.writeState()
        try cli.run(["add-expense", "Tea", "900"]).expectError(64, "who paid? give --paid-by NAME", "split member me NAME")
        let batch = try cli.write("tea.jsonl", #"{"description":"Tea","amount":900}"# + "\n")
        try cli.run(["add-expense", "--batch", batch]).expectError(65, "field 'paidBy' is required", "split member me NAME")
        #expect(try cli.writeState().text == before.text)

        try cli.ok("member", "me", "Bea")
        let added = try cli.json("add-expense", "Tea", "900")
        let bea = try cli.json("member", "me")["me"].string
        #expect(added["me"].string == bea)
        #expect(added["expenses"][0]["paidByName"].string == "Bea", "\(added)")
        try cli.ok("add-expense", "--batch", batch)
        #expect(try cli.expenses().filter { $0["paidByName"].string == "Bea" }.count == 2)
        // --paid-by still wins.
        try cli.ok("add-expense", "Cab", "1000", "--paid-by", "Chen")
        #expect(try cli.expenses().first { $0["description"].string == "Cab" }?["paidByName"].string == "Chen")
    }

    @Test("settle begins with your transfers in words, --mine prints only those, and every report's JSON names you")
    func settleInWords() throws {
        let cli = try trip()
        // Chen paid 16000 for four: everyone else owes Chen 4000.
        try cli.ok("add-expense", "Hotel", "16000", "--paid-by", "Chen")
        // Alex paid $5.26 for Alex and Bea: Bea owes Alex $2.63.
        try cli.ok("add-expense", "Coffee", "5.26", "--currency", "USD", "--paid-by", "Alex", "--among", "Alex,Bea")
        try cli.run(["settle", "--mine"]).expectError(64, "settle --mine needs to know who you are", "split member me NAME")
        #expect(try cli.json("settle")["me"].isNull)

        try cli.ok("member", "me", "Alex")
        let settle = try cli.ok("settle").stdout
        #expect(settle.hasPrefix("You pay Chen ¥4,000\nBea pays you $2.63\n\n"), "\(settle)")
        #expect(settle.contains("JPY: 3 transfers"), "\(settle)")
        #expect(try cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\nBea pays you $2.63\n")
        let mine = try cli.json("settle", "--mine")
        let alex = try cli.json("member", "me")["me"].string
        #expect(mine["me"].string == alex)
        let transfers = mine["settlements"].array.flatMap { $0["transfers"].array }
        #expect(transfers.count == 2 && transfers.allSatisfy { $0["fromName"].string == "Alex" || $0["toName"].string == "Alex" })

        try cli.ok("member", "me", "Dana")
        #expect(try cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\n")
        try cli.ok("member", "me", "Bea")
        #expect(try cli.ok("settle", "--mine").stdout == "You pay Chen ¥4,000\nYou pay Alex $2.63\n")

        let bea = try cli.json("member", "me")["me"].string
        #expect(try cli.json("balances")["me"].string == bea)
        #expect(try cli.json("summary")["me"].string == bea)
        #expect(try cli.json("status")["me"].string == bea)
        #expect(try cli.json("settle")["me"].string == bea)
    }

    @Test("balances marks your line and says your net; summary says what you paid and your share; status says who you are")
    func reports() throws {
        let cli = try trip()
        try cli.ok("add-expense", "Hotel", "16000", "--paid-by", "Chen")
        try cli.ok("member", "me", "Alex")
        let balances = try cli.ok("balances").stdout
        #expect(balances.contains("Alex (you)"), "\(balances)")
        #expect(balances.contains("You owe ¥4,000."), "\(balances)")
        let summary = try cli.ok("summary").stdout
        #expect(summary.contains("You paid ¥0; your share is ¥4,000."), "\(summary)")
        #expect(try cli.json("summary")["currencies"][0]["you"]["share"].int == 4000)
        #expect(try cli.ok("status").stdout.contains("you are Alex (on this device)"))
        try cli.ok("member", "me", "Chen")
        #expect(try cli.ok("balances").stdout.contains("You are owed ¥12,000."))
    }
}
