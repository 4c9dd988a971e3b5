import PropertyBased
import Testing
@testable import SplitCore

@Suite struct CurrencyConverterTests {
    let alex = member(1), bea = member(2)

    /// USD: alex paid 10.50 for bea. JPY: alex paid 3000, of which his share is 1000 and bea's 2000.
    var tripBalances: [CurrencyBalances] {
        [
            CurrencyBalances(currency: jpy, balances: [
                MemberBalance(memberID: alex, totalPaid: 3000, totalShare: 1000),
                MemberBalance(memberID: bea, totalShare: 2000),
            ]),
            CurrencyBalances(currency: usd, balances: [
                MemberBalance(memberID: alex, totalPaid: 1050),
                MemberBalance(memberID: bea, totalShare: 1050),
            ]),
        ]
    }

    @Test func convertsIntoTheHomeCurrency() throws {
        let rates = ["USD": try ExchangeRate(parsing: "150.25")]
        let result = try CurrencyConverter.convert(tripBalances, home: jpy, rates: rates, to: jpy)
        // USD 10.50 × 150.25 = JPY 1577.625, so alex paid 4577.625 → 4578 and bea's share 3577.625 → 3578.
        #expect(result.currency == jpy)
        #expect(result.balances == [
            MemberBalance(memberID: alex, totalPaid: 4578, totalShare: 1000),
            MemberBalance(memberID: bea, totalPaid: 0, totalShare: 3578),
        ])
        #expect(result.balances.map(\.net) == [3578, -3578])
    }

    @Test func convertsIntoAnotherCurrency() throws {
        let rates = ["USD": try ExchangeRate(parsing: "150.25")]
        let result = try CurrencyConverter.convert(tripBalances, home: jpy, rates: rates, to: usd)
        // Exact cents: alex paid 3046.672…, alex's share 665.557…, bea's share 2381.114…
        // The share column's total 3046.672… rounds to 3047, so the spare cent goes to alex (.557).
        #expect(result.balances == [
            MemberBalance(memberID: alex, totalPaid: 3047, totalShare: 666),
            MemberBalance(memberID: bea, totalPaid: 0, totalShare: 2381),
        ])
        #expect(result.balances.map(\.net) == [2381, -2381])
    }

    @Test func homeRateIsAlwaysOne() throws {
        let rates = ["USD": try ExchangeRate(parsing: "150.25"), "JPY": try ExchangeRate(parsing: "3")]
        #expect(try CurrencyConverter.convert(tripBalances, home: jpy, rates: rates, to: jpy).balances.map(\.net) == [3578, -3578])
    }

    @Test func reportsTheFirstMissingRateByCode() throws {
        let euros = CurrencyBalances(currency: eur, balances: [MemberBalance(memberID: alex)])
        #expect(throws: ConversionError.missingRate("USD")) {
            try CurrencyConverter.convert(tripBalances, home: jpy, rates: [:], to: jpy)
        }
        #expect(throws: ConversionError.missingRate("EUR")) {
            try CurrencyConverter.convert(tripBalances + [euros], home: jpy, rates: [:], to: kwd)
        }
        #expect(throws: ConversionError.missingRate("KWD")) {
            try CurrencyConverter.convert(tripBalances, home: jpy, rates: ["USD": try ExchangeRate(parsing: "150")], to: kwd)
        }
    }

    @Test func reportsOverflow() throws {
        let huge = CurrencyBalances(currency: kwd, balances: [
            MemberBalance(memberID: alex, totalPaid: Int64.max / 2), MemberBalance(memberID: bea, totalShare: Int64.max / 2),
        ])
        #expect(throws: ConversionError.overflow) {
            try CurrencyConverter.convert([huge], home: jpy, rates: ["KWD": try ExchangeRate(parsing: "999999999")], to: jpy)
        }
    }

    /// A random rate (0.01 to 500.99) for each of USD, JPY, KWD and EUR: the property tests' rates.
    static func randomRates(using rng: inout SplitMix64) throws -> [String: ExchangeRate] {
        var rates: [String: ExchangeRate] = [:]
        for code in ["USD", "JPY", "KWD", "EUR"] {
            let whole = Int.random(in: 0...500, using: &rng), cents = Int.random(in: 1...99, using: &rng)
            rates[code] = try ExchangeRate(parsing: "\(whole).\(cents < 10 ? "0" : "")\(cents)")
        }
        return rates
    }

    /// One random case of the conversion properties: a random trip, its balances, its home currency, a
    /// target (one of USD, JPY, KWD, EUR by `targetIndex`) and rates for all four.
    struct RandomCase {
        let trip: (members: [MemberID], expenses: [Expense], payments: [Payment])
        let balances: [CurrencyBalances]
        let home: Currency
        let target: Currency
        let rates: [String: ExchangeRate]

        init(members memberCount: Int, expenses expenseCount: Int, targetIndex: Int, seed: UInt64) throws {
            let usd = try Currency(code: "USD"), jpy = try Currency(code: "JPY")
            let kwd = try Currency(code: "KWD"), eur = try Currency(code: "EUR")
            var rng = SplitMix64(seed: seed)
            trip = try BalanceCalculatorTests.randomTrip(members: memberCount, expenses: expenseCount, payments: 4, using: &rng)
            balances = try BalanceCalculator.balances(members: trip.members, expenses: trip.expenses, payments: trip.payments)
            home = [usd, jpy, kwd, eur].randomElement(using: &rng) ?? usd
            target = [usd, jpy, kwd, eur][targetIndex]
            rates = try CurrencyConverterTests.randomRates(using: &rng)
        }
    }

    /// Random trips, rates and targets: converted nets sum to exactly zero, every field is its
    /// exact value rounded down or up, and each column keeps its exactly rounded total.
    @Test func convertedNetsSumToZero() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...8), Gen.int(in: 0...20), Gen.int(in: 0...3), Gen.uint64()) {
            memberCount, expenseCount, targetIndex, seed in
            let random = try CurrencyConverterTests.RandomCase(members: memberCount, expenses: expenseCount,
                                                               targetIndex: targetIndex, seed: seed)
            let (balances, home, target, rates) = (random.balances, random.home, random.target, random.rates)
            let result = try CurrencyConverter.convert(balances, home: home, rates: rates, to: target)
            #expect(result.currency == target)
            #expect(result.balances.reduce(Int128(0)) { $0 + Int128($1.net) } == 0)

            // Independent exact check with fractions.
            func rate(_ currency: Currency) -> Fraction {
                currency == home ? Fraction(1) : Fraction(Int128(rates[currency.code]!.numerator), Int128(rates[currency.code]!.denominator))
            }
            let fields: [KeyPath<MemberBalance, Int64>] = [\.totalPaid, \.totalShare, \.paymentsMade, \.paymentsReceived]
            for field in fields {
                var exactTotal = Fraction(0)
                for converted in result.balances {
                    var exact = Fraction(0)
                    for entry in balances {
                        guard let balance = entry.balances.first(where: { $0.memberID == converted.memberID }) else { continue }
                        exact = exact + Fraction(Int128(balance[keyPath: field]))
                            * rate(entry.currency) / rate(target)
                            * Fraction(Int128(target.minorPerMajor), Int128(entry.currency.minorPerMajor))
                    }
                    exactTotal = exactTotal + exact
                    let value = Int128(converted[keyPath: field])
                    #expect(exact.floor == value || exact.floor + 1 == value, "\(value) vs \(exact)")
                }
                #expect(result.balances.reduce(Int128(0)) { $0 + Int128($1[keyPath: field]) } == exactTotal.roundedHalfEven)
            }
        }
    }
}

