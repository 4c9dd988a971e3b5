import ArgumentParser
import SplitCore
import SplitReport

extension ReportFormat: ExpressibleByArgument {}

struct ReportCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show the trip as a report: text, Markdown, or one HTML page with charts to share.",
        discussion: HelpText.reflow("""
        The report has the totals per currency, each member's net as a bar chart (left: owes,
        right: is owed), spending by category and by day, the settle plan (your transfers in
        words when you are set: split member me NAME) and any held server items.

        Formats:
          text  for the terminal (the default)
          md    Markdown tables and lists, to paste into a chat or a wiki
          html  one self-contained page with SVG charts, no script and no network, that
                prints as a clean PDF; it lists the newest \(TripReport.expenseCap) expenses

        --json prints the report's numbers, the same JSON document the page carries.
        --in converts the balances and the plan as settle --in does, and lists the rates used.

        Examples:
          split report
          split report --format md > trip.md
          split report --format html -o tokyo.html
          split report --in USD --json
        """)
    )

    @Option(help: ArgumentHelp("The report's form (default: text).", valueName: "format"))
    var format: ReportFormat?

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write to this file instead of standard output (needed for html on a terminal).",
                               valueName: "file"))
    var output: String?

    @Option(name: .customLong("in"), help: ArgumentHelp("Convert the balances and the plan into this currency first.",
                                                       valueName: "code"))
    var target: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if global.json && format != nil {
            throw ValidationError("--json prints the report's numbers as JSON; leave out --format")
        }
    }

    func run(_ context: CommandContext) async throws -> DocumentWritten {
        let format = self.format ?? .text
        if format == .html && output == nil && !global.json && context.output.isTerminal {
            throw CLIError("an html report is a page for a browser, not for the terminal; write it to a file "
                           + "with -o FILE (for example: split report --format html -o trip.html)")
        }
        let report = try await ReportLoader.load(context, into: target)
        let text = global.json ? report.json.serialized(pretty: output == nil && context.output.isTerminal) + "\n"
            : report.rendered(format)
        let file = try ExportFile(path: output, output: context.output)
        do {
            try file.write(Array(text.utf8))
            try file.finish()
        } catch {
            file.discard()
            throw error
        }
        return DocumentWritten(note: output.map {
            "wrote the \(global.json ? "json" : format.rawValue) report of trip '\(Expense.shown(report.trip.name))' to \($0)"
        })
    }
}
