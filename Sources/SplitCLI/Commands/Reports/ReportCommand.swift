import ArgumentParser
import SplitCore
import SplitReport

extension ReportFormat: ExpressibleByArgument {}
extension ReportAudience: ExpressibleByArgument {}

struct ReportCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show the trip as a report: text, Markdown, or one HTML page with charts to share.",
        discussion: HelpText.reflow("""
        The report has the totals per currency, each member's net as a bar chart (left: owes,
        right: is owed) and what they paid, their share and their payments, the settle plan,
        the payments, spending by category and by day, and any held server items.

        Formats:
          text  for the terminal (the default)
          md    Markdown tables and lists, for a wiki or a chat that shows Markdown
          chat  plain lines of at most \(ReportFormat.chatColumns) columns for WhatsApp, Signal, Telegram or
                Slack: no tables, no escapes
          html  one self-contained page, no script and no network, that reads on a phone,
                prints as a clean PDF, and lists the newest \(TripReport.expenseCap) expenses with who
                paid and who shared

        --for says who reads it. everyone: every line in the third person ("Carla pays Ana
        PEN 125.80"), the default for html and chat, which are made to be sent; me: your
        transfers as "You pay ..." and your line marked (you), the default for text and md
        (say who you are with: split member me NAME).
        --expenses adds the expense list (date, description, amount, paid by, shared by) to
        text, md and chat, and the payments to chat; the page always has both.
        --json prints the report's numbers, the same JSON document the page carries.
        --in converts the balances and the plan as settle --in does, and lists the rates used.
        --month (or --since and --until) reports on those days: the spending, the expenses and
        the payments dated in them, and the balances and plan as they stood at the last day.
        Over a long span the spending chart goes by week or by month.

        Examples:
          split report
          split report --format chat --expenses     # paste into the group chat
          split report --format md --for everyone > trip.md
          split report --format html -o tokyo.html
          split report --month 2026-03 --format chat
          split report --in USD --json
        """)
    )

    @Option(help: ArgumentHelp("The report's form: text, md, chat or html (default: text).", valueName: "format"))
    var format: ReportFormat?

    @Option(name: .customLong("for"),
            help: ArgumentHelp("Who reads it: everyone (third person) or me (\"You pay …\"). "
                               + "Default: everyone for html and chat, me for text and md.", valueName: "reader"))
    var audience: ReportAudience?

    @Flag(help: "List the expenses too (text, md and chat; the html page always lists them).")
    var expenses = false

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write to this file instead of standard output (needed for html on a terminal).",
                               valueName: "file"))
    var output: String?

    @Option(name: .customLong("in"), help: ArgumentHelp("Convert the balances and the plan into this currency first.",
                                                       valueName: "code"))
    var target: String?

    @OptionGroup var days: DateSpanOptions

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
        let audience = self.audience ?? .standard(for: format)
        if audience == .me, self.audience != nil, try await context.me() == nil {
            throw CLIError("--for me needs to know who you are; say it with: split member me NAME (or use --for everyone)")
        }
        let span = try days.span(today: context.clock.today())
        let report = try await ReportLoader.load(context, into: target, for: audience, span: span)
        let text = global.json ? report.json.serialized(pretty: output == nil && context.output.isTerminal) + "\n"
            : report.rendered(format, expenses: expenses)
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