/// A tiny exact rational for the test's reference computation (positive denominators).
struct Fraction: CustomStringConvertible {
    let numerator: Int128
    let denominator: Int128

    init(_ numerator: Int128, _ denominator: Int128 = 1) {
        var divisor = numerator.magnitude, other = denominator.magnitude
        while other != 0 { (divisor, other) = (other, divisor % other) }
        let common = Int128(max(divisor, 1)) * (denominator < 0 ? -1 : 1)
        self.numerator = numerator / common
        self.denominator = denominator / common
    }

    static func + (lhs: Fraction, rhs: Fraction) -> Fraction {
        Fraction(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator, lhs.denominator * rhs.denominator)
    }

    static func * (lhs: Fraction, rhs: Fraction) -> Fraction {
        Fraction(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
    }

    static func / (lhs: Fraction, rhs: Fraction) -> Fraction {
        Fraction(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
    }

    var floor: Int128 {
        let quotient = numerator / denominator
        return numerator % denominator < 0 ? quotient - 1 : quotient
    }

    var roundedHalfEven: Int128 {
        let down = floor
        let twiceRemainder = (numerator - down * denominator) * 2
        if twiceRemainder > denominator || (twiceRemainder == denominator && down % 2 != 0) { return down + 1 }
        return down
    }

    var description: String { "\(numerator)/\(denominator)" }
}
