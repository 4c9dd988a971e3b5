import SplitCore

/// A Spliit row's `originalAmount` read as a count of the original currency's minor units
/// (`significand × 10^-scale`; the CSV's figure, which Spliit divided by 100, times 100 again).
///
/// Old Spliit rows stored major units there and newer ones minor units, and nothing in the row
/// says which; the reading whose conversion lands nearer the row's amount is the one meant.
/// Deciding that with floats would be money through `Double`, and `Int64(x.rounded())` traps on
/// a hostile figure, so everything here is integers, with no answer rather than a wrong one
/// when a figure is too large for them.
struct OriginalReading: Equatable {
    let significand: Int128
    /// Decimals of the minor-unit count; negative when it is a whole number times a power of ten.
    let scale: Int

    init(stored: ExactDecimal, fromCSV: Bool) {
        significand = stored.significand
        scale = stored.scale - (fromCSV ? 2 : 0)
    }

    /// The minor-unit count rounded half away from zero, or nil when it does not fit an amount.
    func rounded() -> Int64? {
        var value = significand.magnitude
        if scale < 0 {
            for _ in 0 ..< -scale {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = next
            }
        } else if scale > 0 {
            guard scale <= 38 else { return 0 }
            let divisor = UInt128(ExactDecimal.powerOfTen(scale))
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
            value = quotient + (remainder * 2 >= divisor ? 1 : 0)
        }
        guard value <= UInt128(Money.maxMinorUnits) else { return nil }
        return significand < 0 ? -Int64(value) : Int64(value)
    }

    /// Whether reading the figure as major units brings its conversion nearer `amount` than
    /// reading it as minor units, on a log scale. With `a` the minor reading converted into the
    /// group's major units, `t` the amount in them and `M` the original currency's minor units
    /// per major, the major reading (`a·M`) is nearer exactly when `a²·M < t²`. With the figure
    /// `S·10^-k`, the rate `R·10^-q` and `P` minor units per major of the group's currency,
    /// that is `(S·R·P)² < amount²·M·10^(2(k+q))`. A figure too large to compare keeps the
    /// minor reading, the newer Spliit's.
    func nearerAsMajor(rate: ExactDecimal, amount: Int64, currency: Currency, original: Currency) -> Bool {
        let exponent = scale + rate.scale
        var left: [UInt128] = [significand.magnitude, rate.significand.magnitude, UInt128(currency.minorPerMajor)]
        var right: [UInt128] = [UInt128(amount.magnitude)]
        guard abs(exponent) <= 38 else { return exponent > 0 }
        let shift = UInt128(ExactDecimal.powerOfTen(abs(exponent)))
        if exponent >= 0 { right.append(shift) } else { left.append(shift) }
        guard let root = Self.product(left), let other = Self.product(right),
              let lhs = Self.product([root, root]), let rhs = Self.product([other, other, UInt128(original.minorPerMajor)]) else {
            return false
        }
        return lhs < rhs
    }

    private static func product(_ factors: [UInt128]) -> UInt128? {
        var value: UInt128 = 1
        for factor in factors {
            let (next, overflow) = value.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            value = next
        }
        return value
    }
}
