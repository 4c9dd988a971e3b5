import Foundation
import SplitTestSupport
import Testing

/// Itemized bills on the command line: `--item`, `--tax`, `--tip`, `--discount`; what `expense
/// show` says; edits that keep or replace the items; undo; and every refusal writing nothing.
@Suite("Itemized bills")
struct ItemizedBillCLITests {
    private func trip() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "NYC", "--currency", "USD")
        try await cli.ok("member", "add", "Ana", "Ben", "Cy")
        return cli
    }

    private func shares(_ expense: JSON) -> [String: Double] {
        var result: [String: Double] = [:]
        for split in expense["splits"].array { result[split["memberName"].string ?? "?"] = split["amount"].double }
        return result
    }

    @Test("items, tax and tip: the amount is their sum, shares are items plus extras in proportion, show lists them")
    func restaurant() async throws {
        let cli = try await trip()
        let added = try await cli.json("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana",
                                       "--item", "Salad=14:Ben", "--item", "Wine=45", "--tax", "8.875%", "--tip", "18%")
        #expect(added["expenses"][0]["amount"].double == 115.46)
        #expect(added["expenses"][0]["splitGiven"]["items"].array.map { $0["name"].string } == ["Steak", "Salad", "Wine"])
        #expect(shares(added["expenses"][0]) == ["Ana": 59.63, "Ben": 36.80, "Cy": 19.03])
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        let text = try await cli.ok("expense", "show", id).stdout
        #expect(text.contains("Split: items Steak 32.00 (Ana), Salad 14.00 (Ben), Wine 45.00 (everyone); tax 8.875% = 8.08; tip 18% = 16.38\n"), "\(text)")
        #expect(text.contains("Cy      15.00   +4.03  19.03"), "\(text)")
        let given = try await cli.json("expense", "show", id)["splitGiven"]
        #expect(given["mode"].string == "items")
        #expect(given["items"].array.map { $0["name"].string } == ["Steak", "Salad", "Wine"])
        #expect(given["items"].array.map { $0["price"].double } == [32, 14, 45])
        #expect(given["items"][2]["among"].array.isEmpty)
        #expect(given["tax"]["percent"].double == 8.875 && given["tax"]["amount"].double == 8.08)
        #expect(given["parts"].array.map { $0["extras"].double } == [12.63, 7.80, 4.03])
        // The balances count the shares.
        let balances = try await cli.json("balances")
        #expect(balances["balances"][0]["balances"].array.map { $0["netBalance"].double } == [55.83, -36.80, -19.03])
    }

    @Test("a rest tip takes up the amount; a discount comes off in proportion")
    func restAndDiscount() async throws {
        let cli = try await trip()
        let added = try await cli.json("add-expense", "Pizza", "26.40", "--paid-by", "Ana", "--item", "Pizza=20:Ana,Ben",
                                       "--item", "Soda=4:Cy", "--discount", "10%", "--tip", "rest")
        // Items 10 + 10 + 4; the discount 2.40 and the tip 4.80 (the rest) go in proportion.
        #expect(shares(added["expenses"][0]) == ["Ana": 11, "Ben": 11, "Cy": 4.4])
        let given = try await cli.json("expense", "show", String(try await cli.expenseID("Pizza").prefix(8)))["splitGiven"]
        #expect(given["tip"]["rest"].bool == true && given["tip"]["amount"].double == 4.8)
        #expect(given["discount"]["amount"].double == 2.4)
        // An edit of the amount keeps a rest tip's bill and takes up the difference.
        let edited = try await cli.json("expense", "edit", String(try await cli.expenseID("Pizza").prefix(8)), "--amount", "24")
        #expect(shares(edited["expense"]) == ["Ana": 10, "Ben": 10, "Cy": 4])
        let before = try await cli.writeState().text
        try await cli.run("add-expense", "Less", "18", "--paid-by", "Ana", "--item", "Pizza=20:Ana,Ben", "--item", "Soda=4:Cy",
                          "--discount", "10%", "--tip", "rest")
            .expectError(65, "the amount 18 is 3.6 less than the items, tax and discount")
        #expect(try await cli.writeState().text == before)
    }

    @Test("refusals: one line, exit code, and nothing written", arguments: [
        (["X", "100", "--item", "A=50", "--item", "B=40"], 65, "come to 90, 10 short of the amount 100"),
        (["X", "--item", "A=50:Zed"], 65, "no member 'Zed'"),
        (["X", "--item", "A=0"], 65, "item 'A' has a price of zero or less"),
        (["X", "--item", "A=10", "--discount", "11"], 65, "the discount 11 is larger than the items' subtotal 10"),
        (["X", "--item", "A=10", "--tax", "abc%"], 65, "percentage 'abc' is not a number"),
        (["X", "--item", String(repeating: "n", count: 101) + "=5"], 65, "is longer than 100 characters"),
        (["X", "--item", "A=10", "--exact", "Ana=10"], 65, "--item makes an itemized bill, whose items decide each member's share, so it cannot go with --exact"),
        (["X", "--item", "A=10", "--shares", "Ana=1"], 65, "cannot go with --shares"),
        (["X", "--item", "A"], 64, "--item expects NAME=PRICE"),
        (["X", "10", "--tip", "5"], 64, "--tax, --tip and --discount go with the items of a bill"),
        (["X", "--item", "A=5", "--tax", "rest"], 64, "only --tip takes rest"),
        (["X", "--item", "A=5", "--tip", "rest"], 65, "--tip rest needs the amount"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) async throws {
        let cli = try await trip()
        let before = try await cli.writeState().text
        try await cli.run(["add-expense"] + arguments + ["--paid-by", "Ana"]).expectError(status, message)
        #expect(try await cli.writeState().text == before)
    }

    @Test("edits keep the items; --item replaces them; --tip alone changes the tip; an amount edit says what to do; undo puts them back")
    func edits() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana", "--item", "Wine=45", "--tip", "18%")
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        try await cli.ok("expense", "edit", id, "--description", "Dinner out")
        #expect(try await cli.json("expense", "show", id)["splitGiven"]["items"].array.count == 2)
        let before = try await cli.writeState().text
        try await cli.run("expense", "edit", id, "--amount", "120")
            .expectError(64, "the split is itemized: the items decide the amount (they come to 90.86)")
        #expect(try await cli.writeState().text == before)
        let edited = try await cli.json("expense", "edit", id, "--item", "Steak=40:Ana", "--item", "Wine=45")
        #expect(edited["expense"]["amount"].double == 85)
        #expect(edited["expense"]["splitGiven"]["mode"].string == "items")
        #expect(shares(edited["expense"]) == ["Ana": 55, "Ben": 15, "Cy": 15])
        // Extras alone change the bill's extras and keep its items; the amount follows.
        let tipped = try await cli.json("expense", "edit", id, "--tip", "10%")
        #expect(tipped["expense"]["amount"].double == 93.5)
        #expect(tipped["expense"]["splitGiven"]["items"].array.count == 2)
        try await cli.ok("undo")
        try await cli.ok("undo")
        let shown = try await cli.json("expense", "show", id)
        #expect(shown["expense"]["amount"].double == 90.86)
        #expect(shown["splitGiven"]["tip"]["percent"].double == 18)
    }

    @Test("export version 3 carries the items and the split as given, and an import keeps them")
    func exportAndImport() async throws {
        let cli = try await trip()
        try await cli.ok("add-expense", "Dinner", "--paid-by", "Ana", "--item", "Steak=32:Ana", "--item", "Wine=45", "--tip", "18%")
        try await cli.ok("add-expense", "Boat", "30", "--paid-by", "Ben", "--shares", "Ana=2,Cy=1")
        let file = cli.path("trip.json")
        try await cli.ok("export", "--format", "json", "-o", file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""version": 4"#) && text.contains(#""mode": "items""#) && text.contains(#""mode": "shares""#))

        let fresh = try CLI()
        try await fresh.ok("import", file)
        try await fresh.ok("trip", "use", "NYC")
        for name in ["Dinner", "Boat"] {
            let id = String(try await fresh.expenseID(name).prefix(8))
            let original = String(try await cli.expenseID(name).prefix(8))
            #expect(try await fresh.ok("expense", "show", id).stdout.components(separatedBy: "\nId:")[0]
                    == cli.ok("expense", "show", original).stdout.components(separatedBy: "\nId:")[0])
        }
    }

    @Test("--batch takes items, tax and tip, the amount left out; items with exact are refused, nothing written")
    func batch() async throws {
        let cli = try await trip()
        let file = cli.path("bill.jsonl")
        try #"{"description":"Bill","paidBy":"Ana","items":[{"name":"Steak","price":32,"among":["Ana"]},{"name":"Wine","price":"45"}],"tax":"8.875%","tip":18}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let added = try await cli.json("add-expense", "--batch", file)
        #expect(added["expenses"][0]["amount"].double == 101.83)
        #expect(shares(added["expenses"][0]) == ["Ana": 62.15, "Ben": 19.84, "Cy": 19.84])
        let id = String(try await cli.expenseID("Bill").prefix(8))
        #expect(try await cli.json("expense", "show", id)["splitGiven"]["items"].array.count == 2)
        let before = try await cli.writeState().text
        try #"{"description":"B","amount":10,"paidBy":"Ana","items":[{"name":"X","price":10}],"exact":{"Ana":10}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        try await cli.run("add-expense", "--batch", file).expectError(65, "batch line 1: 'items' decides each member's share")
        #expect(try await cli.writeState().text == before)
    }
}
