import PropertyBased
import Testing
@testable import SplitCore

@Suite struct SettlementPlannerTests {
    func nets(_ values: [Int64]) -> [MemberNet] {
        values.enumerated().map { MemberNet(memberID: member($0.offset), net: $0.element) }
    }

    /// Checks everything a plan must satisfy, whichever algorithm made it.
    func expectValid(_ transfers: [Transfer], for nets: [MemberNet]) {
        let byMember = Dictionary(nets.map { ($0.memberID, Int128($0.net)) }, uniquingKeysWith: +)
        #expect(apply(transfers, to: nets).values.allSatisfy { $0 == 0 }, "every net is cleared")
        let positives = byMember.values.filter { $0 > 0 }.reduce(0, +)
        #expect(transfers.reduce(Int128(0)) { $0 + Int128($1.amount) } == positives, "total moved is minimal")
        for transfer in transfers {
            #expect(transfer.amount > 0)
            #expect((byMember[transfer.from] ?? 0) < 0 && (byMember[transfer.to] ?? 0) > 0, "debtor pays creditor")
        }
        #expect(transfers.count <= max(0, byMember.values.filter { $0 != 0 }.count - 1))
        #expect(transfers == transfers.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
    }

    @Test func knownExampleNeedsThreeTransfers() throws {
        let input = nets([-4, -3, -3, 4, 6])
        let transfers = try SettlementPlanner.plan(input)
        #expect(transfers.count == 3)
        #expect(transfers == [
            Transfer(from: member(0), to: member(3), amount: 4),
            Transfer(from: member(1), to: member(4), amount: 3),
            Transfer(from: member(2), to: member(4), amount: 3),
        ])
        #expect(GreedyPlanner.largestFirst(input.map { PlannerBalance(id: $0.memberID, amount: Int128($0.net)) }).count == 4)
    }

    @Test func emptyAndZeroInputsNeedNothing() throws {
        #expect(try SettlementPlanner.plan([]).isEmpty)
        #expect(try SettlementPlanner.plan(nets([0, 0, 0])).isEmpty)
    }

    @Test func refusesUnbalancedNets() {
        #expect(throws: SettlementError.unbalanced(sum: 1)) { try SettlementPlanner.plan(nets([5, -4, 0])) }
        #expect(throws: SettlementError.unbalanced(sum: Int64.max)) { try SettlementPlanner.plan(nets([.max, .max])) }
    }

    @Test func mergesRepeatedMembersAndSurvivesHugeNets() throws {
        let twice = [MemberNet(memberID: member(1), net: 5), MemberNet(memberID: member(2), net: -2),
                     MemberNet(memberID: member(1), net: -3)]
        #expect(try SettlementPlanner.plan(twice) == [Transfer(from: member(2), to: member(1), amount: 2)])
        let huge = nets([.max, .max, .min, .min, 2])
        expectValid(try SettlementPlanner.plan(huge), for: huge)
    }

    /// Random balanced nets in random order: cleared, minimal money, at most n − 1 transfers,
    /// and the same plan for a shuffled input.
    @Test func plansClearEveryNetDeterministically() async {
        await propertyCheck(count: 200, input: Gen.int(in: 2...17), Gen.int64(in: 1...1_000_000_000_000), Gen.uint64()) { count, limit, seed in
            var rng = SplitMix64(seed: seed)
            var input = randomNets(count: count, magnitudes: 1...limit, using: &rng)
            input += (0..<Int.random(in: 0...3, using: &rng)).map { MemberNet(memberID: member(100 + $0), net: 0) }
            let transfers = try SettlementPlanner.plan(input)
            expectValid(transfers, for: input)
            #expect(try SettlementPlanner.plan(input.shuffled(using: &rng)) == transfers)
        }
    }

    /// Up to 9 balances, small magnitudes (many coincidences): as few transfers as brute force.
    @Test func matchesBruteForceOptimum() async {
        await propertyCheck(count: 250, input: Gen.int(in: 2...9), Gen.int64(in: 1...12), Gen.uint64()) { count, limit, seed in
            var rng = SplitMix64(seed: seed)
            let input = randomNets(count: count, magnitudes: 1...limit, using: &rng)
            let transfers = try SettlementPlanner.plan(input)
            #expect(transfers.count == BruteForceSettlement.minimumTransfers(input.map(\.net)), "\(input.map(\.net))")
            expectValid(transfers, for: input)
        }
    }

    /// 21–60 balances: the greedy plan is the one returned, and it still clears every net.
    @Test func greedyAboveTheExactLimit() async {
        await propertyCheck(count: 150, input: Gen.int(in: 21...60), Gen.int64(in: 1...1_000_000), Gen.uint64()) { count, limit, seed in
            var rng = SplitMix64(seed: seed)
            let input = randomNets(count: count, magnitudes: 1...limit, using: &rng)
            let transfers = try SettlementPlanner.plan(input)
            let canonical = input.sorted { $0.memberID < $1.memberID }.map { PlannerBalance(id: $0.memberID, amount: Int128($0.net)) }
            #expect(transfers == GreedyPlanner.plan(canonical).sorted { ($0.from, $0.to) < ($1.from, $1.to) })
            expectValid(transfers, for: input)
            #expect(try SettlementPlanner.plan(input.shuffled(using: &rng)) == transfers)
        }
    }

    @Test func greedyPairsExactOppositesFirst() {
        // Largest-first alone would let −7 pay +8 first; pairing −7 with +7 saves a transfer.
        let balances: [PlannerBalance] = [(-7), 7, -8, 5, 3].enumerated().map { PlannerBalance(id: member($0.offset), amount: Int128($0.element)) }
        let plan = GreedyPlanner.plan(balances)
        #expect(plan.contains(Transfer(from: member(0), to: member(1), amount: 7)))
        #expect(plan.count == 3)
    }

    @Test func exactPlannerHandlesTwentyBalances() throws {
        var rng = SplitMix64(seed: 20)
        let input = randomNets(count: 20, magnitudes: 1...50, using: &rng)
        let transfers = try SettlementPlanner.plan(input)
        expectValid(transfers, for: input)
        let groups = ExactPlanner.zeroSumGroups(input.sorted { $0.memberID < $1.memberID }.map(\.net))
        #expect(transfers.count == 20 - groups.count)
        #expect(groups.allSatisfy { group in group.reduce(Int64(0)) { $0 + input.sorted { $0.memberID < $1.memberID }[$1].net } == 0 })
    }
}
