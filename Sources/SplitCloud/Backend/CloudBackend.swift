import NIOConcurrencyHelpers
import SplitCore

/// The REST implementation of ``SplitBackend``: cloud mode, against split-server or the Node
/// server.
///
/// - Ids are the server's: trips are groups, and members, expenses and payments keep the ids the
///   server gave them, so what commands print can be typed back in.
/// - Every write is validated here first (``WireValidation``); the Node server answers bad
///   input with a 500, or stores it.
/// - Balances, settle plans and summaries are computed on this machine by SplitCore from the
///   fetched expenses (and payments, where the server has them), so they are identical to local
///   mode's for the same data.
/// - What only this machine remembers (the current trip, each trip's currency) lives in
///   `config.json` via ``SettingsStore``.
/// - What the server cannot do (undo, the activity log, rates, renaming or deleting trips)
///   fails with one line saying so; split-server extensions are used only when offered.
public final class CloudBackend: SplitBackend, Sendable {
    public let client: CloudClient
    let settings: SettingsStore

    /// Values fetched during this run, so a command that looks an expense up and then changes
    /// it asks the server once. Each CLI run is a new process, so nothing here goes stale.
    struct Memo {
        var trips: [TripID: Trip] = [:]
        var expenses: [TripID: [CloudExpense]] = [:]
    }

    let memo = NIOLockedValueBox(Memo())

    public init(client: CloudClient, settings: SettingsStore) {
        self.client = client
        self.settings = settings
    }

    public var keepsHistory: Bool { false }

    var server: ServerAddress { client.server }

    /// Fetches the trip's expenses (once per run) with their split ids.
    func cloudExpenses(_ trip: TripID) async throws(CloudError) -> [CloudExpense] {
        if let known = memo.withLockedValue({ $0.expenses[trip] }) { return known }
        let fetched = try await client.expenses(group: trip)
        memo.withLockedValue { $0.expenses[trip] = fetched }
        return fetched
    }

    /// Forgets fetched expenses after a change.
    func forgetExpenses(_ trip: TripID) {
        memo.withLockedValue { $0.expenses[trip] = nil }
    }

    /// A local-mode-only feature asked for in cloud mode.
    static func localOnly(_ what: String) -> CloudError {
        .unsupported("\(what) only in local mode; the cloud server cannot. Switch with: split mode local")
    }
}
