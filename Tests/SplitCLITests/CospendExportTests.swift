import Foundation
import SplitTestSupport
import Testing

/// `split export --format cospend`, read back by `split import`: every member's balance
/// survives to the cent, after conversion into the trip's currency.
@Suite("export: Cospend")
struct CospendExportTests {
    @Test("sections, weight 1, one bill per distinct share, payments as category -11, categories by name, rates listed; read back, the balances and categories are split's")
    func roundTrip() async throws {
        let cli = try await IHateMoneyExportTests.trip()
        try await cli.ok("trip", "rate", "USD", "0.9137")
        try await cli.ok("category", "add", "Rent")
        try await cli.ok("add-expense", "March rent", "900.00", "--paid-by", "Bob", "--category", "rent")
        try await cli.ok("add-expense", "Tapas", "30.00", "--paid-by", "Bea", "--category", "Meal")
        let result = try await cli.ok("export", "--format", "cospend", "-o", "lisbon-cospend.csv")
        #expect(result.stderrLines.contains { $0.contains("converted amounts in USD into EUR at the trip's rates") }, "\(result)")
        let text = try String(contentsOfFile: cli.path("lisbon-cospend.csv"), encoding: .utf8)
        let sections = text.components(separatedBy: "\r\n\r\n")
        #expect(sections.count == 4)
        #expect(sections[0].hasPrefix("name,weight,active,color\r\n") && sections[0].contains("Alex,1,1,\r\n"))
        #expect(sections[1].hasPrefix("what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,repeatfreq,"
                                      + "repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted\r\n"))
        #expect(sections[1].contains("Payment: cash,20.00,") && sections[1].contains(",-11,n,0,,0\r\n"))
        #expect(sections[1].contains("[USD 10.51 at 0.9137]"))
        #expect(sections[1].contains("March rent,900.00,") && sections[1].contains(",2,n,0,,0\r\n"))
        #expect(sections[2] == "categoryname,categoryid,icon,color\r\nMeal,1,,\r\nRent,2,,")
        #expect(sections[3] == "currencyname,exchange_rate\r\nEUR,1\r\nUSD,0.9137\r\n")
        try await cli.ok("import", "lisbon-cospend.csv")
        let categories = try await cli.json("expenses", "--trip", "lisbon-cospend")["expenses"].array
            .reduce(into: [String: String]()) { $0[$1["description"].string ?? ""] = $1["category"].string }
        #expect(categories["March rent"] == "Rent" && categories["Tapas"] == "Meal" && categories["Dinner"] == "Other", "\(categories)")
        IHateMoneyExportTests.expectSame(try await IHateMoneyExportTests.nets(cli, trip: "Lisbon", in: "EUR"),
                                         try await IHateMoneyExportTests.nets(cli, trip: "lisbon-cospend", in: "EUR"), "cospend round trip")
    }

    @Test("refusals are one line with their exit code, and write nothing")
    func refusals() async throws {
        let cli = try await IHateMoneyExportTests.trip()
        let missing = try await cli.run("export", "--format", "cospend", "-o", "out.csv")
        missing.expectError(65, "no USD rate", "Cospend needs one", "split trip rate USD")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.csv")))
        try await cli.run("export", "--all", "--format", "cospend").expectUsageError("a Cospend file holds one project")

        _ = try cli.write("bank.csv", "Date,What,Amount,Payer,For\n2025-01-05,x,1,A,A\n")
        try await cli.run("import", "bank.csv", "--format", "csv").expectUsageError("--format csv needs --map")
        try await cli.run("import", "bank.csv", "--map", "date=Date,description=Title,amount=Amount,paid-by=Payer,among=For")
            .expectUsageError("no column 'Title'", "its headers: Date, What, Amount, Payer, For")
        try await cli.run("import", "bank.csv", "--format", "splitwise", "--map", "date=Date,amount=Amount,paid-by=Payer,among=For")
            .expectUsageError("--map reads only --format csv")
        _ = try cli.write("g.json", #"{"id": "g", "name": "G", "currencyCode": "EUR", "participants": [{"id": "a", "name": "A"}], "expenses": [{"expenseDate": "2025-01-05", "title": "t", "amount": 10.5, "paidById": "a", "paidFor": [{"participantId": "a", "shares": 1}], "splitMode": "EVENLY"}]}"#)
        try await cli.run("import", "g.json").expectError(65, "expenses[0].amount", "whole number of minor units")
        #expect(try await cli.json("trip", "list")["trips"].count == 1)
        let imported = try await cli.ok("import", "bank.csv", "--map", "date=Date,description=What,amount=Amount,paid-by=Payer,among=For")
        #expect(imported.stdout.contains("Imported bank.csv (csv)"), "\(imported)")
    }
}

/// The other apps' files through the command: `--dry-run` writes nothing, a second import adds nothing.
@Suite("import: Spliit and Cospend through the command")
struct OtherAppsImportCommandTests {
    @Test("a Spliit group: --dry-run names the group and writes nothing; imported twice, the second adds nothing")
    func spliitDryRun() async throws {
        let cli = try CLI()
        _ = try cli.write("group.json", """
        {"id": "g1", "name": "Road trip", "currency": "$", "currencyCode": "USD", "expenses": [
         {"expenseDate": "2025-01-05T00:00:00.000Z", "title": "Fuel", "category": {"grouping": "Transportation", "name": "Gas/Fuel"},
          "amount": 4500, "originalAmount": null, "originalCurrency": null, "conversionRate": null, "paidById": "a",
          "paidFor": [{"participantId": "a", "shares": 1}, {"participantId": "b", "shares": 1}], "isReimbursement": false, "splitMode": "EVENLY"}],
         "participants": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Ben"}]}
        """)
        let dry = try await cli.ok("import", "group.json", "--dry-run")
        #expect(dry.stdout.contains("Would import group.json (spliit):") && dry.stdout.contains("Road trip (new trip)"), "\(dry)")
        #expect(dry.stdout.contains("categories kept as the trip's own: 'Gas/Fuel' (1)"), "\(dry)")
        #expect(try await cli.json("trip", "list")["trips"].count == 0)
        try await cli.ok("import", "group.json")
        let again = try await cli.ok("import", "group.json")
        #expect(again.stdout.contains("Nothing new in group.json"), "\(again)")
        let report = try await IHateMoneyExportTests.nets(cli, trip: "Road trip", in: "USD")
        IHateMoneyExportTests.expectSame(report, ["Ann": 22.5, "Ben": -22.5], "Spliit group")
    }
}

/// split → Cospend → split, as a property: the trips of ``IHateMoneyPropertyTests`` keep every
/// balance to the cent through a Cospend project CSV.
@Suite("Cospend round trip, as a property")
struct CospendPropertyTests {
    @Test("random trips keep every balance through a Cospend export", arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func roundTrip(seed: UInt64) async throws {
        let cli = try await IHateMoneyPropertyTests.randomTrip(seed: seed)
        let before = try await IHateMoneyExportTests.nets(cli, trip: "Trip", in: "EUR")
        try await cli.ok("export", "--format", "cospend", "-o", "back.csv")
        try await cli.ok("import", "back.csv")
        IHateMoneyExportTests.expectSame(before, try await IHateMoneyExportTests.nets(cli, trip: "back", in: "EUR"), "seed \(seed)")
    }
}
