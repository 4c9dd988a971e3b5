import PropertyBased
import Testing
@testable import SplitCore

/// `settle --record --in`: the exchanges carry every other currency into the target, each
/// member ending with exactly the net `settle --in` shows, and every currency summing to zero.
@Suite struct ExchangePlannerTests {
    let alex = member(1), bea = member(2), chen = member(3)
    let pen = currency("PEN")

    /// Balances after the exchanges: the target's are the converter's, every other is zero.
    static func applied(_ balances: [CurrencyBalances], _ legs: [ExchangePlanner.Leg], members: [MemberID]) throws
        -> [Currency: [MemberID: Int128]] {
        var nets: [Currency: [MemberID: Int128]] = [:]
        for entry in balances {
            for balance in entry.balances { nets[entry.currency, default: [:]][balance.memberID, default: 0] += balance.exactNet }
        }
        for leg in legs {
            nets[leg.from.currency, default: [:]][leg.member, default: 0] -= Int128(leg.from.minorUnits)
            nets[leg.to.currency, default: [:]][leg.member, default: 0] += Int128(leg.to.minorUnits)
        }
        return nets
    }

    @Test("the residue of the rounding goes where settle --in puts it: to the member the converter rounded up")
    func residueFollowsTheConverter() throws {
        // USD cents, 1 USD = 0.5 PEN: Alex and Bea are owed 1 cent each, Chen owes 2.
        let balances = [CurrencyBalances(currency: usd, balances: [
            MemberBalance(memberID: alex, totalPaid: 2, totalShare: 1),
            MemberBalance(memberID: bea, totalPaid: 2, totalShare: 1),
            MemberBalance(memberID: chen, totalShare: 2),
        ])]
        let rates = ["USD": try ExchangeRate(parsing: "0.5")]
        let converted = try CurrencyConverter.convert(balances, home: pen, rates: rates, to: pen)
        let result = try ExchangePlanner.plan(balances, home: pen, rates: rates, to: pen)
        #expect(result.converted == converted)
        // The converter gives the half-cent share residue to Alex (the earlier tie), so Alex
        // nets 0, Bea +1 and Chen −1: the exchanges end exactly there.
        #expect(converted.balances.map(\.net) == [0, 1, -1])
        #expect(result.legs == [
            ExchangePlanner.Leg(member: alex, from: Money(minorUnits: 1, currency: usd), to: Money(minorUnits: 0, currency: pen)),
            ExchangePlanner.Leg(member: bea, from: Money(minorUnits: 1, currency: usd), to: Money(minorUnits: 1, currency: pen)),
            ExchangePlanner.Leg(member: chen, from: Money(minorUnits: -2, currency: usd), to: Money(minorUnits: -1, currency: pen)),
        ])
    }

    @Test("a member's total is divided among their currencies by largest remainder, and target balances stay put")
    func dividesAmongCurrencies() throws {
        // Home PEN; 1 USD = 3.75 PEN, 1 EUR = 4.1 PEN. Alex is owed 10.01 USD and 3.33 EUR and
        // 5.00 PEN; Bea owes all of it.
        let balances = [
            CurrencyBalances(currency: eur, balances: [MemberBalance(memberID: alex, totalPaid: 333),
                                                       MemberBalance(memberID: bea, totalShare: 333)]),
            CurrencyBalances(currency: pen, balances: [MemberBalance(memberID: alex, totalPaid: 500),
                                                       MemberBalance(memberID: bea, totalShare: 500)]),
            CurrencyBalances(currency: usd, balances: [MemberBalance(memberID: alex, totalPaid: 1001),
                                                       MemberBalance(memberID: bea, totalShare: 1001)]),
        ]
        let rates = ["USD": try ExchangeRate(parsing: "3.75"), "EUR": try ExchangeRate(parsing: "4.1")]
        let result = try ExchangePlanner.plan(balances, home: pen, rates: rates, to: pen)
        // Exact: EUR 3.33 = PEN 13.653, USD 10.01 = PEN 37.5375; total 51.1905 → 51.19.
        // Floors 13.65 + 37.53 = 51.18; the one unit left goes to USD (remainder .75 > .3).
        #expect(result.legs.filter { $0.member == alex }.map(\.to.minorUnits) == [1365, 3754])
        #expect(result.legs.filter { $0.member == bea }.map(\.to.minorUnits) == [-1365, -3754])
        #expect(result.converted.balances.map(\.net) == [5619, -5619])
        let nets = try Self.applied(balances, result.legs, members: [alex, bea])
        #expect(nets[usd]?.values.allSatisfy { $0 == 0 } == true && nets[eur]?.values.allSatisfy { $0 == 0 } == true)
        #expect(nets[pen] == [alex: 5619, bea: -5619])
    }

    @Test("no exchange when everything is in the target already; a missing rate is refused by name")
    func edges() throws {
        let balances = [CurrencyBalances(currency: pen, balances: [MemberBalance(memberID: alex, totalPaid: 500),
                                                                   MemberBalance(memberID: bea, totalShare: 500)])]
        #expect(try ExchangePlanner.plan(balances, home: pen, rates: [:], to: pen).legs.isEmpty)
        let mixed = balances + [CurrencyBalances(currency: usd, balances: [MemberBalance(memberID: alex, totalPaid: 1),
                                                                           MemberBalance(memberID: bea, totalShare: 1)])]
        #expect(throws: ConversionError.missingRate("USD")) { try ExchangePlanner.plan(mixed, home: pen, rates: [:], to: pen) }
    }

    @Test("random trips: every other currency ends at zero, the target at the converter's nets, each currency's exchanges sum to zero")
    func property() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...8), Gen.int(in: 0...20), Gen.int(in: 0...3), Gen.uint64()) {
            memberCount, expenseCount, targetIndex, seed in
            let random = try CurrencyConverterTests.RandomCase(members: memberCount, expenses: expenseCount,
                                                               targetIndex: targetIndex, seed: seed)
            let (trip, balances, home, target, rates) = (random.trip, random.balances, random.home, random.target, random.rates)
            let result = try ExchangePlanner.plan(balances, home: home, rates: rates, to: target)
            #expect(result.converted == (try CurrencyConverter.convert(balances, home: home, rates: rates, to: target)))
            let nets = try Self.applied(balances, result.legs, members: trip.members)
            for (currency, byMember) in nets where currency != target {
                #expect(byMember.values.allSatisfy { $0 == 0 }, "\(currency): \(byMember)")
            }
            let expected = Dictionary(uniqueKeysWithValues: result.converted.balances.map { ($0.memberID, $0.exactNet) })
            for (id, net) in nets[target] ?? [:] { #expect(net == (expected[id] ?? 0)) }
            for currency in Set(result.legs.map(\.from.currency)) {
                #expect(result.legs.filter { $0.from.currency == currency }.reduce(Int128(0)) { $0 + Int128($1.from.minorUnits) } == 0)
            }
            #expect(result.legs.reduce(Int128(0)) { $0 + Int128($1.to.minorUnits) } == 0)
            #expect(result.legs.allSatisfy { $0.from.currency != target && $0.to.currency == target })
            // Applied through the calculator as stored exchanges, the same nets come out.
            let exchanges = result.legs.enumerated().map { index, leg in
                CurrencyExchange(id: ExchangeID("x\(index)"), step: ExchangeID("s"), member: leg.member, from: leg.from,
                                 to: leg.to, date: someDate)
            }
            let after = try BalanceCalculator.balances(members: trip.members, expenses: trip.expenses, payments: trip.payments,
                                                       exchanges: exchanges)
            for entry in after {
                for balance in entry.balances {
                    #expect(balance.exactNet == (entry.currency == target ? expected[balance.memberID] ?? 0 : 0))
                }
            }
        }
    }
}
