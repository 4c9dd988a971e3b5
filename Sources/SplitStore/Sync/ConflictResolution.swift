import GRDB
import SplitCore

/// `split resolve ID --mine`: the local side of a conflict becomes a new local change.
struct ConflictResolution {
    let run: StoreRun
    let db: Database
    let conflict: SyncConflict
    let at: Timestamp
    /// What the server holds, as the link's protocol says: read once.
    private let server: ServerLimits?

    init(run: StoreRun, db: Database, conflict: SyncConflict, at: Timestamp) throws {
        self.run = run
        self.db = db
        self.conflict = conflict
        self.at = at
        server = LocalItems.server(of: try OutboxRecorder.open(run, db, conflict.trip)?.syncProtocol)
    }

    private var items: LocalItems { LocalItems(db: db, trip: conflict.trip, server: server) }
    /// The rows take the kept version; ``change(_:before:)`` queues what the planner sends.
    private var writer: TripWriter {
        get throws { try TripWriter(run, db, trip: conflict.trip, at: at, origin: .merge, server: server) }
    }

    func keepMine() throws {
        let key = conflict.item
        let current = try items.read(key)
        switch (conflict.field, conflict.mine) {
        case (_, nil):
            // My side deleted it: delete it again.
            guard let current else { return }
            try writer.put(key, nil)
            try change(Self.removal(of: key), before: current)
        case ("held", let mine?):
            // The server's version has no sound reading: mine goes as the fix, on the
            // server's current revision (a payment cannot be edited: it comes back anew).
            guard let operation = SyncPlanner.resend(mine) else {
                try recreate(mine)
                return
            }
            try writer.put(key, mine)
            try change(operation, before: nil)
        case ("deleted", let mine?):
            // Their side deleted it: mine comes back as a new item.
            try recreate(mine)
        case ("rejected", let mine?) where current == nil:
            // The server never took it: it goes again as a new item.
            try recreate(mine)
        case (let field, let mine?):
            guard var value = current else {
                throw StoreError.invalid("the \(key.kindName) of this conflict no longer exists; nothing to keep")
            }
            switch (mine, value) {
            case (.expense(let mineExpense), .expense(var expense)):
                if let group = ExpenseField(rawValue: field) {
                    group.copy(from: mineExpense, into: &expense)
                } else {
                    expense = Expense(id: expense.id, description: mineExpense.description, amount: mineExpense.amount,
                                      category: mineExpense.category, payers: mineExpense.payers, date: mineExpense.date,
                                      note: mineExpense.note, splits: mineExpense.splits, createdAt: expense.createdAt,
                                      splitGiven: mineExpense.splitGiven)
                }
                value = .expense(expense)
            case (.member(let mineMember), .member(let member)):
                // Refused when another member holds the name now, as a local rename is.
                try writer.renameMember(member.id, to: mineMember.name)
                value = .member(Member(id: member.id, name: mineMember.name))
            case (.rate, .rate), (.group, .group):
                value = mine
            default:
                throw StoreError.invalid("conflict \(conflict.id) cannot be kept as mine: a \(key.kindName) cannot be changed")
            }
            guard let operation = SyncPlanner.resend(value) else { return }
            try writer.put(key, value)
            try change(operation, before: current)
        }
    }

    /// Brings `mine` back under a new id: the server keeps a deleted id deleted.
    private func recreate(_ mine: SyncValue) throws {
        let fresh = run.ids()
        let value: SyncValue
        let operation: SyncOperation
        switch mine {
        case .expense(let expense):
            let copy = Expense(id: ExpenseID(fresh), description: expense.description, amount: expense.amount,
                               category: expense.category, payers: expense.payers, date: expense.date, note: expense.note,
                               splits: expense.splits, splitGiven: expense.splitGiven)
            (value, operation) = (.expense(copy), .createExpense(copy))
        case .payment(let payment):
            let copy = Payment(id: PaymentID(fresh), from: payment.from, to: payment.to, amount: payment.amount,
                               date: payment.date, note: payment.note)
            (value, operation) = (.payment(copy), .createPayment(copy))
        case .member(let member):
            let copy = Member(id: MemberID(fresh), name: member.name)
            (value, operation) = (.member(copy), .createMember(copy))
        case .rate(let currency, let rate):
            (value, operation) = (mine, .setRate(currency: currency, rate: rate))
        case .categories(let list):
            (value, operation) = (mine, .setCategories(list))
        case .recurring(let rule):
            let copy = RecurringRule(id: RecurringRuleID(fresh), template: rule.template, schedule: rule.schedule, paused: rule.paused)
            (value, operation) = (.recurring(copy), .putRecurring(copy))
        case .exchanges:
            throw StoreError.invalid("the settle step was undone on the server; record it again with: split settle --record --in CUR")
        case .group:
            throw StoreError.invalid("the cloud trip itself was deleted; unlink it with: split trip delete NAME --yes")
        }
        try writer.put(value.key, value)
        try change(operation, before: nil)
    }

    private func change(_ operation: SyncOperation, before: SyncValue?) throws {
        guard let recorder = try OutboxRecorder.open(run, db, conflict.trip) else { return }
        try recorder.append(operation, before: before, at: at)
        try run.noteQueued(db, trip: conflict.trip)
    }

    static func removal(of key: SyncItemKey) throws -> SyncOperation {
        switch key {
        case .member(let id): return .removeMember(id)
        case .expense(let id): return .deleteExpense(id)
        case .payment(let id): return .deletePayment(id)
        case .rate(let code): return .setRate(currency: try Currency(code: code), rate: nil)
        case .recurring(let id): return .deleteRecurring(id)
        case .categories: throw StoreError.invalid("a trip always has its categories; change them with split category")
        case .exchanges(let step): return .removeExchanges(step)
        case .group: throw StoreError.invalid("a cloud trip is deleted with: split trip delete NAME --yes --everywhere")
        }
    }
}
