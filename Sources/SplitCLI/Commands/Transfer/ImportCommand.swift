import ArgumentParser
import SplitCore
import SplitImport
import SplitStore

struct ImportCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in trips from the iOS app, Splitwise, ihatemoney, Spliit, Cospend, any CSV, or a split JSON export.",
        discussion: HelpText.reflow("""
        Formats (detected from the content; force one with --format):
          ios-db      the iOS app's database (budget_splitter_local.db): a trip per
                      event, and one named after the file for the other expenses
          ios-json    the iOS app's data from before it used SQLite
          splitwise   Splitwise's CSV export (one trip named after the file)
          split-json  split's own `export --format json`
          ihatemoney  ihatemoney's export/bills.json (one trip named after the
                      project; shares by ihatemoney's weights, members who never
                      paid taken as weight 1; reimbursements become payments)
          ihatemoney-csv  ihatemoney's export/bills.csv, read the same way
          spliit      Spliit's expenses/export/json (one trip named after the group;
                      every split mode, reimbursements become payments)
          spliit-csv  Spliit's CSV export (BOM, one column per participant; a row
                      whose payer has no share names no payer and is refused)
          cospend     a Cospend project CSV (members' weights, owers joined with
                      ",", trashed bills skipped and counted, category -11 as
                      payments, the currencies section as the trip's rates)
          csv         any other CSV (Tricount, Settle Up, a bank) read through --map:
                      date, amount and paid-by columns, then shares=Prefix * (a
                      column per member) or among=Column (a list of names)
        Other apps' categories are kept as the trip's own (split category list),
        counted in a note; General and Uncategorized become Other.
        Float amounts from the iOS app are rounded half to even and splits repaired
        to the exact amount; every repair is reported. ihatemoney amounts must be
        whole cents: a row that is not is refused, or skipped with --keep-going (as are
        unreadable Spliit, Cospend and mapped rows). The import is one transaction: all of it
        or nothing. Importing the same file again adds only what is new.
        Examples:
          split import budget_splitter_local.db --dry-run
          split import splitwise-export.csv --into "Tokyo 2025"
          split import backup.json --keep-ids
          split import weekend-bills.json --dry-run
          split import weekend-bills.csv --format ihatemoney-csv --into "Weekend"
          split import spliit-group.json --dry-run
          split import spliit-expenses.csv --format spliit-csv
          split import cospend-project.csv --keep-going
          split import bank.csv --map "date=Date,amount=Cost,paid-by=Payer,among=For"
        """)
    )

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Read the file as this format: ios-db, ios-json, splitwise, split-json, ihatemoney, ihatemoney-csv, "
                               + "spliit, spliit-csv, cospend or csv (with --map).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("For --format csv: which column holds what, as key=Column,… with keys date, amount, paid-by, "
                               + "description, currency, category and shares=Prefix * (a column per member) or among=Column.",
                               valueName: "map"))
    var map: String?

    @Flag(help: "Show what would be imported, and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Import everything into this existing trip instead of new ones.", valueName: "trip"),
            completion: ShellCompletion.trips)
    var into: String?

    @Flag(help: "Skip rows that cannot be read exactly (each is reported) instead of importing nothing.")
    var keepGoing = false

    @Flag(help: "Keep the ids of a split JSON export where they are free (for an exact round trip).")
    var keepIds = false

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> ImportReport {
        let local = context.backend
        if into != nil && global.trip != nil { throw CLIError("give either --into or --trip, not both") }
        let into = into ?? global.trip
        let forced = try format.map { name throws(CLIError) -> ImportFormat in
            guard let match = ImportFormat(rawValue: name.lowercased()) else {
                throw CLIError("unknown format '\(name)'; accepted: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return match
        }
        let columnMap = try map.map { text throws(ImportError) in try ColumnMap(parsing: text) }
        if forced == .csv && columnMap == nil {
            throw CLIError("--format csv needs --map to say which column holds what, e.g. --map date=Date,amount=Amount,paid-by=Paid by,among=For whom")
        }
        if let forced, forced != .csv, columnMap != nil {
            throw CLIError("--map reads only --format csv; \(forced.rawValue) has columns of its own")
        }
        var target: Trip?
        if let into { target = try await local.trip(matching: into) }
        let options = ImportOptions(keepGoing: keepGoing,
                                    fallbackCurrency: target?.currency ?? context.preferences.defaultCurrency, columnMap: columnMap)
        let (detected, plan) = try ImportReader.read(path: file, opening: context.output.io.resolve(file), format: forced,
                                                     options: options)
        let summary = try local.importPlan(plan, into: target?.id, keepIDs: keepIds, dryRun: dryRun, at: context.now, newID: context.newID)
        return ImportReport(file: file, format: detected, plan: plan, summary: summary, dryRun: dryRun)
    }
}
