import PropertyBased
import Testing
@testable import SplitCore

@Suite struct SplitAllocatorTests {
    let alex = member(1), bea = member(2), cai = member(3)

    private func weights(_ pairs: [(MemberID, Int64)]) -> [MemberWeight] {
        pairs.map { MemberWeight(memberID: $0.0, weight: $0.1) }
    }

    @Test func equalGivesLeftoverCentsToEarlierMembers() throws {
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 1000, currency: usd), rule: .equal([cai, alex, bea]))
        #expect(splits.map(\.memberID) == [cai, alex, bea])
        #expect(splits.map(\.amount) == [334, 333, 333])
        #expect(splits.allSatisfy { !$0.isPaid })
    }

    @Test func sharesGoToLargestRemainders() throws {
        // 100 × 1/6 = 16.67, × 2/6 = 33.33, × 3/6 = 50: the one spare unit goes to the 0.67.
        let rule = SplitRule.shares(weights([(alex, 1), (bea, 2), (cai, 3)]))
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 100, currency: jpy), rule: rule)
        #expect(splits.map(\.amount) == [17, 33, 50])
    }

    @Test func zeroWeightMembersAppearWithZero() throws {
        let rule = SplitRule.shares(weights([(alex, 0), (bea, 1), (cai, 0)]))
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 999, currency: usd), rule: rule)
        #expect(splits.map(\.amount) == [0, 999, 0])
    }

    @Test func percentSplitsExactly() throws {
        let rule = SplitRule.percent(weights([(alex, 33_333_333), (bea, 33_333_333), (cai, 33_333_334)]))
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 100, currency: usd), rule: rule)
        #expect(splits.map(\.amount) == [33, 33, 34])
    }

    @Test func percentMustSumToHundred() {
        let rule = SplitRule.percent(weights([(alex, 50_000_000), (bea, 40_000_000)]))
        #expect(throws: SplitError.percentSumMismatch(sum: 90_000_000)) {
            try SplitAllocator.splits(amount: Money(minorUnits: 100, currency: usd), rule: rule)
        }
        #expect(SplitError.percentSumMismatch(sum: 90_000_000).description.contains("sum to 90, not 100"))
    }

    @Test func exactMustSumToTheAmountAndSaysByHowMuch() {
        let rule = SplitRule.exact([MemberAmount(memberID: alex, amount: 20_000), MemberAmount(memberID: bea, amount: 19_000)])
        let error = SplitError.exactSumMismatch(sum: 39_000, amount: 40_000, exponent: 2)
        #expect(throws: error) { try SplitAllocator.splits(amount: Money(minorUnits: 40_000, currency: usd), rule: rule) }
        #expect(error.description.contains("sum to 390, 10 short of the amount 400"))
    }

    @Test func exactKeepsTheGivenAmounts() throws {
        let rule = SplitRule.exact([MemberAmount(memberID: bea, amount: 0), MemberAmount(memberID: alex, amount: 500)])
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 500, currency: usd), rule: rule)
        #expect(splits == [ExpenseSplit(memberID: bea, amount: 0), ExpenseSplit(memberID: alex, amount: 500)])
    }

    @Test func refusesBadRules() {
        let ten = Money(minorUnits: 10, currency: usd)
        #expect(throws: SplitError.nonPositiveAmount) { try SplitAllocator.splits(amount: Money(minorUnits: 0, currency: usd), rule: .equal([alex])) }
        #expect(throws: SplitError.noParticipants) { try SplitAllocator.splits(amount: ten, rule: .equal([])) }
        #expect(throws: SplitError.noParticipants) { try SplitAllocator.splits(amount: ten, rule: .exact([])) }
        #expect(throws: SplitError.duplicateMember(alex)) { try SplitAllocator.splits(amount: ten, rule: .equal([alex, bea, alex])) }
        #expect(throws: SplitError.zeroTotalShares) {
            try SplitAllocator.splits(amount: ten, rule: .shares(weights([(alex, 0), (bea, 0)])))
        }
        #expect(throws: SplitError.malformedShares("-1")) {
            try SplitAllocator.splits(amount: ten, rule: .shares(weights([(alex, -1), (bea, 3)])))
        }
        #expect(throws: SplitError.malformedPercent("-5")) {
            try SplitAllocator.splits(amount: ten, rule: .percent(weights([(alex, -5_000_000), (bea, 105_000_000)])))
        }
        #expect(throws: SplitError.negativeShare(bea)) {
            try SplitAllocator.splits(amount: ten, rule: .exact([MemberAmount(memberID: alex, amount: 11),
                                                                  MemberAmount(memberID: bea, amount: -1)]))
        }
    }

    @Test(arguments: [("50", 50_000_000), ("33.333333", 33_333_333), ("12.5", 12_500_000), ("0", 0),
                      ("100", 100_000_000), ("100.000000", 100_000_000), ("0.000001", 1), ("007.50", 7_500_000)]
          as [(String, Int64)])
    func parsesPercent(text: String, millionths: Int64) throws {
        #expect(try SplitAllocator.parsePercent(text) == millionths)
    }

    @Test(arguments: ["", "100.000001", "101", "0.0000001", "-5", "+5", "5%", "1e2", ".5", "5.", " 5",
                      String(repeating: "9", count: 60)])
    func refusesBadPercent(text: String) {
        #expect(throws: SplitError.malformedPercent(text)) { try SplitAllocator.parsePercent(text) }
    }

    @Test func parsesShares() throws {
        #expect(try SplitAllocator.parseShares("0") == 0)
        #expect(try SplitAllocator.parseShares("3") == 3)
        #expect(try SplitAllocator.parseShares("1000000") == 1_000_000)
        for text in ["", "-1", "1.5", "2.0", "1000001", "x", " 1", String(repeating: "1", count: 50)] {
            #expect(throws: SplitError.malformedShares(text)) { try SplitAllocator.parseShares(text) }
        }
    }

    /// Random amount, member count and mode: splits add up, keep list order, and each share is
    /// within one unit of its exact proportional value.
    @Test func splitsAreExactAndFair() async {
        await propertyCheck(
            count: 300, input: Gen.int64(in: 1...10_000_000_000_000), Gen.int(in: 1...25), Gen.int(in: 0...3), Gen.uint64()
        ) { amount, count, mode, seed in
            var rng = SplitMix64(seed: seed)
            let ids = (0..<count).map(member)
            let (rule, weights) = Self.randomRule(mode: mode, ids: ids, amount: amount, using: &rng)
            let splits = try SplitAllocator.splits(amount: Money(minorUnits: amount, currency: usd), rule: rule)
            #expect(splits.map(\.memberID) == ids)
            #expect(splits.reduce(Int128(0)) { $0 + Int128($1.amount) } == Int128(amount))
            #expect(splits.allSatisfy { $0.amount >= 0 && !$0.isPaid })
            let total = weights.reduce(Int128(0), +)
            for (split, weight) in zip(splits, weights) {
                // |share − amount·w/W| < 1  ⇔  |share·W − amount·w| < W
                let gap = Int128(split.amount) * total - Int128(amount) * weight
                #expect(-total < gap && gap < total, "share \(split.amount), weight \(weight)/\(total)")
            }
        }
    }

    /// A random rule of the given mode and the weights it implies (exact: the amounts themselves).
    static func randomRule(mode: Int, ids: [MemberID], amount: Int64, using rng: inout SplitMix64)
        -> (SplitRule, [Int128]) {
        switch mode {
        case 0:
            return (.equal(ids), ids.map { _ in 1 })
        case 1:
            var shares = ids.map { _ in Int64.random(in: 0...(Bool.random(using: &rng) ? 3 : 1_000_000), using: &rng) }
            if shares.allSatisfy({ $0 == 0 }) { shares[Int.random(in: 0..<shares.count, using: &rng)] = 1 }
            return (.shares(zip(ids, shares).map { MemberWeight(memberID: $0, weight: $1) }), shares.map { Int128($0) })
        case 2:
            let parts = randomParts(of: SplitAllocator.fullPercent, count: ids.count, using: &rng)
            return (.percent(zip(ids, parts).map { MemberWeight(memberID: $0, weight: $1) }), parts.map { Int128($0) })
        default:
            let parts = randomParts(of: amount, count: ids.count, using: &rng)
            return (.exact(zip(ids, parts).map { MemberAmount(memberID: $0, amount: $1) }), parts.map { Int128($0) })
        }
    }

    /// `count` non-negative numbers summing to `total`, from sorted random cut points.
    static func randomParts(of total: Int64, count: Int, using rng: inout SplitMix64) -> [Int64] {
        let cuts = ((0..<(count - 1)).map { _ in Int64.random(in: 0...total, using: &rng) } + [0, total]).sorted()
        return (1..<cuts.count).map { cuts[$0] - cuts[$0 - 1] }
    }
}
