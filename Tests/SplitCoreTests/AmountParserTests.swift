import Testing
@testable import SplitCore

@Suite struct AmountParserTests {
    @Test(arguments: [
        ("10.50", "USD", 1050), ("10.5", "USD", 1050), ("10.500", "USD", 1050), ("0.05", "USD", 5),
        ("1000", "USD", 100_000), ("007", "USD", 700), ("10000000000000", "USD", 1_000_000_000_000_000),
        ("3000", "JPY", 3000), ("3000.0", "JPY", 3000), ("1000000000000000", "JPY", 1_000_000_000_000_000),
        ("1.234", "KWD", 1234), ("0.001", "KWD", 1),
    ] as [(String, String, Int64)])
    func acceptsPlainDecimals(text: String, code: String, minor: Int64) throws {
        #expect(try AmountParser.parse(text, currency: currency(code)) == minor)
    }

    @Test(arguments: ["NaN", "inf", "1e309", "1,000", " 10", "10 ", "10.", ".5", "+5", "-5", "0x10",
                      "1.2.3", "١٢", "12a", "."])
    func refusesMalformed(text: String) {
        #expect(throws: MoneyError.malformed(text)) { try AmountParser.parse(text, currency: usd) }
    }

    @Test func refusesEmpty() {
        #expect(throws: MoneyError.empty) { try AmountParser.parse("", currency: usd) }
    }

    @Test(arguments: [("10.505", "USD", 2), ("0.001", "USD", 2), ("3000.5", "JPY", 0), ("1.2345", "KWD", 3)]
          as [(String, String, Int)])
    func refusesTooPrecise(text: String, code: String, exponent: Int) {
        #expect(throws: MoneyError.tooPrecise(text, currency: code, exponent: exponent)) {
            try AmountParser.parse(text, currency: currency(code))
        }
    }

    @Test(arguments: ["0", "0.00", "000", "0.000"])
    func refusesZero(text: String) {
        #expect(throws: MoneyError.notPositive(text)) { try AmountParser.parse(text, currency: usd) }
    }

    @Test func refusesAboveTheLimitWithTheLimitInMajorUnits() {
        #expect(throws: MoneyError.tooLarge("10000000000000.01", limit: "10000000000000")) {
            try AmountParser.parse("10000000000000.01", currency: usd)
        }
        #expect(throws: MoneyError.tooLarge("1000000000000001", limit: "1000000000000000")) {
            try AmountParser.parse("1000000000000001", currency: jpy)
        }
        let huge = String(repeating: "9", count: 400)
        #expect(throws: MoneyError.tooLarge(huge, limit: "10000000000000")) {
            try AmountParser.parse(huge, currency: usd)
        }
        let hugeWithDecimals = String(repeating: "1", count: 40) + ".25"
        #expect(throws: MoneyError.tooLarge(hugeWithDecimals, limit: "1000000000000")) {
            try AmountParser.parse(hugeWithDecimals, currency: kwd)
        }
    }

    @Test func leadingZerosDoNotCountTowardsTheLimit() throws {
        let padded = String(repeating: "0", count: 300) + "12.34"
        #expect(try AmountParser.parse(padded, currency: usd) == 1234)
    }
}

@Suite("Amount parser: zero shares")
struct AmountParserZeroTests {
    @Test func zeroIsAcceptedOnlyWhenAllowed() throws {
        let usd = try Currency(code: "USD")
        #expect(try AmountParser.parse("0.00", currency: usd, allowingZero: true) == 0)
        #expect(try AmountParser.parse("2.50", currency: usd, allowingZero: true) == 250)
        #expect(throws: MoneyError.notPositive("0.00")) { try AmountParser.parse("0.00", currency: usd) }
        #expect(throws: MoneyError.malformed("0.")) { try AmountParser.parse("0.", currency: usd, allowingZero: true) }
        #expect(throws: MoneyError.tooPrecise("0.001", currency: "USD", exponent: 2)) {
            try AmountParser.parse("0.001", currency: usd, allowingZero: true)
        }
    }
}
