@testable import SplitCore

/// Test members whose ids sort in numeric order: `member(3)` is `m003`.
func member(_ number: Int) -> MemberID {
    let digits = String(number)
    return MemberID("m" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits)
}

func currency(_ code: String) -> Currency {
    // Test-only: every code used here is in the table.
    try! Currency(code: code)
}

let usd = currency("USD")
let jpy = currency("JPY")
let kwd = currency("KWD")
let eur = currency("EUR")

let someDate = CivilDate(year: 2025, month: 6, day: 1)!

/// Applies `transfers` to `nets`: the payer's net rises, the payee's falls.
func apply(_ transfers: [Transfer], to nets: [MemberNet]) -> [MemberID: Int128] {
    var result: [MemberID: Int128] = [:]
    for entry in nets { result[entry.memberID, default: 0] += Int128(entry.net) }
    for transfer in transfers {
        result[transfer.from, default: 0] += Int128(transfer.amount)
        result[transfer.to, default: 0] -= Int128(transfer.amount)
    }
    return result
}

/// `count` random non-zero nets summing to zero, drawn from `range`.
///
/// Built from random zero-sum clusters so that many inputs have several disjoint zero-sum
/// groups, the case where the exact planner beats greedy.
func randomNets(count: Int, magnitudes range: ClosedRange<Int64>, using rng: inout SplitMix64) -> [MemberNet] {
    precondition(count >= 2)
    var values: [Int64] = []
    while values.count < count {
        let room = count - values.count
        var size = room <= 3 ? room : Int.random(in: 2...min(room - 2, 6), using: &rng)
        if room - size == 1 { size += 1 }
        var cluster: [Int64] = []
        var sum: Int64 = 0
        for _ in 0..<(size - 1) {
            var value = Int64.random(in: range, using: &rng)
            if Bool.random(using: &rng) { value = -value }
            cluster.append(value)
            sum += value
        }
        if sum == 0 {  // keep every value non-zero: nudge one so the closer is non-zero
            cluster[0] += cluster[0] > 0 ? 1 : -1
            sum += cluster[0] > 0 ? 1 : -1
        }
        cluster.append(-sum)
        values += cluster
    }
    values.shuffle(using: &rng)
    return values.enumerated().map { MemberNet(memberID: member($0.offset), net: $0.element) }
}
