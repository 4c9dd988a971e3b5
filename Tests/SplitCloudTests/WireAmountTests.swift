import SplitAPI
import SplitCore
import Testing

/// The contract's JSON-number amounts (`Double` in the generated types) to minor units and
/// back: exact for every amount, refused when inexact. Client and server share this code.
@Suite("wire amounts")
struct WireAmountTests {
    static let usd = try! Currency(code: "USD"), jpy = try! Currency(code: "JPY"), kwd = try! Currency(code: "KWD")

    @Test("exact amounts read as their minor units", arguments: [
        (0.29, "USD", Int64(29)), (0.07, "USD", 7), (10.01, "USD", 1001), (9999999999.99, "USD", 999_999_999_999),
        (1234567890.12, "USD", 123_456_789_012), (3000, "JPY", 3000), (9999999999, "JPY", 9_999_999_999),
        (1.005, "KWD", 1005), (0.29, "KWD", 290), (999999999.999, "KWD", 999_999_999_999), (0.001, "KWD", 1),
    ])
    func exact(_ value: Double, _ code: String, _ minor: Int64) throws {
        #expect(try WireAmount.minorUnits(value, currency: try Currency(code: code)) == minor)
    }

    @Test("more decimals than the currency has are refused, never rounded", arguments: [
        (1.005, "USD"), (1e-7, "USD"), (0.29, "JPY"), (1.005, "JPY"), (1e-7, "JPY"), (1e-7, "KWD"), (0.0005, "KWD"),
        (9999999999.999, "USD"),
    ])
    func inexact(_ value: Double, _ code: String) throws {
        let currency = try Currency(code: code)
        #expect(throws: WireAmountError.tooPrecise(WireAmount.text(of: value), currency: currency)) {
            try WireAmount.minorUnits(value, currency: currency)
        }
    }

    @Test("zero, negatives, 10^10 and more, and non-finite numbers are refused")
    func outOfRange() throws {
        #expect(throws: WireAmountError.notPositive("0", allowingZero: false)) { try WireAmount.minorUnits(0, currency: Self.usd) }
        #expect(try WireAmount.minorUnits(0, currency: Self.usd, allowingZero: true) == 0)
        #expect(throws: WireAmountError.notPositive("-1", allowingZero: true)) {
            try WireAmount.minorUnits(-1, currency: Self.usd, allowingZero: true)
        }
        #expect(throws: WireAmountError.tooLarge("10000000000")) { try WireAmount.minorUnits(1e10, currency: Self.jpy) }
        #expect(throws: WireAmountError.tooLarge("1e+16")) { try WireAmount.minorUnits(1e16, currency: Self.usd) }
        #expect(throws: WireAmountError.notFinite) { try WireAmount.minorUnits(.nan, currency: Self.usd) }
        #expect(throws: WireAmountError.notFinite) { try WireAmount.minorUnits(.infinity, currency: Self.usd) }
    }

    @Test("every amount survives the trip to a JSON number and back, up to 12 and 13 digits")
    func roundTrip() throws {
        var random = SplitMix64(seed: 2025)
        for currency in [Self.usd, Self.jpy, Self.kwd] {
            let limit = WireAmount.majorLimit * currency.minorPerMajor
            var samples: [Int64] = [1, 9, 10, 99, 100, 101, limit - 1, limit - 99, limit / 3]
            for _ in 0..<20_000 { samples.append(Int64.random(in: 1..<limit, using: &random)) }
            for minor in samples {
                let number = WireAmount.number(minor, currency)
                #expect(try WireAmount.minorUnits(number, currency: currency) == minor, "\(minor) \(currency.code)")
                #expect(WireAmount.text(of: number) == DecimalText.major(minor, exponent: currency.exponent)
                            .replacingTrailingZeros(), "\(minor) \(currency.code)")
            }
        }
        #expect(WireAmount.fits(999_999_999_999, Self.usd) && !WireAmount.fits(1_000_000_000_000, Self.usd))
    }

    @Test("messages name the field and what is allowed")
    func messages() {
        #expect(WireAmountError.tooPrecise("1.005", currency: Self.usd).message(field: "splits[0].amount")
                == "splits[0].amount 1.005 has too many decimals for USD, which allows at most 2 decimals")
        #expect(WireAmountError.tooPrecise("0.5", currency: Self.jpy).message(field: "amount")
                == "amount 0.5 has too many decimals for JPY, which allows no decimals")
    }
}

private extension String {
    /// `12.50` → `12.5`, `3000.00` → `3000`: the shortest form a JSON number prints in.
    func replacingTrailingZeros() -> String {
        guard contains(".") else { return self }
        var text = Substring(self)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
