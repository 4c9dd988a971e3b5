/// Turning amounts that other apps stored as floating point into exact minor units: the one
/// edge where a `Double` becomes money.
///
/// A float is read as the decimal its shortest round-tripping text spells (a stored `10.01` is
/// the decimal 10.01, not the binary number just below it), and that exact decimal is rounded
/// by the one rule, half to even (``Rounding``). Shares that then miss their total are repaired
/// by the one largest-remainder rule (``LargestRemainder``; see
/// ``repair(_:floats:total:currency:)``).
public enum FloatAmounts {
    /// `value` in minor units of `currency`, rounded half to even; nil when it is not finite or
    /// its magnitude is not below ``Money/maxMinorUnits`` minor units.
    public static func minorUnits(_ value: Double, currency: Currency) -> Int64? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        let minor: Int128
        // Fast path: away from a half, rounding the scaled binary value gives the same integer
        // as rounding the decimal text, and no half rule is involved. The scaled value is
        // within 1e-4 of the decimal one while it is below 1e11, so a margin of 1e-3 from .5
        // is safe.
        let scaled = value * Double(currency.minorPerMajor)
        if abs(scaled) < 1e11, abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) > 1e-3 {
            minor = Int128(scaled.rounded(.toNearestOrEven))
        } else {
            guard let exact = scaledDecimal(value, by: Int128(currency.minorPerMajor)) else { return nil }
            minor = exact
        }
        guard minor.magnitude < UInt128(Money.maxMinorUnits) else { return nil }
        return Int64(minor)
    }

    /// `value × factor` rounded half to even, where `value` is the decimal its shortest text
    /// spells; nil when that product does not fit `Int128` (magnitudes far beyond any amount).
    static func scaledDecimal(_ value: Double, by factor: Int128) -> Int128? {
        guard value.isFinite, let exact = decimal(value) else { return nil }
        let (units, scale) = exact
        if scale <= 0 {
            guard let power = powerOfTen(-scale) else { return nil }
            let (product, overflow) = units.multipliedReportingOverflow(by: power)
            let (result, overflow2) = product.multipliedReportingOverflow(by: factor)
            return overflow || overflow2 ? nil : result
        }
        let (numerator, overflow) = units.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        // Below 10^-38 of the factor's unit: |numerator| < 10^38 here, so the quotient is under
        // one half and rounds to zero.
        guard let denominator = powerOfTen(scale) else { return 0 }
        return Rounding.halfEven(numerator, over: denominator)
    }

    /// `value` as the decimal `units / 10^scale` that its shortest round-tripping text spells:
    /// `10.01` is (1001, 2), `1e-05` is (1, 5), `3000` is (3000, 0).
    static func decimal(_ value: Double) -> (units: Int128, scale: Int)? {
        let text = "\(value.magnitude)"
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        guard parts.count <= 2, let mantissa = parts.first else { return nil }
        var exponent = 0
        if parts.count == 2 {
            guard let written = Int(parts[1].hasPrefix("+") ? parts[1].dropFirst() : parts[1]) else { return nil }
            exponent = written
        }
        var units: Int128 = 0
        var fractionDigits = 0
        var afterPoint = false
        for character in mantissa.utf8 {
            if character == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
            units = units * 10 + Int128(character - UInt8(ascii: "0"))  // at most 17 digits
            if afterPoint { fractionDigits += 1 }
        }
        return (value < 0 ? -units : units, fractionDigits - exponent)
    }

    /// 10^exponent for 0 ≤ exponent ≤ 38 (the largest power of ten in `Int128`), else nil.
    static func powerOfTen(_ exponent: Int) -> Int128? {
        guard (0...38).contains(exponent) else { return nil }
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
