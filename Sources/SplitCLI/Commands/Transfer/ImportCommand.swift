import ArgumentParser
import SplitCore
import SplitImport
import SplitStore

struct ImportCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in trips from the iOS app, Splitwise, or a split JSON export.",
        discussion: HelpText.reflow("""
        Formats (detected from the content; force one with --format):
          ios-db      the iOS app's database (budget_splitter_local.db): a trip per
                      event, and one named after the file for the other expenses
          ios-json    the iOS app's data from before it used SQLite
          splitwise   Splitwise's CSV export (one trip named after the file)
          split-json  split's own `export --format json`
        Float amounts are rounded half to even and splits repaired to the exact
        amount; every repair is reported. The import is one transaction: all of it
        or nothing. Importing the same file again adds only what is new.
        Examples:
          split import budget_splitter_local.db --dry-run
          split import splitwise-export.csv --into "Tokyo 2025"
          split import backup.json --keep-ids
        """)
    )

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Read the file as this format: ios-db, ios-json, splitwise or split-json.", valueName: "format"))
    var format: String?

    @Flag(help: "Show what would be imported, and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Import everything into this existing trip instead of new ones.", valueName: "trip"),
            completion: ShellCompletion.trips)
    var into: String?

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
        var target: TripID?
        if let into { target = try await local.trip(matching: into).id }
        let (detected, plan) = try ImportReader.read(path: file, opening: context.output.io.resolve(file), format: forced)
        let summary = try local.importPlan(plan, into: target, keepIDs: keepIds, dryRun: dryRun, at: context.now, newID: context.newID)
        return ImportReport(file: file, format: detected, plan: plan, summary: summary, dryRun: dryRun)
    }
}
