import Foundation
import Testing

@Suite("Output details: settle --in rates, edit's own help, trip in add-expense --json")
struct OutputDetailsTests {
    @Test("settle --in lists the rates it used, in text and JSON, sorted by currency")
    func settleRates() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea"])
        let added = try await cli.json("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        #expect(added["trip"]["name"].string == "Tokyo Trip", "\(added)")
        try await cli.ok("add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Bea")
        try await cli.ok("add-expense", "Cafe", "4", "--currency", "EUR", "--paid-by", "Bea")
        try await cli.ok("trip", "rate", "USD", "150.25")
        try await cli.ok("trip", "rate", "EUR", "160")
        let text = try await cli.ok("settle", "--in", "JPY").stdout
        #expect(text.hasSuffix("\nRates used (split trip rate): 1 EUR = 160 JPY, 1 USD = 150.25 JPY.\n"), "\(text)")
        let json = try await cli.json("settle", "--in", "JPY")
        #expect(json["rates"].array.map { "\($0["currency"].string ?? "?") \($0["rate"].double ?? 0) \($0["home"].string ?? "?")" }
                == ["EUR 160.0 JPY", "USD 150.25 JPY"], "\(json)")
        // Into a foreign currency: its rate is used as well, and JPY (the home) needs none.
        let usd = try await cli.json("settle", "--in", "usd")
        #expect(usd["rates"].array.map { $0["currency"].string } == ["EUR", "USD"], "\(usd)")
        // Without --in nothing is converted, and no rates are listed.
        let plain = try await cli.ok("settle").stdout
        #expect(!plain.contains("Rates used"), "\(plain)")
    }

    @Test("settle --in the trip's own currency, with only that currency, uses no rate")
    func settleNoRates() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea"])
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let json = try await cli.json("settle", "--in", "JPY")
        #expect(json["rates"].array.isEmpty, "\(json)")
        #expect(!(try await cli.ok("settle", "--in", "JPY").stdout.contains("Rates used")))
    }

    @Test("expense edit --help describes edit's own defaults; add-expense --help its defaults")
    func editHelp() async throws {
        let cli = try CLI()
        // Help wraps at 80 columns; read it as one line of words.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let edit = words(try await cli.ok("expense", "edit", "--help").stdout)
        #expect(!edit.contains("default: today") && !edit.contains("default: the trip's"), "\(edit)")
        #expect(edit.contains("Left out: unchanged") && edit.contains("Left out: the same payers"), "\(edit)")
        let add = words(try await cli.ok("add-expense", "--help").stdout)
        #expect(add.contains("(default: today)") && add.contains("yesterday"), "\(add)")
    }
}
