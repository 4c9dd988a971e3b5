import SplitCloud
import SplitCore
import SplitStore

/// The state of one upload from start to finish; see ``Uploader`` for the protocol.
///
/// Used by one task only: requests sent concurrently capture the client and their own values,
/// and their answers come back here (``Windowed``) to be recorded.
final class UploadRun {
    let client: CloudClient
    let store: LocalBackend
    let snapshot: LocalTripSnapshot
    let options: UploadOptions
    /// Whose id map; the account is filled in first thing when the uploader had to ask for it.
    var scope: UploadScope
    private let knownAccount: String?
    let now: @Sendable () -> Timestamp
    let progress: @Sendable (UploadProgress) -> Void

    var mapping = UploadMapping()
    var report: UploadReport
    var capabilities = ServerCapabilities.node
    /// The cloud group, once found or created.
    var group: TripID?
    /// Set when from-local stored every member and expense: those phases have nothing to do.
    var fromLocalDone = false
    /// The latest reads of the group, valid while nothing was written since (nil: read again).
    /// A group created in this run starts with empty lists, which saves reading them.
    var lastMembers: [Member]?
    var lastExpenses: [CloudExpense]?
    var lastPayments: [Payment]?
    /// Expenses sent (or, in a dry run, to be sent) with their note in the description.
    var notesSent = 0
    private let requestsBefore: Int

    init(uploader: Uploader, snapshot: LocalTripSnapshot, options: UploadOptions) {
        client = uploader.client
        store = uploader.store
        self.snapshot = snapshot
        self.options = options
        knownAccount = uploader.account
        scope = UploadScope(server: uploader.client.server.url, account: uploader.account ?? "", trip: snapshot.trip.id)
        now = uploader.now
        progress = uploader.progress
        report = UploadReport(server: uploader.client.server.url, localTrip: snapshot.trip,
                              groupName: options.name ?? snapshot.trip.name, path: .stepByStep, dryRun: options.dryRun)
        report.members.total = snapshot.members.count
        report.expenses.total = snapshot.expenses.count
        report.payments.total = snapshot.payments.count
        requestsBefore = uploader.client.transport.statistics.requests
    }

    func execute() async throws -> UploadReport {
        if knownAccount == nil {
            scope = UploadScope(server: scope.server, account: try await client.me().id, trip: scope.trip)
        }
        capabilities = try await client.capabilities()
        report.paymentsAsExpenses = !capabilities.has(.payments)
        let name = try UploadValidation.check(snapshot, groupName: report.groupName, capabilities: capabilities)
        report.groupName = name
        mapping = try store.uploadMapping(scope)
        let items = snapshot.expenseItems(paymentsAsExpenses: report.paymentsAsExpenses,
                                          payersAsParts: !capabilities.has(.payers))
        let parted = snapshot.expenses.filter { $0.soloPayer == nil }.count
        if parted > 0 && !capabilities.has(.payers) {
            report.expenses.total = items.filter { $0.kind == .expense }.count
            report.warnings.append("\(parted) expense\(parted == 1 ? "" : "s") with several payers "
                                   + "\(options.dryRun ? "would go" : "went") to the server as one expense per payer, "
                                   + "with the same balances: it knows one payer per expense")
        }

        if let existing = try await findGroup(named: name) {
            group = existing.id
            report.groupID = existing.id
            report.groupName = existing.name
            report.existed = true
        } else if options.dryRun {
            planNewGroup(items)
            return finished()
        } else {
            try await createGroup(named: name)
        }
        if !fromLocalDone {
            try await syncMembers()
            try await syncExpenses(items)
        }
        try await syncPayments()
        try await syncPaidFlags(items)
        if !options.dryRun { report.verification = try await verify(items) }
        return finished()
    }

