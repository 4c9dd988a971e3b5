import Foundation
import SplitCore

/// Times ``SettlementPlanner/plan(_:)`` in-process at `n` non-zero balances with no zero-sum
/// subgroup except everyone (the DP's worst case: nothing can be split off early).
enum SettleBench {
    static func run(n: Int, runs: Int) {
        var random = SplitMix64(seed: 7)
        var times: [Double] = []
        var transferCount = 0
        for _ in 0..<max(1, runs) {
            var nets = (0..<(n - 1)).map { index -> Int64 in
                let magnitude = Int64(1_000 + random.next() % 1_000_000) * 7 + Int64(index)
                return index % 2 == 0 ? magnitude : -magnitude
            }
            nets.append(-nets.reduce(0, +))
            let members = nets.enumerated().map { MemberNet(memberID: MemberID(String(format: "%08d-0000-0000-0000-000000000000", $0.offset)), net: $0.element) }
            let start = DispatchTime.now().uptimeNanoseconds
            let plan = try! SettlementPlanner.plan(members)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            transferCount = plan.count
        }
        times.sort()
        print(String(format: "exact settle n=%d: median %.2f ms  min %.2f ms  max %.2f ms  (%d runs, %d transfers)",
                     n, times[times.count / 2], times.first!, times.last!, times.count, transferCount))
    }
}
