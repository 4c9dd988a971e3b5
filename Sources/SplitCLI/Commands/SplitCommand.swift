import ArgumentParser

/// The root `split` command.
public struct SplitCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split trip expenses exactly and settle up with the fewest transfers.",
        discussion: HelpText.reflow("""
        Every trip lives in one SQLite file; no account, no network. A trip linked to a cloud
        server (split login, then split trip create NAME --cloud, split upload or split join
        CODE) also syncs with everyone who shares it, and works offline (see split sync).

        Example (a first session):
          split trip create "Tokyo Trip" --currency JPY
          split member add Alex Bea Chen Dana
          split add-expense "Dinner" 12000 --paid-by Alex
          split settle

        The options --db PATH, --trip NAME, --json and --offline go before or after the
        command: split --json settle is split settle --json.

        """ + ExitStatus.helpText),
        version: "split \(version)",
        subcommands: [
            TripCommand.self, MemberCommand.self, CategoryCommand.self, AddExpenseCommand.self, ExpensesCommand.self, ExpenseCommand.self,
            BalancesCommand.self, SettleCommand.self, ReportCommand.self, ShareCommand.self, FriendsCommand.self, PayCommand.self, PaymentsCommand.self, ConversionsCommand.self, PaymentCommand.self, MarkPaidCommand.self, SummaryCommand.self, RecurringCommand.self,
            LogCommand.self, UndoCommand.self, ImportCommand.self, ExportCommand.self, UploadCommand.self, LoginCommand.self,
            RegisterCommand.self, LogoutCommand.self, WhoamiCommand.self, ModeCommand.self, SyncCommand.self,
            StatusCommand.self, ConflictsCommand.self, ResolveCommand.self, JoinCommand.self, ConfigCommand.self,
        ]
    )

    public init() {}
}
