import ArgumentParser
import Foundation
import SplitCore

struct ExportCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trip (or all trips) as JSON, CSV, a ledger journal, or for ihatemoney or Cospend.",
        discussion: HelpText.reflow("""
        json: everything, lossless (members, rates, expenses with splits and paid marks, payments).
        csv: one row per expense with a share column per member, for spreadsheets.
        ledger: a journal for hledger or ledger; `hledger -f FILE balance` shows each member's net,
                as `split balances` does.
        ihatemoney: one trip as ihatemoney's bills.json, for its "Import previous data"
                (ihatemoney-csv: its bills.csv). Every member has weight 1; a split it cannot hold
                becomes one bill per share, payments become Reimbursements, and amounts in other
                currencies are converted at the trip's rates, so its balances equal split's.
        cospend: one trip as a Cospend (Nextcloud) project CSV, for its "Import project": the
                same bills as for ihatemoney (weight 1, one bill per share where needed,
                payments as reimbursements, category -11, other currencies converted at the
                trip's rates and named in each bill), plus the trip's currencies and rates.
        Examples:
          split export --format json -o tokyo.json
          split export --all --format csv -o trips.csv
          split export --format ledger | hledger -f - balance
          split export --format ihatemoney -o weekend-bills.json
          split export --format ihatemoney-csv -o weekend-bills.csv
          split export --format cospend -o weekend.csv
        """)
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv, ledger, ihatemoney
        case ihatemoneyCSV = "ihatemoney-csv"
        case cospend

        /// A format that holds one project of another app, so one trip.
        var isOneTrip: Bool { self == .ihatemoney || self == .ihatemoneyCSV || self == .cospend }
        var app: String { self == .cospend ? "Cospend" : "ihatemoney" }
    }

    @Option(help: "Output format: json, csv, ledger, ihatemoney, ihatemoney-csv or cospend.")
    var format: Format = .json

    @Flag(help: "Export every trip instead of the current one (or --trip).")
    var all = false

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> DocumentWritten {
        if all && global.trip != nil { throw CLIError("give either --all or --trip, not both") }
        if all && format.isOneTrip {
            throw CLIError("a\(format == .cospend ? "" : "n") \(format.app) file holds one project; export one trip at a time (--trip NAME) instead of --all")
        }
        let trips = all ? try await context.backend.trips().map(\.trip) : [try await context.trip()]
        var snapshots: [ExportTrip] = []
        for trip in trips { snapshots.append(ExportTrip(try await context.backend.snapshot(trip: trip))) }
        var ihatemoney: IHateMoneyBills.Result?
        if format.isOneTrip, let snapshot = snapshots.first {
            // Built before the file is opened: a missing rate leaves nothing behind.
            let result = try IHateMoneyBills.bills(snapshot, app: format.app)
            ihatemoney = result
            if !result.converted.isEmpty {
                context.output.note("converted amounts in \(result.converted.joined(separator: ", ")) into \(snapshot.trip.currency.code) "
                                    + "at the trip's rates; each such bill names its original amount")
            }
        }
        let file = try ExportFile(path: output, output: context.output)
        do {
            switch format {
            case .json:
                // Indented for files and terminals, one line in pipes, like every other --json output.
                try JSONExport.write(snapshots, pretty: output != nil || context.output.isTerminal) { chunk throws(CLIError) in
                    try file.write(chunk)
                }
                try file.write([UInt8(ascii: "\n")])
            case .csv:
                try file.write(Array(CSVExport.text(snapshots).utf8))
            case .ledger:
                try file.write(Array(LedgerExport.text(snapshots).utf8))
            case .ihatemoney:
                try file.write(IHateMoneyExport.json(ihatemoney?.bills ?? [], currency: snapshots[0].trip.currency,
                                                     pretty: output != nil || context.output.isTerminal))
            case .ihatemoneyCSV:
                try file.write(Array(IHateMoneyExport.csv(ihatemoney?.bills ?? [], currency: snapshots[0].trip.currency).utf8))
            case .cospend:
                try file.write(Array(CospendExport.csv(ihatemoney?.bills ?? [], trip: snapshots[0]).utf8))
            }
            try file.finish()
        } catch {
            file.discard()
            throw error
        }
        return DocumentWritten(note: output.map {
            "exported \(snapshots.count) trip\(snapshots.count == 1 ? "" : "s") to \($0) (\(format.rawValue))"
        })
    }
}
