/// Works out the currency exchanges that carry a trip's balances into one currency, so that
/// `settle --record --in CUR` can record them and then the plan `settle --in CUR` shows.
///
/// The total each member ends up with in the target is exactly their net that
/// ``CurrencyConverter`` computes for `settle --in` (rounded once, its residue placed by its
/// column-wise largest-remainder rule), so the recorded plan is the printed one. A member's
/// total is then divided among their exchanges, one per other currency they have a non-zero
/// net in (sorted by code): each exchange gets the floor of its own exact conversion, and the
/// units left to reach the member's total go by largest remainder (equal remainders to the
/// earlier currency). The converter rounds paid, share and payments apart, so a member's total
/// can lie a few units beyond one per exchange from the floors; those units go to the
/// member's exchange with the largest converted value. When a member has no non-zero net to
/// carry but the converter still moved a unit onto them, the unit goes on an exchange of zero
/// from the first other currency they have activity in. The exchanges sum to zero in every
/// currency, as the nets do.
public enum ExchangePlanner {
    /// One exchange to record: the member's net `from` carried into `to`.
    public struct Leg: Hashable, Sendable {
        public let member: MemberID
        public let from: Money
        public let to: Money
    }

    /// The exchanges, member by member in the converter's order, and the balances in the
    /// target they leave (the converter's, which the plan settles).
    public struct Result: Hashable, Sendable {
        public let legs: [Leg]
        public let converted: CurrencyBalances
    }

    /// - Parameters: as ``CurrencyConverter/convert(_:home:rates:to:)``.
    /// - Throws: ``ConversionError/missingRate(_:)`` and ``ConversionError/overflow`` as it does.
    public static func plan(_ balances: [CurrencyBalances], home: Currency, rates: [String: ExchangeRate],
                            to target: Currency) throws(ConversionError) -> Result {
        let converted = try CurrencyConverter.convert(balances, home: home, rates: rates, to: target)
        func rate(_ currency: Currency) -> (numerator: Int128, denominator: Int128) {
            guard currency != home, let rate = rates[currency.code] else { return (1, 1) }
            return (Int128(rate.numerator), Int128(rate.denominator))
        }
        // x minor units of C are x × p_C / q_C minor units of the target.
        var factors: [Currency: (p: Int128, q: Int128)] = [:]
        let (targetNumerator, targetDenominator) = rate(target)
        for entry in balances where entry.currency != target {
            let (numerator, denominator) = rate(entry.currency)
            var p = try checked(try checked(numerator, times: targetDenominator), times: Int128(target.minorPerMajor))
            var q = try checked(try checked(denominator, times: targetNumerator), times: Int128(entry.currency.minorPerMajor))
            let divisor = Apportion.gcd(p, q)
            p /= divisor
            q /= divisor
            factors[entry.currency] = (p, q)
        }
        var targetNets: [MemberID: Int128] = [:]
        for entry in balances where entry.currency == target {
            for balance in entry.balances { targetNets[balance.memberID] = balance.exactNet }
        }

        var legs: [Leg] = []
        for balance in converted.balances {
            let member = balance.memberID
            let total = balance.exactNet - (targetNets[member] ?? 0)
            var sources: [(currency: Currency, net: Int128)] = []
            for entry in balances where entry.currency != target {
                guard let own = entry.balances.first(where: { $0.memberID == member }) else { continue }
                if own.exactNet != 0 { sources.append((entry.currency, own.exactNet)) }
            }
            if sources.isEmpty {
                guard total != 0 else { continue }
                // Only the converter's rounding moved a unit here: carry it from the first
                // other currency the member has activity in.
                let carrier = balances.first { entry in
                    entry.currency != target && entry.balances.contains { $0.memberID == member && $0 != MemberBalance(memberID: member) }
                } ?? balances.first { $0.currency != target }
                guard let carrier else { throw .overflow }
                sources.append((carrier.currency, 0))
            }
            let amounts = try divide(total, among: sources.map { source in
                let factor = factors[source.currency] ?? (1, 1)
                return (source.net, factor.p, factor.q)
            })
            for (source, amount) in zip(sources, amounts) {
                guard Int128(Int64.min) < source.net, source.net <= Int128(Int64.max),
                      Int128(Int64.min) < amount, amount <= Int128(Int64.max) else { throw .overflow }
                legs.append(Leg(member: member, from: Money(minorUnits: Int64(source.net), currency: source.currency),
                                to: Money(minorUnits: Int64(amount), currency: target)))
            }
        }
        return Result(legs: legs, converted: converted)
    }

    /// `total` divided among the exact values `net × p / q`: floors, then largest remainder,
    /// then any units beyond one each to the largest value.
    static func divide(_ total: Int128, among values: [(net: Int128, p: Int128, q: Int128)]) throws(ConversionError) -> [Int128] {
        var common: Int128 = 1
        for value in values { common = try checked(common / Apportion.gcd(common, value.q), times: value.q) }
        var numerators: [Int128] = []
        var floorTotal: Int128 = 0
        for value in values {
            let numerator = try checked(try checked(value.net, times: value.p), times: common / value.q)
            numerators.append(numerator)
            floorTotal += Rounding.floorDivide(numerator, by: common).quotient
        }
        let leftover = total - floorTotal
        let handed = min(max(leftover, 0), Int128(values.count))
        var parts = LargestRemainder.split(floorTotal + handed, quotas: numerators, over: common)
        if leftover != handed, let largest = numerators.indices.max(by: { numerators[$0].magnitude < numerators[$1].magnitude }) {
            parts[largest] += leftover - handed
        }
        return parts
    }

    private static func checked(_ lhs: Int128, times rhs: Int128) throws(ConversionError) -> Int128 {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        guard !overflow else { throw .overflow }
        return product
    }
}
