import GRDB
import SplitCore

/// Queues what a trip holds of its own for a server that had none of it yet: after an upload
/// (which carries none of it) and when the server gains a part it lacked
/// (``LocalBackend/serverKeeps(_:trip:at:)``). Each part goes as the operations a command
/// would have queued; the client answers on the device those of a part the server lacks.
struct TripOwnQueue {
    let recorder: OutboxRecorder
    let db: Database
    let trip: TripID
    let at: Timestamp

    /// The trip's queue, or nil when it is not linked.
    init?(_ run: StoreRun, _ db: Database, trip: TripID, at: Timestamp) throws {
        guard let recorder = try OutboxRecorder.open(run, db, trip) else { return nil }
        (self.recorder, self.db, self.trip, self.at) = (recorder, db, trip, at)
    }

    func queue(_ part: TripOwnPart) throws {
        switch part {
        case .departures: try departures()
        case .recurring: try recurring()
        case .categories: try categories()
        }
    }

    /// Every live recurring rule.
    func recurring() throws {
        for rule in try RecurringRuleRecord.live(trip).fetchAll(db) {
            try recorder.append(.putRecurring(rule.rule.shared), before: nil, at: at)
        }
    }

    /// Every settle step in one currency.
    func settleSteps() throws {
        for step in ExchangeStep.steps(try ExchangeRecord.exchanges(db, trip: trip)) {
            try recorder.append(.recordExchanges(step), before: nil, at: at)
        }
    }

    /// The day each member who moved out left.
    func departures() throws {
        for (member, date) in try MemberRecord.departures(db, trip: trip).sorted(by: { $0.key < $1.key }) {
            try recorder.append(.setDeparture(member: member, leftOn: date), before: nil, at: at)
        }
    }

    /// The category list when it is not the six, and each expense in a category of the trip's
    /// own again (the server held it as Other).
    func categories() throws {
        let categories = try CategoryRecord.categories(db, trip: trip).categories
        guard categories != Category.defaults else { return }
        try recorder.append(.setCategories(categories), before: nil, at: at)
        var own: [Expense] = []
        try ExpenseListing.stream(db, trip: trip) { if !$0.category.isDefault { own.append($0) } }
        for expense in own { try recorder.append(.updateExpense(expense), before: nil, at: at) }
    }
}
