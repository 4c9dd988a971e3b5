/// Converts balances in several currencies into one, exactly.
///
/// Each balance field is converted as an exact fraction, summed per member, and rounded once at
/// the end by the largest-remainder method column by column (ties to the earlier member), so the
/// converted nets still sum to exactly zero and `net = paid − share + made − received` holds.
///
/// `x` minor units of currency `C` are worth `x / 10^e_C × rate_C / rate_T × 10^e_T` minor units
/// of the target `T`, where a rate is the value of one major unit in the home currency (the home
/// currency's own rate is 1, whatever `rates` says). Every value is first expressed in the home
/// currency over one common denominator (a divisor of 10^12, since rate denominators divide 10^9
/// and exponents are at most 3), then scaled to the target by one reduced fraction, all in
/// `Int128`. Each column (paid, share, made, received) is rounded so that its rounded total is
/// the exact column total rounded half to even (see ``Apportion``). As paid and share totals are
/// equal in every currency, and so are made and received, the rounded nets sum to exactly zero.
public enum CurrencyConverter {
    /// The currencies whose rate converting `balances` into `target` uses, sorted: those of the
    /// balances and the target, but not `home`, whose rate is always 1. `settle --in` lists them.
    public static func ratesNeeded(_ balances: [CurrencyBalances], home: Currency, to target: Currency) -> [String] {
        var needed = Set(balances.map(\.currency.code))
        needed.insert(target.code)
        needed.remove(home.code)
        return needed.sorted()
    }

    /// - Parameters:
    ///   - balances: per-currency balances, each listing the same members in the same order.
    ///     (The result lists the union of their members in order of first appearance.)
    ///   - home: the trip's currency; `rates[code]` is the value of 1 major unit of `code` in it.
    ///     Keys are upper-case ISO codes.
    ///   - target: the currency to express everything in (needs a rate unless it is `home`).
    /// - Throws: ``ConversionError/missingRate(_:)`` for the first code, alphabetically, among
    ///   the currencies of `balances` and the target (home excluded) that has no rate;
    ///   ``ConversionError/overflow`` if an exact intermediate leaves `Int128` or a converted
    ///   field (or a step of its net) leaves `Int64`.
    public static func convert(
        _ balances: [CurrencyBalances], home: Currency, rates: [String: ExchangeRate], to target: Currency
    ) throws(ConversionError) -> CurrencyBalances {
        for code in ratesNeeded(balances, home: home, to: target) where rates[code] == nil { throw .missingRate(code) }
        func rate(_ currency: Currency) -> (numerator: Int128, denominator: Int128) {
            guard currency != home, let rate = rates[currency.code] else { return (1, 1) }
            return (Int128(rate.numerator), Int128(rate.denominator))
        }

        // Home-currency major units over the common denominator `common`.
        var common: Int128 = 1
        for entry in balances {
            let denominator = try checked(rate(entry.currency).denominator, times: Int128(entry.currency.minorPerMajor))
            common = try checked(common / Apportion.gcd(common, denominator), times: denominator)
        }
        var ids: [MemberID] = []
        var rows: [MemberID: Int] = [:]
        var columns: [[Int128]] = [[], [], [], []]
        for entry in balances {
            let (numerator, denominator) = rate(entry.currency)
            let factor = try checked(numerator, times: common / (denominator * Int128(entry.currency.minorPerMajor)))
            for balance in entry.balances {
                let row: Int
                if let known = rows[balance.memberID] {
                    row = known
                } else {
                    row = ids.count
                    rows[balance.memberID] = row
                    ids.append(balance.memberID)
                    for column in columns.indices { columns[column].append(0) }
                }
                let fields = [balance.totalPaid, balance.totalShare, balance.paymentsMade, balance.paymentsReceived]
                for (column, field) in fields.enumerated() {
                    let value = try checked(Int128(field), times: factor)
                    let (sum, overflow) = columns[column][row].addingReportingOverflow(value)
                    guard !overflow else { throw .overflow }
                    columns[column][row] = sum
                }
            }
        }

        // Home major units → target minor units: × denominator_T × 10^e_T / (numerator_T × common).
        let (targetNumerator, targetDenominator) = rate(target)
        var multiplier = try checked(targetDenominator, times: Int128(target.minorPerMajor))
        var divisor = try checked(targetNumerator, times: common)
        let reduce = Apportion.gcd(multiplier, divisor)
        multiplier /= reduce
        divisor /= reduce
        var rounded: [[Int128]] = []
        for column in columns {
            var scaled: [Int128] = []
            for value in column { scaled.append(try checked(value, times: multiplier)) }
            guard let result = Apportion.round(scaled, over: divisor) else { throw .overflow }
            rounded.append(result)
        }

        var result: [MemberBalance] = []
        for (row, id) in ids.enumerated() {
            let paid = rounded[0][row], share = rounded[1][row], made = rounded[2][row], received = rounded[3][row]
            for value in [paid, share, made, received, paid - share, paid - share + made, paid - share + made - received] {
                guard Int128(Int64.min) <= value, value <= Int128(Int64.max) else { throw .overflow }
            }
            result.append(MemberBalance(
                memberID: id, totalPaid: Int64(paid), totalShare: Int64(share),
                paymentsMade: Int64(made), paymentsReceived: Int64(received)))
        }
        return CurrencyBalances(currency: target, balances: result)
    }

    /// `lhs × rhs`, or ``ConversionError/overflow``.
    private static func checked(_ lhs: Int128, times rhs: Int128) throws(ConversionError) -> Int128 {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        guard !overflow else { throw .overflow }
        return product
    }
}

/// Why a conversion failed.
public enum ConversionError: Error, Equatable, Sendable {
    /// No stored rate for this currency code against the trip's home currency.
    case missingRate(String)
    case overflow
}
