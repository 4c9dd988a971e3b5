/// Rounds exact fractions to whole minor units so that they keep their exact total.
///
/// Given values `numerators[i] / denominator`, each becomes its floor, and then the members with
/// the largest remainders get one more unit each until the rounded total equals the exact total
/// rounded half to even. Equal remainders go to the earlier member. A value that is already whole
/// never moves, and every value ends up at its floor or its ceiling.
enum Apportion {
    /// - Parameters:
    ///   - numerators: the exact values times `denominator`; any sign.
    ///   - denominator: positive.
    /// - Returns: the rounded values, or nil if their exact total overflows `Int128`.
    static func round(_ numerators: [Int128], over denominator: Int128) -> [Int128]? {
        var floors: [Int128] = []
        var remainders: [Int128] = []
        var total: Int128 = 0
        var floorTotal: Int128 = 0
        for numerator in numerators {
            let (quotient, remainder) = floorDivide(numerator, by: denominator)
            floors.append(quotient)
            remainders.append(remainder)
            let (sum, overflow) = total.addingReportingOverflow(numerator)
            guard !overflow else { return nil }
            total = sum
            floorTotal += quotient  // |floors| ≤ |numerators|, and numerators' total fits
        }
        let leftover = roundHalfEven(total, over: denominator) - floorTotal
        guard leftover > 0 else { return floors }
        let order = numerators.indices.sorted { lhs, rhs in
            remainders[lhs] != remainders[rhs] ? remainders[lhs] > remainders[rhs] : lhs < rhs
        }
        // leftover ≤ the number of positive remainders (their sum is below that many units).
        for index in order.prefix(Int(clamping: leftover)) { floors[index] += 1 }
        return floors
    }

    /// `floor(value / divisor)` and the remainder in `0..<divisor`, for a positive divisor.
    static func floorDivide(_ value: Int128, by divisor: Int128) -> (quotient: Int128, remainder: Int128) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    /// `value / divisor` rounded to the nearest integer, halves to the even one (banker's rounding).
    static func roundHalfEven(_ value: Int128, over divisor: Int128) -> Int128 {
        let (quotient, remainder) = floorDivide(value, by: divisor)
        let gap = divisor - remainder  // distance up to the next integer; compared without doubling
        if remainder > gap || (remainder == gap && quotient % 2 != 0) { return quotient + 1 }
        return quotient
    }
}

extension Apportion {
    /// Greatest common divisor of two positive numbers.
    static func gcd<T: BinaryInteger>(_ a: T, _ b: T) -> T {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
