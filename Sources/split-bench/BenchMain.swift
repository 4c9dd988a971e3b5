import Foundation
import SplitCore

/// `split-bench`: prints benchmark figures; never part of the test run.
///
///     split-bench generate MEMBERS EXPENSES [MULTI% [ITEMIZED%]]
///                                                     # JSONL for `split add-expense --batch -`;
///                                                     # MULTI% of them with 2-3 payers, ITEMIZED% itemized bills
///     split-bench measure RUNS -- COMMAND ARGS...    # median wall time and peak RSS of a command
///     split-bench settle-exact N RUNS                # in-process exact planner at N non-zero balances
@main
struct BenchMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let verb = arguments.first else { usage() }
        switch verb {
        case "generate":
            guard (3...5).contains(arguments.count), let members = Int(arguments[1]),
                  let expenses = Int(arguments[2]) else { usage() }
            let multi = arguments.count >= 4 ? Int(arguments[3]) : 0
            let itemized = arguments.count == 5 ? Int(arguments[4]) : 0
            guard let multi, let itemized, (0...100).contains(multi), (0...100).contains(itemized) else { usage() }
            Generator.write(members: members, expenses: expenses, multiPayerPercent: multi, itemizedPercent: itemized)
        case "measure":
            guard arguments.count >= 4, let runs = Int(arguments[1]), arguments[2] == "--" else { usage() }
            Measure.run(command: Array(arguments[3...]), runs: runs)
        case "settle-exact":
            guard arguments.count == 3, let n = Int(arguments[1]), let runs = Int(arguments[2]) else { usage() }
            SettleBench.run(n: n, runs: runs)
        default:
            usage()
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("""
        usage: split-bench generate MEMBERS EXPENSES [MULTI-PAYER-PERCENT [ITEMIZED-PERCENT]]
               split-bench measure RUNS -- COMMAND [ARGS...]
               split-bench settle-exact N RUNS

        """.utf8))
        exit(64)
    }
}
