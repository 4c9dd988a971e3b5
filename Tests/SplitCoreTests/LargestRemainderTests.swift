import PropertyBased
import Testing
@testable import SplitCore

/// The one largest-remainder rule (``LargestRemainder``) that splits, payers' parts, converted
/// totals, float repairs and the Splitwise import all use.
@Suite struct LargestRemainderTests {
    @Test("JPY 1000 among three: 334, 333, 333; the spare unit to the earlier of equal remainders")
    func thirds() {
        #expect(LargestRemainder.split(1000, weights: [1, 1, 1]) == [334, 333, 333])
        #expect(LargestRemainder.split(1001, weights: [1, 1, 1]) == [334, 334, 333])
        #expect(LargestRemainder.split(-1000, weights: [1, 1, 1]) == [-333, -333, -334])
    }

    @Test("the largest remainder wins over the earlier entry; a whole quota or a zero weight never moves")
    func largestFirst() {
        // 100 × 1/6 = 16.67, × 2/6 = 33.33, × 3/6 = 50.
        #expect(LargestRemainder.split(100, weights: [1, 2, 3]) == [17, 33, 50])
        #expect(LargestRemainder.split(100, weights: [3, 2, 1]) == [50, 33, 17])
        #expect(LargestRemainder.split(999, weights: [0, 1, 0]) == [0, 999, 0])
        // Quotas 2.5, 1.5, 1: the two halves tie, the earlier one gets the unit.
        #expect(LargestRemainder.split(5, quotas: [5, 3, 2], over: 2) == [3, 1, 1])
    }

    @Test("no split without a positive total weight, with a negative weight, or on overflow")
    func refused() {
        #expect(LargestRemainder.split(10, weights: []) == nil)
        #expect(LargestRemainder.split(10, weights: [0, 0]) == nil)
        #expect(LargestRemainder.split(10, weights: [2, -1]) == nil)
        #expect(LargestRemainder.split(Int128.max, weights: [2, 1]) == nil)
    }

