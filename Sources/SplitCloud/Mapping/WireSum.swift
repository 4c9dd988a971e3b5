import SplitAPI
import SplitCore

/// Exact sums of an answer's JSON-number amounts, for regrouping the rows of a listing.
///
/// An expense several members paid is listed as one row per payer; its amount is the sum of
/// the rows' amounts and each share the sum of its parts. Adding the `Double`s would give
/// `0.30000000000000004` for 0.1 + 0.2, which ``ForeignReading`` would read as a rounded
/// amount and report as a repair. Each number is therefore added as the decimal text it was
/// written as (``WireAmount/text(of:)``, the shortest text that reads back as it), and the
/// exact total goes back to the `Double` nearest it, whose shortest text is that total.
enum WireSum {
    /// More decimals than any amount has: past this, the numbers are not amounts, and the
    /// plain `Double` sum is as good an answer as any.
    private static let maxDecimals = 12

    static func sum(_ values: [Double]) -> Double {
        guard values.count > 1 else { return values.first ?? 0 }
        var parts: [(units: Int128, decimals: Int)] = []
        for value in values {
            guard let part = decimal(value) else { return values.reduce(0, +) }
            parts.append(part)
        }
        let scale = parts.map(\.decimals).max() ?? 0
        var total: Int128 = 0
        for part in parts { total += part.units * power(scale - part.decimals) }
        return Double(DecimalText.major(total, exponent: scale)) ?? values.reduce(0, +)
    }

    /// `value` as an integer count of 10^-decimals, when its text is plain decimal digits.
    private static func decimal(_ value: Double) -> (units: Int128, decimals: Int)? {
        guard value.isFinite else { return nil }
        var text = Substring(WireAmount.text(of: value))
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let whole = pieces.first, !whole.isEmpty,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= maxDecimals, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
              whole.count <= 20, let units = Int128(whole + fraction) else { return nil }
        return (negative ? -units : units, fraction.count)
    }

    private static func power(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
