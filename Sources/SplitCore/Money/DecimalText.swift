/// Formats minor units as exact decimal text in major units, with no floating point.
public enum DecimalText {
    /// `major(1050, exponent: 2)` is `"10.5"`; with `padded: true` it is `"10.50"`.
    /// Negative values keep their sign: `major(-5, exponent: 2)` is `"-0.05"`.
    public static func major(_ minor: Int64, exponent: Int, padded: Bool = false) -> String {
        major(Int128(minor), exponent: exponent, padded: padded)
    }

    /// The same for an `Int128` count, used for totals.
    public static func major(_ minor: Int128, exponent: Int, padded: Bool = false) -> String {
        var bytes: [UInt8] = []
        append(minor, exponent: exponent, padded: padded, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``major(_:exponent:padded:)``'s text as UTF-8 to `bytes`, without making a
    /// `String`: a JSON listing writes millions of amounts.
    public static func append(_ minor: Int64, exponent: Int, padded: Bool = false, to bytes: inout [UInt8]) {
        append(Int128(minor), exponent: exponent, padded: padded, to: &bytes)
    }

    public static func append(_ minor: Int128, exponent: Int, padded: Bool = false, to bytes: inout [UInt8]) {
        if minor < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = minor < 0 ? UInt128(-minor) : UInt128(minor)
        // Most amounts fit 64 bits, whose division is far cheaper than 128-bit division.
        if let small = UInt64(exactly: magnitude) {
            appendDigits(small, exponent: exponent, padded: padded, to: &bytes)
        } else {
            appendDigits(magnitude, exponent: exponent, padded: padded, to: &bytes)
        }
    }

    private static func appendDigits<Number: UnsignedInteger>(_ value: Number, exponent: Int, padded: Bool,
                                                              to bytes: inout [UInt8]) {
        // Digits, least significant first, at least one more than the exponent (0.05); a
        // 128-bit count has at most 39, and an exponent is at most 3.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { digits in
            var magnitude = value
            var count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0 || count <= exponent
            var fractionStart = 0
            if !padded {
                while fractionStart < exponent, digits[fractionStart] == UInt8(ascii: "0") { fractionStart += 1 }
            }
            for index in stride(from: count - 1, through: exponent, by: -1) { bytes.append(digits[index]) }
            guard fractionStart < exponent else { return }
            bytes.append(UInt8(ascii: "."))
            for index in stride(from: exponent - 1, through: fractionStart, by: -1) { bytes.append(digits[index]) }
        }
    }

    /// The shortest text that reads back as `value`, without a trailing ".0": `3000`, `10.01`,
    /// `1e-07`. How a JSON number another client wrote is quoted in messages and checked.
    public static func shortest(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