    @Test("float repairs: each rounded share moves a unit at most, a tie changes the earlier share, zero never gives")
    func floatRepairs() {
        #expect(FloatAmounts.repair([333, 333, 333], floats: [333.33, 333.33, 333.33], total: 1000, currency: jpy) == [334, 333, 333])
        #expect(FloatAmounts.repair([334, 334, 334], floats: [334, 334, 334], total: 1000, currency: jpy) == [333, 333, 334])
        // 0.4 → 0 and 1.6 → 2 twice: the unit comes from the earlier of the two rounded up.
        #expect(FloatAmounts.repair([0, 2, 2], floats: [0.4, 1.6, 1.6], total: 3, currency: jpy) == [0, 1, 2])
        // 1.4 → 1 went down most, so it gains before 2.2 → 2.
        #expect(FloatAmounts.repair([2, 1], floats: [2.2, 1.4], total: 4, currency: jpy) == [2, 2])
        // The written values are whole cents (the trailing digits are the binary float's), so
        // they tie, and the first share gains the cent.
        #expect(FloatAmounts.repair([15378, 15381, 15382, 15379], floats: [153.78, 153.81, 153.82000000000002, 153.79000000000002],
                                    total: 61521, currency: usd) == [15379, 15381, 15382, 15379])
        #expect(FloatAmounts.repair([500, 500], floats: [5, 5], total: 1000, currency: jpy) == nil, "nothing to repair")
    }

    @Test("shares far over the total are scaled down in proportion to what was written")
    func floatScaling() {
        // 600 × 500/1100 = 272.7 twice and 600 × 100/1100 = 54.5: the two .7 get the units.
        #expect(FloatAmounts.repair([500, 500, 100], floats: [500, 500, 100], total: 600, currency: jpy) == [273, 273, 54])
        #expect(FloatAmounts.repair([0, 0], floats: [0, 0], total: 5, currency: jpy) == [3, 2], "all zero: equal")
        // Two units to take and one share that can give: scaled instead, 1 × 3/3.
        #expect(FloatAmounts.repair([0, 0, 3], floats: [0, 0, 3], total: 1, currency: jpy) == [0, 0, 1])
    }

    /// Random totals (either sign) and weights (many zero, many equal): the parts sum exactly to
    /// the total, each is the floor of its exact quota or one more (exactly the quota when that
    /// is whole), a larger remainder never gets less than a smaller one, and of equal
    /// remainders the earlier entry never gets less.
    @Test func partsAreExactFairAndTiesGoEarlier() async {
        await propertyCheck(
            count: 500, input: Gen.int64(in: -1_000_000_000_000...1_000_000_000_000), Gen.int(in: 1...20), Gen.uint64()
        ) { total, count, seed in
            var rng = SplitMix64(seed: seed)
            let limit: Int64 = [1, 3, 100, 1_000_000_000_000][Int(seed % 4)]
            var weights = (0..<count).map { _ in Int128(Int64.random(in: 0...limit, using: &rng)) }
            if weights.allSatisfy({ $0 == 0 }) { weights[Int.random(in: 0..<count, using: &rng)] = 1 }
            let sum = weights.reduce(0, +)
            guard let parts = LargestRemainder.split(Int128(total), weights: weights) else {
                Issue.record("no split of \(total) by \(weights)")
                return
            }
            #expect(parts.count == weights.count)
            #expect(parts.reduce(0, +) == Int128(total))
            var bonus: [Int128] = []
            var remainders: [Int128] = []
            for (part, weight) in zip(parts, weights) {
                let (floor, remainder) = Rounding.floorDivide(Int128(total) * weight, by: sum)
                #expect(part == floor || part == floor + 1, "part \(part) of quota \(total) × \(weight) / \(sum)")
                if remainder == 0 { #expect(part == floor, "a whole quota moved") }
                bonus.append(part - floor)
                remainders.append(remainder)
            }
            for i in parts.indices {
                for j in parts.indices where i != j {
                    if remainders[i] > remainders[j] { #expect(bonus[i] >= bonus[j], "larger remainder lost") }
                    if remainders[i] == remainders[j] && i < j { #expect(bonus[i] >= bonus[j], "tie went to the later entry") }
                }
            }
        }
    }

    /// The order passed is the tie rule: reversing the entries reverses who gets the units of a
    /// tie, and nothing else.
    @Test func theCallerOrderDecidesTies() async {
        await propertyCheck(count: 300, input: Gen.int64(in: 0...100_000), Gen.int(in: 1...12), Gen.uint64()) { total, count, seed in
            var rng = SplitMix64(seed: seed)
            var weights = (0..<count).map { _ in Int128(Int64.random(in: 0...3, using: &rng)) }
            if weights.allSatisfy({ $0 == 0 }) { weights[0] = 1 }
            let forward = LargestRemainder.split(Int128(total), weights: weights) ?? []
            let backward = LargestRemainder.split(Int128(total), weights: weights.reversed()) ?? []
            let sum = weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                let (floor, remainder) = Rounding.floorDivide(Int128(total) * weight, by: sum)
                let mirrored = backward[count - 1 - index]
                // Outside ties both orders agree, and within a tie both stay floor or floor + 1.
                let tied = weights.indices.contains { other in
                    other != index && Rounding.floorDivide(Int128(total) * weights[other], by: sum).remainder == remainder
                }
                if !tied { #expect(forward[index] == mirrored) }
                #expect(mirrored == floor || mirrored == floor + 1)
            }
            // Equal weights: the units go to the first entries in the order passed.
            let equal = LargestRemainder.split(Int128(total), weights: Array(repeating: 1, count: count)) ?? []
            let base = Int128(total) / Int128(count)
            let extra = Int(Int128(total) % Int128(count))
            #expect(equal == (0..<count).map { base + ($0 < extra ? 1 : 0) })
        }
    }

    /// Exact quotas of any sign whose total is their exact sum rounded half to even (how
    /// ``Apportion`` uses it): the parts sum to that, each is floor or floor + 1.
    @Test func roundedTotalsOfSignedQuotas() async {
        await propertyCheck(count: 400, input: Gen.int(in: 1...15), Gen.int64(in: 1...1_000), Gen.uint64()) { count, denominator, seed in
            var rng = SplitMix64(seed: seed)
            let numerators = (0..<count).map { _ in Int128(Int64.random(in: -1_000_000...1_000_000, using: &rng)) }
            let exact = numerators.reduce(0, +)
            let total = Rounding.halfEven(exact, over: Int128(denominator))
            let parts = LargestRemainder.split(total, quotas: numerators, over: Int128(denominator))
            #expect(parts.reduce(0, +) == total)
            #expect(Apportion.round(numerators, over: Int128(denominator)) == parts)
            for (part, numerator) in zip(parts, numerators) {
                let floor = Rounding.floorDivide(numerator, by: Int128(denominator)).quotient
                #expect(part == floor || part == floor + 1)
            }
        }
    }
}
