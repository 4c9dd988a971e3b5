import PropertyBased
import Testing
@testable import SplitCore

/// The one rounding rule (``Rounding``, half to even) and the one float reading built on it
/// (``FloatAmounts/minorUnits(_:currency:)``).
@Suite struct RoundingTests {
    @Test("exact halves go to the even neighbour, on both sides of zero", arguments: [
        (5, 2, 2), (7, 2, 4), (1, 2, 0), (3, 2, 2), (-1, 2, 0), (-3, 2, -2), (-5, 2, -2), (-7, 2, -4),
        (10, 3, 3), (11, 3, 4), (-10, 3, -3), (-11, 3, -4), (0, 7, 0), (150, 100, 2), (250, 100, 2), (251, 100, 3),
    ] as [(Int, Int, Int)])
    func halves(numerator: Int, denominator: Int, expected: Int) {
        #expect(Rounding.halfEven(Int128(numerator), over: Int128(denominator)) == Int128(expected))
    }

    /// The result is the nearest integer, an exact half goes to the even one, and the rule is
    /// symmetric around zero.
    @Test func nearestThenEven() async {
        await propertyCheck(count: 1_000, input: Gen.int64(in: Int64.min / 2...Int64.max / 2), Gen.int64(in: 1...1_000_000)) {
            numerator, denominator in
            let (n, d) = (Int128(numerator), Int128(denominator))
            let rounded = Rounding.halfEven(n, over: d)
            let distance = (n - rounded * d).magnitude * 2  // twice |n/d − rounded|, times d
            #expect(distance <= d.magnitude)
            if distance == d.magnitude { #expect(rounded % 2 == 0, "\(numerator)/\(denominator) is a half") }
            #expect(Rounding.halfEven(-n, over: d) == -rounded)
        }
    }

    @Test("a float reads as the decimal it prints as, rounded half to even", arguments: [
        (1000.5, "JPY", 1000), (1001.5, "JPY", 1002), (-2.5, "JPY", -2), (-3.5, "JPY", -4), (333.33, "JPY", 333),
        (3.335, "USD", 334), (3.345, "USD", 334), (10.01, "USD", 1001), (0.125, "USD", 12), (0.135, "USD", 14),
        (1.2345, "KWD", 1234), (1.2355, "KWD", 1236), (1e-05, "USD", 0), (0.005, "USD", 0), (0.015, "USD", 2),
        (-0.0, "USD", 0), (1000.0 / 3.0, "JPY", 333), (99_999_999_999.995, "USD", 10_000_000_000_000),
    ] as [(Double, String, Int64)])
    func floats(value: Double, code: String, expected: Int64) {
        #expect(FloatAmounts.minorUnits(value, currency: currency(code)) == expected)
    }

    @Test("not finite, or not below the largest amount: no reading")
    func floatLimits() {
        #expect(FloatAmounts.minorUnits(.nan, currency: usd) == nil)
        #expect(FloatAmounts.minorUnits(.infinity, currency: usd) == nil)
        #expect(FloatAmounts.minorUnits(10_000_000_000_000, currency: usd) == nil)
        #expect(FloatAmounts.minorUnits(9_999_999_999_999.99, currency: usd) == 999_999_999_999_999)
        #expect(FloatAmounts.minorUnits(-1e15, currency: jpy) == nil)
    }

    /// Any amount written with the currency's decimals reads back exactly, and the same amount
    /// with a trailing 5 one decimal further is its half-to-even neighbour.
    @Test func writtenAmountsReadExactlyAndHalvesGoEven() async {
        await propertyCheck(count: 1_000, input: Gen.int64(in: -99_999_999_999...99_999_999_999), Gen.int(in: 0...2)) { minor, pick in
            let money = [jpy, usd, kwd][pick]
            let text = DecimalText.major(minor, exponent: money.exponent, padded: true)
            let exact = try #require(Double(text))
            #expect(FloatAmounts.minorUnits(exact, currency: money) == minor)
            let half = try #require(Double(text + (money.exponent == 0 ? ".5" : "5")))
            let away = minor < 0 ? minor - 1 : minor + 1
            #expect(FloatAmounts.minorUnits(half, currency: money) == (minor % 2 == 0 ? minor : away),
                    "\(text)5 in \(money.code)")
        }
    }
}
