import GRDB
import SplitCore

/// The one writer of a trip's tables: `trip`, `member`, `expense`, `expense_split`, `payment`,
/// `currency_exchange`, `trip_rate` and `trip_me`. No other code writes them (the claim sync clears `trip_me` once
/// the server has taken the claim).
///
/// Every change is a ``SplitCore/TripChange`` applied inside the caller's transaction, whatever
/// its origin (``WriteOrigin``): a command, undo, an import, a pulled server item or a rekey.
/// For each, the writer
/// - checks SplitCore's rules once, when the origin asks (the expense rule, the payment rule,
///   membership and live-name uniqueness; a pulled item was read by `ForeignReading` already);
/// - writes the rows (the schema's triggers keep the balance totals);
/// - appends the outbox operation when the origin is local and the trip is linked;
/// - writes the activity entry with the inverse `undo` needs.
///
/// A writer asks for the trip's link once, when it is made, and only for origins that queue:
/// the backend's ``LinkCache``, so a command that read its scope reads no `trip_link` here.
struct TripWriter {
    let run: StoreRun
    let db: Database
    let trip: TripID
    let at: Timestamp
    let origin: WriteOrigin
    /// The linked trip's outbox, for origins that queue; nil otherwise.
    let recorder: OutboxRecorder?
    /// Whether a server's version of an expense keeps the split as given stored here: when
    /// the server holds only the shares (the Node server), for the origins that write the
    /// server's versions (a pull, a merge).
    let keepsLocalSplitGiven: Bool
    /// Whether a server's version of an expense in Other keeps the category of the trip's own
    /// stored here: when the server stores none (``SplitCore/ServerLimits/storesCategories``).
    let keepsLocalCategory: Bool

    /// `server`: what the trip's server holds, for a writer of its versions (nil: everything).
    init(_ run: StoreRun, _ db: Database, trip: TripID, at: Timestamp, origin: WriteOrigin,
         server: ServerLimits? = nil) throws {
        self.run = run
        self.db = db
        self.trip = trip
        self.at = at
        self.origin = origin
        recorder = origin.queues ? try OutboxRecorder.open(run, db, trip) : nil
        keepsLocalSplitGiven = server.map { !$0.keepsSplitGiven } ?? false
        keepsLocalCategory = server.map { !$0.storesCategories } ?? false
    }

    /// Whether the change goes to a server: the trip is linked and the origin queues.
    var linked: Bool { recorder != nil }

    /// Applies one change. The typed methods beside it return what callers show.
    func apply(_ change: TripChange) throws {
        switch change {
        case .createTrip(let name, let currency): try createTrip(name: name, currency: currency)
        case .renameTrip(let name): try renameTrip(to: name)
        case .setRate(let currency, let rate): try setRate(currency, rate)
        case .addMembers(let members): try addMembers(members)
        case .renameMember(let id, let name): try renameMember(id, to: name)
        case .removeMember(let id): try removeMember(id)
        case .restoreMember(let id): try restoreMember(id)
        case .setDeparture(let id, let date): try setDeparture(id, from: date)
        case .addCategory(let name, let position): try addCategory(name, position: position)
        case .renameCategory(let old, let new): try renameCategory(old, to: new)
        case .removeCategory(let name): try removeCategory(name)
        case .addExpenses(let expenses): try addExpenses(expenses)
        case .editExpense(let expense): try editExpense(expense)
        case .deleteExpense(let id): try deleteExpense(id)
        case .restoreExpense(let id): try restoreExpense(id)
        case .setSharePaid(let expense, let member, let paid): try setSharePaid(expense: expense, member: member, paid: paid)
        case .addPayments(let payments): try addPayments(payments)
        case .editPayment(let payment): try editPayment(payment)
        case .deletePayment(let id): try deletePayment(id)
        case .restorePayment(let id): try restorePayment(id)
        case .settleInOne(let exchanges, let payments): try settleInOne(exchanges: exchanges, payments: payments)
        case .removeExchanges(let ids): try removeExchanges(ids)
        case .setMe(let member): try setMe(member)
        case .put(let key, let value, let createdAt): try put(key, value, createdAt: createdAt)
        }
    }

    /// Queues `operation` when the trip is linked and the origin queues. `before` is the
    /// item's local version before the write (nil for a new item).
    func queue(_ operation: SyncOperation, before: SyncValue?) throws {
        try recorder?.append(operation, before: before, at: at)
    }

    /// The item as the trip holds it now, read only when a queued operation needs its base.
    func before(_ key: SyncItemKey) throws -> SyncValue? {
        linked ? try items.read(key) : nil
    }

    /// Appends the change's activity entry when the origin logs.
    func log(_ action: String, _ summary: String, undo: UndoAction) throws {
        guard origin.logs else { return }
        try ActivityLog.append(db, trip: trip, at: at, action: action, summary: summary, undo: undo)
    }

    var items: LocalItems { LocalItems(db: db, trip: trip, server: LocalItems.server(of: recorder?.syncProtocol)) }
}
