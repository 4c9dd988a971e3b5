import PropertyBased
import Testing
@testable import SplitCore

/// ``DecimalText``: minor units as exact major-unit text, the form every amount in JSON takes.
@Suite struct DecimalTextTests {
    @Test("examples, trimmed and padded", arguments: [
        (1050, 2, false, "10.5"), (1050, 2, true, "10.50"), (1000, 2, false, "10"), (1000, 2, true, "10.00"),
        (-5, 2, false, "-0.05"), (0, 2, false, "0"), (0, 2, true, "0.00"), (12000, 0, false, "12000"),
        (12345, 3, false, "12.345"), (7, 3, true, "0.007"), (Int64.max, 2, false, "92233720368547758.07"),
        (Int64.min, 0, false, "-9223372036854775808"),
    ] as [(Int64, Int, Bool, String)])
    func examples(minor: Int64, exponent: Int, padded: Bool, expected: String) {
        #expect(DecimalText.major(minor, exponent: exponent, padded: padded) == expected)
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        DecimalText.append(minor, exponent: exponent, padded: padded, to: &bytes)
        #expect(bytes == Array(("[" + expected).utf8), "append writes the same text after what is there")
    }

    /// The text reads back as the same count: digits without the point are the minor units
    /// (padded), and a trimmed text is the padded one without trailing fraction zeros.
    @Test func readsBackExactly() async {
        await propertyCheck(count: 2_000, input: Gen.int64(in: Int64.min + 1...Int64.max), Gen.int(in: 0...3)) { minor, exponent in
            let padded = DecimalText.major(minor, exponent: exponent, padded: true)
            let digits = padded.filter { $0 != "." && $0 != "-" }
            #expect(Int128(digits).map { padded.hasPrefix("-") ? -$0 : $0 } == Int128(minor))
            #expect(padded.split(separator: ".").dropFirst().first.map(\.count) ?? 0 == exponent)
            var trimmed = padded
            if exponent > 0 {
                while trimmed.hasSuffix("0") { trimmed.removeLast() }
                if trimmed.hasSuffix(".") { trimmed.removeLast() }
            }
            #expect(DecimalText.major(minor, exponent: exponent) == trimmed)
        }
    }
}
