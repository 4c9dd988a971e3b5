/// Formats minor units as exact decimal text in major units, with no floating point.
public enum DecimalText {
    /// `major(1050, exponent: 2)` is `"10.5"`; with `padded: true` it is `"10.50"`.
    /// Negative values keep their sign: `major(-5, exponent: 2)` is `"-0.05"`.
    public static func major(_ minor: Int64, exponent: Int, padded: Bool = false) -> String {
        major(Int128(minor), exponent: exponent, padded: padded)
    }

    /// The same for an `Int128` count, used for totals.
    public static func major(_ minor: Int128, exponent: Int, padded: Bool = false) -> String {
        let negative = minor < 0
        let magnitude = negative ? UInt128(-minor) : UInt128(minor)
        var digits = String(magnitude)
        guard exponent > 0 else { return (negative ? "-" : "") + digits }
        if digits.count <= exponent {
            digits = String(repeating: "0", count: exponent - digits.count + 1) + digits
        }
        let split = digits.index(digits.endIndex, offsetBy: -exponent)
        let whole = digits[..<split]
        var fraction = Substring(digits[split...])
        if !padded {
            while fraction.last == "0" { fraction = fraction.dropLast() }
        }
        let sign = negative ? "-" : ""
        return fraction.isEmpty ? sign + whole : sign + whole + "." + fraction
    }

    /// The shortest text that reads back as `value`, without a trailing ".0": `3000`, `10.01`,
    /// `1e-07`. How a JSON number another client wrote is quoted in messages and checked.
    public static func shortest(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
