import PropertyBased
import Testing
@testable import SplitCore

/// The rule a settle step is checked by wherever it is stored (the server, a pull): every step
/// the planner makes passes it, and each way of breaking it is named.
@Suite struct ExchangeStepTests {
    let step = ExchangeID("s001")

    func exchange(_ id: String, _ who: Int, from: Int64, _ fromCurrency: Currency = usd, to: Int64,
                  _ toCurrency: Currency = jpy, step: ExchangeID? = nil) -> CurrencyExchange {
        CurrencyExchange(id: ExchangeID(id), step: step ?? self.step, member: member(who),
                         from: Money(minorUnits: from, currency: fromCurrency), to: Money(minorUnits: to, currency: toCurrency),
                         date: someDate)
    }

    @Test("a balanced step passes, in id order whatever order it was given in; steps group by step id")
    func balanced() throws {
        let a = exchange("e2", 1, from: 2000, to: 3000), b = exchange("e1", 2, from: -2000, to: -3000)
        let whole = ExchangeStep(id: step, exchanges: [a, b])
        try whole.validate()
        #expect(whole.exchanges.map(\.id.rawValue) == ["e1", "e2"])
        #expect(whole == ExchangeStep(id: step, exchanges: [b, a]))
        let other = exchange("e3", 1, from: 5, to: 5, step: ExchangeID("s002"))
        #expect(ExchangeStep.steps([a, other, b]).map(\.id.rawValue) == ["s001", "s002"])
        #expect(ExchangeStep.steps([a, other, b]).map(\.exchanges.count) == [2, 1])
    }

    @Test("each refusal names what is wrong")
    func refusals() {
        let a = exchange("e1", 1, from: 2000, to: 3000)
        #expect(throws: ExchangeError.unbalanced("JPY")) {
            try ExchangeStep(id: step, exchanges: [a, exchange("e2", 2, from: -2000, to: -2999)]).validate()
        }
        #expect(throws: ExchangeError.unbalanced("JPY"), "the first currency by code") { try ExchangeStep(id: step, exchanges: [a]).validate() }
        #expect(throws: ExchangeError.emptyStep) { try ExchangeStep(id: step, exchanges: []).validate() }
        #expect(throws: ExchangeError.repeated("e1")) {
            try ExchangeStep(id: step, exchanges: [a, exchange("e1", 2, from: -2000, to: -3000)]).validate()
        }
        #expect(throws: ExchangeError.otherStep("e2")) {
            try ExchangeStep(id: step, exchanges: [a, exchange("e2", 2, from: -2000, to: -3000, step: ExchangeID("x"))]).validate()
        }
        #expect(throws: ExchangeError.sameCurrency("USD")) {
            try ExchangeStep(id: step, exchanges: [exchange("e1", 1, from: 1, to: 1, usd)]).validate()
        }
        let many = (0...ExchangeStep.maxExchanges).map { exchange("e\($0)", $0, from: 0, to: $0 % 2 == 0 ? 1 : -1) }
        #expect(throws: ExchangeError.tooMany(ExchangeStep.maxExchanges)) { try ExchangeStep(id: step, exchanges: many).validate() }
        // Sums beyond Int64 are still exact: two exchanges of the limit each way balance.
        let limit = Money.maxMinorUnits
        #expect(throws: Never.self) {
            try ExchangeStep(id: step, exchanges: [exchange("e1", 1, from: limit, to: limit), exchange("e2", 2, from: -limit, to: -limit)])
                .validate()
        }
    }

    @Test("random trips: every step the planner makes passes the rule")
    func plannerSteps() async {
        await propertyCheck(count: 100, input: Gen.int(in: 1...8), Gen.int(in: 0...20), Gen.int(in: 0...3), Gen.uint64()) {
            memberCount, expenseCount, targetIndex, seed in
            let random = try CurrencyConverterTests.RandomCase(members: memberCount, expenses: expenseCount,
                                                               targetIndex: targetIndex, seed: seed)
            let result = try ExchangePlanner.plan(random.balances, home: random.home, rates: random.rates, to: random.target)
            guard !result.legs.isEmpty else { return }
            let step = ExchangeID("step")
            let exchanges = result.legs.enumerated().map { index, leg in
                CurrencyExchange(id: ExchangeID("e\(index)"), step: step, member: leg.member, from: leg.from, to: leg.to, date: someDate)
            }
            try ExchangeStep(id: step, exchanges: exchanges).validate()
        }
    }
}
