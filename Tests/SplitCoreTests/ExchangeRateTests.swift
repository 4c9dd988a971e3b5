import Testing
@testable import SplitCore

@Suite struct ExchangeRateTests {
    @Test(arguments: [("150.25", 601, 4, "150.25"), ("150.250", 601, 4, "150.25"), ("007", 7, 1, "7"),
                      ("0.5", 1, 2, "0.5"), ("0.000000001", 1, 1_000_000_000, "0.000000001"),
                      ("999999999999", 999_999_999_999, 1, "999999999999"), ("1.0000000000", 1, 1, "1")]
          as [(String, Int64, Int64, String)])
    func parsesExactFractions(text: String, numerator: Int64, denominator: Int64, normalized: String) throws {
        let rate = try ExchangeRate(parsing: text)
        #expect(rate.numerator == numerator)
        #expect(rate.denominator == denominator)
        #expect(rate.text == normalized)
        #expect(rate.description == normalized)
    }

    @Test(arguments: ["", "0", "0.000", "-1", "+1", "1e3", "1,5", ".5", "5.", " 1", "1.0000000001",
                      "1000000000000", "999999999999.999999999", "NaN"])
    func refusesBadRates(text: String) {
        #expect(throws: MoneyError.malformedRate(text)) { try ExchangeRate(parsing: text) }
    }

    @Test func equalRatesCompareEqual() throws {
        #expect(try ExchangeRate(parsing: "1.50") == ExchangeRate(parsing: "01.5"))
    }
}
