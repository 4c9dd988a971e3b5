import Foundation
import GRDB
import SplitCore

extension LocalBackend {
    /// Writes `plan` in one transaction (or rehearses it and rolls back when `dryRun`).
    ///
    /// - A trip, member, expense or payment whose source was imported before is not added again;
    ///   importing the same file twice adds nothing the second time.
    /// - `into` imports every trip of the plan into that existing trip instead.
    /// - A new trip whose name is taken by a trip that did not come from this source is refused,
    ///   with a hint to use `into`.
    /// - Members are matched by source, then by name (case-insensitive), else created.
    /// - `keepIDs` keeps the source's UUIDs as local ids where they are free (split's own export).
    public func importPlan(_ plan: ImportPlan, into: TripID?, keepIDs: Bool, dryRun: Bool, at: Timestamp,
                           newID: () -> String) throws -> ImportSummary {
        let body = { (db: Database) throws -> ImportSummary in
            var summary = ImportSummary()
            let bulk = plan.trips.reduce(0) { $0 + $1.expenses.count + $1.payments.count } >= BulkTotals.threshold
            let totals = bulk ? try BulkTotals.suspend(db) : nil
            defer { totals?.restoreCacheSize(db) }
            let sources = ImportSources(db, at: at.iso8601)
            for trip in plan.trips {
                if let result = try self.importTrip(db, trip, into: into, keepIDs: keepIDs, at: at, sources: sources,
                                                    totals: totals, newID: newID) {
                    summary.trips.append(result)
                }
            }
            try sources.flush()
            try totals?.resume(db)
            // Only an existing trip can be linked; what the import added to it goes to the outbox.
            if let into, let recorder = try OutboxRecorder.open(self.run, db, into) {
                try recorder.queueUnsent(at: at)
                if !dryRun { try self.run.noteQueued(db, trip: into) }
            }
            return summary
        }
        return dryRun ? try database.rehearse(body) : try database.write(body)
    }