    private func finished() -> UploadReport {
        report.requests = client.transport.statistics.requests - requestsBefore
        if notesSent > 0 {
            let verb = options.dryRun ? "would be" : notesSent == 1 ? "was" : "were"
            report.warnings.append("\(notesSent) expense note\(notesSent == 1 ? "" : "s") \(verb) appended to the description: "
                                   + "the server has no notes")
        }
        return report
    }

    /// A dry run against a server that has no group for this trip yet: all of it is new.
    private func planNewGroup(_ items: [ExpenseItem]) {
        report.path = capabilities.has(.fromLocal) && !options.stepByStep ? .fromLocal : .stepByStep
        report.members.created = snapshot.members.count
        report.expenses.created = snapshot.expenses.count
        report.payments.created = snapshot.payments.count
        // A sync server's from-local keeps the notes as notes.
        notesSent = capabilities.has(.sync) && report.path == .fromLocal ? 0 : snapshot.notedExpenses.count
        if report.path == .stepByStep && !capabilities.isSplitServer {
            report.paidFlags.created = items.reduce(0) { $0 + $1.expense.splits.filter(\.isPaid).count }
            report.paidFlags.total = report.paidFlags.created
        }
    }

    // MARK: Shared helpers

    /// The group; only called once one was found or created.
    var groupID: TripID {
        guard let group else { preconditionFailure("the upload's group is used before it exists") }
        return group
    }

    /// How many creating requests may be in flight.
    var width: Int { options.concurrency ?? (capabilities.has(.idempotency) ? 4 : 1) }

    /// Records confirmed mappings: in the store at once (its own transaction), and in memory.
    /// A dry run keeps them in memory only.
    func remember(_ entries: [UploadMapEntry]) throws {
        guard !entries.isEmpty else { return }
        if !options.dryRun { try store.recordUploads(entries, scope: scope, at: now()) }
        for entry in entries { mapping.set(entry) }
    }

    func forget(_ kind: UploadMapKind, _ localIDs: [String]) throws {
        guard !localIDs.isEmpty else { return }
        if !options.dryRun { try store.removeUploads(kind, localIDs, scope: scope) }
        for local in localIDs { mapping.remove(kind, local) }
    }

    /// The server id of a local member, once mapped.
    func serverMember(_ local: MemberID) -> MemberID? {
        mapping.serverID(.member, local.rawValue).map(MemberID.init)
    }

    /// `expense` with its payer and split members in the server's ids; nil while one of them
    /// is not on the server yet (only in a dry run).
    func serverForm(_ expense: Expense) -> Expense? {
        var payers: [ExpensePayer] = []
        for payer in expense.payers {
            guard let member = serverMember(payer.memberID) else { return nil }
            payers.append(ExpensePayer(memberID: member, amount: payer.amount))
        }
        var splits: [ExpenseSplit] = []
        for split in expense.splits {
            guard let member = serverMember(split.memberID) else { return nil }
            splits.append(ExpenseSplit(memberID: member, amount: split.amount, isPaid: split.isPaid))
        }
        var copy = expense
        copy.payers = payers
        copy.splits = splits
        copy.splitGiven = expense.splitGiven?.mappingMembers(serverMember)
        return copy
    }

    func readMembers() async throws -> [Member] {
        try await read(\.lastMembers) { [client, groupID] in try await client.members(group: groupID) }
    }

    func readExpenses() async throws -> [CloudExpense] {
        try await read(\.lastExpenses) { [client, groupID] in try await client.expenses(group: groupID) }
    }

    func readPayments() async throws -> [Payment] {
        try await read(\.lastPayments) { [client, groupID] in try await client.payments(group: groupID) }
    }

    /// The latest read kept in `cache`, else a fresh one (then kept).
    private func read<Value>(_ cache: ReferenceWritableKeyPath<UploadRun, Value?>, _ fetch: () async throws -> Value)
        async throws -> Value {
        if let known = self[keyPath: cache] { return known }
        let fetched = try await fetch()
        self[keyPath: cache] = fetched
        return fetched
    }
}
