/// The one rounding rule of split: an exact quotient becomes the nearest integer, and an exact
/// half becomes the even one (banker's rounding).
///
/// Every place that must drop precision uses it, so the same value rounds the same way
/// everywhere: a converted total (``Apportion``), a float another app wrote
/// (``FloatAmounts/minorUnits(_:currency:)``), and the server's legacy cents of a currency with
/// fewer decimals. Half to even rather than half up because it has no bias: over many halves,
/// as many go down as up, so totals of rounded values drift from the exact total by nothing
/// on average.
///
/// ```swift
/// Rounding.halfEven(5, over: 2)    // 2   (2.5 → 2)
/// Rounding.halfEven(7, over: 2)    // 4   (3.5 → 4)
/// Rounding.halfEven(-5, over: 2)   // -2  (−2.5 → −2)
/// Rounding.halfEven(-7, over: 2)   // -4  (−3.5 → −4)
/// Rounding.halfEven(10, over: 3)   // 3   (3.33 → 3)
/// ```
public enum Rounding {
    /// `numerator / denominator` rounded to the nearest integer, an exact half to the even one.
    ///
    /// - Parameters:
    ///   - numerator: any sign.
    ///   - denominator: positive.
    public static func halfEven(_ numerator: Int128, over denominator: Int128) -> Int128 {
        let (quotient, remainder) = floorDivide(numerator, by: denominator)
        let gap = denominator - remainder  // distance up to the next integer; compared without doubling
        if remainder > gap || (remainder == gap && quotient % 2 != 0) { return quotient + 1 }
        return quotient
    }

    /// `floor(value / divisor)` and the remainder in `0..<divisor`, for a positive divisor.
    ///
    /// Swift's `/` truncates toward zero; rounding and largest remainder both need the floor, so
    /// that a negative value's remainder is also counted upward from its floor.
    public static func floorDivide(_ value: Int128, by divisor: Int128) -> (quotient: Int128, remainder: Int128) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