    /// Imports one trip; nil when it would be a new trip holding only things imported before
    /// (the same file under another name), which is skipped rather than created empty.
    private func importTrip(_ db: Database, _ trip: ImportTrip, into: TripID?, keepIDs: Bool, at: Timestamp,
                            sources: ImportSources, totals: BulkTotals?, newID: () -> String) throws -> ImportSummary.Trip? {
        func known(_ kind: String, _ source: String) throws -> String? { try sources.local(kind, source) }
        func record(_ kind: String, _ source: String, trip: String, local: String) throws {
            try sources.record(kind, source, trip: trip, local: local)
        }
        func freshID(_ source: String, table: (some TableRecord).Type) throws -> String {
            if keepIDs, source.utf8.count == 36, UUID(uuidString: source) != nil {
                let id = source.lowercased()
                // One SQL text per table: the statement is cached across the import's rows.
                let taken = try Bool.fetchOne(db.cachedStatement(literal: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = \(id))"))
                    ?? false
                if !taken { return id }
            }
            return newID()
        }

        // The trip.
        var tripID: String
        var created = false
        let name = try NameRules.trip(trip.name)
        if let into {
            tripID = into.rawValue
        } else if let existing = try known("trip", trip.source),
                  try !TripRecord.withID(TripID(existing)).isEmpty(db) {
            tripID = existing
        } else {
            let sources = trip.expenses.map { ("expense", $0.source) } + trip.payments.map { ("payment", $0.source) }
            if !sources.isEmpty, try sources.allSatisfy({ try known($0.0, $0.1) != nil }) { return nil }
            if try !TripRecord.named(Member.key(for: name)).isEmpty(db) {
                throw StoreError.invalid("a trip named '\(name)' already exists; import into it with --into '\(name)', or rename it first")
            }
            tripID = try freshID(Self.sourceID(trip.source), table: TripRecord.self)
            try TripWriter(run, db, trip: TripID(tripID), at: at, origin: .importing).insertTrip(name: name, currency: trip.currency)
            created = true
        }
        try record("trip", trip.source, trip: tripID, local: tripID)
        let tripRef = TripID(tripID)
        let writer = try TripWriter(run, db, trip: tripRef, at: at, origin: .importing)
        var result = ImportSummary.Trip(tripID: tripRef, name: try writer.tripColumn(TripRecord.Columns.name) ?? name,
                                        created: created)
        for (code, rate) in trip.rates.sorted(by: { $0.key < $1.key }) {
            try writer.writeRate(code, rate.text, keep: true)
        }

        // Members: by source, then by name, else new.
        var members: [String: MemberID] = [:]
        var live = try MemberRecord.names(db, trip: tripRef)
        var byName: [String: MemberID] = [:]
        for (id, memberName) in live { byName[Member.key(for: memberName)] = id }
        for member in trip.members {
            let memberName = try NameRules.member(member.name)
            if let local = try known("member", member.source), live[MemberID(local)] != nil {
                members[member.source] = MemberID(local)
            } else if let existing = byName[Member.key(for: memberName)] {
                members[member.source] = existing
            } else {
                let id = try freshID(Self.sourceID(member.source), table: MemberRecord.self)
                try writer.insertMember(Member(id: MemberID(id), name: memberName))
                members[member.source] = MemberID(id)
                live[MemberID(id)] = memberName
                byName[Member.key(for: memberName)] = MemberID(id)
                result.membersAdded += 1
            }
            try record("member", member.source, trip: tripID, local: members[member.source]!.rawValue)
        }
        for (source, date) in trip.departures {
            if let id = members[source] {
                try MemberRecord.withID(id).filter(MemberRecord.Columns.tripID == tripID)
                    .updateAll(db, MemberRecord.Columns.leftOn.set(to: date.description))
            }
        }
        // A trip this import makes has the file's categories, in its order, and no others.
        if created && !trip.categories.isEmpty {
            try CategoryRecord.filter(CategoryRecord.Columns.tripID == tripID).deleteAll(db)
        }
        try writer.ensureCategories(trip.categories + trip.expenses.map(\.category.rawValue))
        func local(_ source: String, _ what: String) throws -> MemberID {
            guard let id = members[source] else { throw StoreError.invalid("\(what) refers to member '\(source)', who is not in the file") }
            return id
        }

        // Expenses: checked and given ids first, then inserted.
        var additions: [(expense: Expense, createdAt: Timestamp?)] = []
        for item in trip.expenses {
            if try known("expense", item.source) != nil {
                result.expensesSkipped += 1
                continue
            }
            let expense = Expense(
                id: ExpenseID(try freshID(Self.sourceID(item.source), table: ExpenseRecord.self)), description: item.description,
                amount: item.amount, category: item.category,
                payers: try item.payers.map { ExpensePayer(memberID: try local($0.member, "expense '\(item.description)'"), amount: $0.amount) },
                date: item.date, note: item.note,
                splits: try item.splits.map { ExpenseSplit(memberID: try local($0.member, "a split of '\(item.description)'"),
                                                           amount: $0.amount, isPaid: $0.isPaid) })
            do {
                try expense.validate()
            } catch {
                throw StoreError.invalid("expense '\(item.description)' (\(item.source)): \(error.description)")
            }
            do {
                try expense.validateText()
            } catch {
                throw StoreError.invalid("expense (\(item.source)): \(error.message)")
            }
            // The split as given, in the trip's members, when it still gives these shares.
            let rule = item.splitGiven.flatMap { given in
                SplitRuleText.rule(given.text)?.mappingMembers { id in given.memberSources[id.rawValue].flatMap { members[$0] } }
            }.flatMap { $0.reproduces(expense.splits, amount: expense.amount) ? $0 : nil }
            var kept = expense
            kept.splitGiven = rule
            additions.append((kept, item.createdAt))
            try record("expense", item.source, trip: tripID, local: expense.id.rawValue)
            result.expensesAdded += 1
            result.totals[item.amount.currency.code, default: 0] += item.amount.minorUnits
        }
        // In id order, so the id indexes of expenses and splits are appended to rather than
        // split at random pages: a fifth less time for a 100,000-expense import.
        additions.sort { $0.expense.id.rawValue < $1.expense.id.rawValue }
        for (expense, createdAt) in additions {
            try writer.insertExpense(expense, createdAt: createdAt)
            totals?.add(expense, trip: tripRef)
        }

        // Payments.
        for item in trip.payments {
            if try known("payment", item.source) != nil {
                result.paymentsSkipped += 1
                continue
            }
            let from = try local(item.from, "a payment"), to = try local(item.to, "a payment")
            do {
                try Payment.validate(from: from, to: to, minorUnits: item.amount.minorUnits, amountText: item.amount.majorText)
            } catch {
                throw StoreError.invalid("payment \(item.source): \(error.description)")
            }
            if let note = item.note {
                do {
                    try TextRules.check(note, field: "note", allowing: TextRules.noteAllows)
                } catch {
                    throw StoreError.invalid("payment (\(item.source)): \(error.message)")
                }
            }
            let id = try freshID(Self.sourceID(item.source), table: PaymentRecord.self)
            try writer.insertPayment(Payment(id: PaymentID(id), from: from, to: to, amount: item.amount, date: item.date,
                                             note: item.note))
            totals?.addPayment(from: from, to: to, amount: item.amount, trip: tripRef)
            try record("payment", item.source, trip: tripID, local: id)
            result.paymentsAdded += 1
        }
        try importExchanges(db, trip.exchanges, trip: tripRef, into: into, at: at, result: &result, local: { try local($0, "an exchange") },
                            known: known, record: record, keepIDs: keepIDs, newID: newID,
                            freshID: { try freshID(Self.sourceID($0), table: ExchangeRecord.self) })
        if result.expensesAdded + result.paymentsAdded + result.membersAdded + result.exchangesAdded > 0 || created {
            try ActivityLog.append(db, trip: tripRef, at: at, action: "import",
                    summary: "imported " + ([(result.membersAdded, "member"), (result.expensesAdded, "expense"), (result.paymentsAdded, "payment")]
                        + (result.exchangesAdded > 0 ? [(result.exchangesAdded, "currency exchange")] : []))
                        .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", "),
                    undo: .none)
        }
        return result
    }

    /// Adds the file's currency exchanges not imported before. Each settle step must sum to
    /// zero in every currency, as the nets do. Ids are fresh unless `keepIDs` (then the file's
    /// exchange and step ids are kept where free, as for payments). No server holds
    /// exchanges yet, so a linked trip refuses them.
    private func importExchanges(_ db: Database, _ items: [ImportExchange], trip: TripID, into: TripID?, at: Timestamp,
                                 result: inout ImportSummary.Trip, local: (String) throws -> MemberID,
                                 known: (String, String) throws -> String?,
                                 record: (String, String, String, String) throws -> Void, keepIDs: Bool,
                                 newID: () -> String, freshID: (String) throws -> String) throws {
        let fresh = try items.filter { try known("exchange", $0.source) == nil }
        guard !fresh.isEmpty else { return }
        if into != nil, try OutboxRecorder.open(run, db, trip) != nil {
            throw StoreError.serverCannot("the file holds currency exchanges (settle --record --in), which the server of "
                                          + "this linked trip cannot hold; import it as a new local trip")
        }
        var sums: [String: [Currency: Int128]] = [:]
        for item in fresh {
            sums[item.step, default: [:]][item.from.currency, default: 0] += Int128(item.from.minorUnits)
            sums[item.step, default: [:]][item.to.currency, default: 0] += Int128(item.to.minorUnits)
        }
        for (step, totals) in sums.sorted(by: { $0.key < $1.key }) {
            if let (currency, _) = totals.sorted(by: { $0.key < $1.key }).first(where: { $0.value != 0 }) {
                throw StoreError.invalid("the currency exchanges of step \(step) do not sum to zero in \(currency.code); "
                                         + "every step's exchanges must, as the balances they carry do")
            }
        }
        var steps: [String: ExchangeID] = [:]
        for item in fresh {
            var step = steps[item.step] ?? ExchangeID(newID())
            if steps[item.step] == nil, keepIDs, item.step.utf8.count == 36, UUID(uuidString: item.step) != nil,
               try ExchangeRecord.filter(ExchangeRecord.Columns.stepID == item.step.lowercased()).isEmpty(db) {
                step = ExchangeID(item.step)
            }
            steps[item.step] = step
            let exchange = CurrencyExchange(id: ExchangeID(try freshID(item.source)), step: step, member: try local(item.member), from: item.from,
                                            to: item.to, date: item.date)
            do {
                try exchange.validate()
            } catch {
                throw StoreError.invalid("exchange \(item.source): \(error.description)")
            }
            try ExchangeRecord.insert(db, exchange, trip: trip, createdAt: at)
            try record("exchange", item.source, trip.rawValue, exchange.id.rawValue)
            result.exchangesAdded += 1
        }
    }

    /// The part of a source key after its last ':' (`split:expense:UUID` → `UUID`).
    static func sourceID(_ source: String) -> String {
        source.split(separator: ":").last.map(String.init) ?? source
    }
}
