import SplitCore

/// Turns the iOS app's data into trips: one per event, plus one named after the file for
/// expenses outside any event.
///
/// The rules, in one place for both the app's SQLite and its legacy JSON:
/// - float amounts become minor units half to even, and splits that then miss the amount are
///   repaired by largest remainder (each repair is a warning);
/// - `payer_earned` expenses keep every stored share and are imported at amount + payer_earned,
///   with a note (the app's own formula loses that money from its balances);
/// - paid marks become paid shares; settlement payments become payments, a waived shortfall
///   (`amountTreatedByMe`) a second payment noted "waived".
struct AppPlanBuilder {
    let data: AppData
    /// The trip name for expenses outside every event (the file's name without extension).
    let fileName: String

    private var warnings = ImportWarnings()

    init(data: AppData, fileName: String) {
        self.data = data
        self.fileName = fileName
    }

    /// One trip being assembled: its key (for sources), name and members in order.
    private struct Draft {
        var key: String
        var name: String
        var event: AppData.Event?
        var memberIDs: [String] = []
        var names: [String: String] = [:]
        var expenses: [AppData.Expense] = []
        var payments: [AppData.Payment] = []

        mutating func include(_ id: String, name: String) {
            guard names[id] == nil else { return }
            memberIDs.append(id)
            names[id] = name
        }
    }

    mutating func build() throws(ImportError) -> ImportPlan {
        var global: [String: AppData.Member] = [:]
        for member in data.members {
            guard global[member.id] == nil else { throw ImportError(member.location, "member id '\(member.id)' appears twice") }
            global[member.id] = member
        }

        // Events first, in the file's order; the file's own trip last, if it is needed.
        var drafts: [Draft] = []
        var draftOfEvent: [String: Int] = [:]
        for event in data.events {
            guard draftOfEvent[event.id] == nil else { throw ImportError(event.location, "event id '\(event.id)' appears twice") }
            var draft = Draft(key: "event:\(event.id)", name: event.name, event: event)
            for member in event.members { draft.include(member.id, name: member.name) }
            for id in event.memberIDs {
                if let member = global[id] { draft.include(id, name: member.name) }
                else if draft.names[id] == nil {
                    warnings.add("\(event.location): member '\(id)' of event '\(event.name)' is not in the file's members; left out")
                }
            }
            draftOfEvent[event.id] = drafts.count
            drafts.append(draft)
        }
        var fileDraft = Draft(key: "file:\(fileName)", name: fileName)
        for member in data.members { fileDraft.include(member.id, name: member.name) }

        var tripOfExpense: [String: Int] = [:]
        var seenExpenses = Set<String>()
        for expense in data.expenses {
            guard seenExpenses.insert(expense.id).inserted else {
                throw ImportError(expense.location, "expense id '\(expense.id)' appears twice")
            }
            if let eventID = expense.eventID, !eventID.isEmpty {
                if let index = draftOfEvent[eventID] {
                    drafts[index].expenses.append(expense)
                    tripOfExpense[expense.id] = index
                    continue
                }
                warnings.add("\(expense.location): event '\(eventID)' is not in the file; the expense goes to trip '\(fileName)'")
            }
            fileDraft.expenses.append(expense)
            tripOfExpense[expense.id] = -1
        }

        // A payment goes to the trip of the expenses it paid for, else to a trip holding both
        // people (the file's own trip first, then the latest event).
        for payment in data.payments {
            if let target = payment.forExpenses.lazy.compactMap({ tripOfExpense[$0] }).first {
                if target < 0 { fileDraft.payments.append(payment) } else { drafts[target].payments.append(payment) }
                continue
            }
            let both = { (draft: Draft) in draft.names[payment.debtor] != nil && draft.names[payment.creditor] != nil }
            if !fileDraft.expenses.isEmpty && both(fileDraft) {
                fileDraft.payments.append(payment)
            } else if let index = drafts.indices.last(where: { both(drafts[$0]) }) {
                drafts[index].payments.append(payment)
            } else if global[payment.debtor] != nil && global[payment.creditor] != nil {
                fileDraft.payments.append(payment)
            } else {
                let missing = global[payment.debtor] == nil ? payment.debtor : payment.creditor
                throw ImportError(payment.location, "names member '\(missing)', who is not in the file")
            }
        }
        if !fileDraft.expenses.isEmpty || !fileDraft.payments.isEmpty || drafts.isEmpty {
            drafts.append(fileDraft)
        }

        var plan = ImportPlan()
        var usedNames = Set<String>()
        for var draft in drafts {
            // A member the expenses use but the event did not list still belongs to the trip.
            for expense in draft.expenses {
                for id in [expense.paidBy] + expense.splits.map(\.member) where draft.names[id] == nil {
                    guard let member = global[id] else {
                        throw ImportError(expense.location, "names member '\(id)', who is not in the file")
                    }
                    draft.include(id, name: member.name)
                }
            }
            for payment in draft.payments {
                for id in [payment.debtor, payment.creditor] where draft.names[id] == nil {
                    guard let member = global[id] else {
                        throw ImportError(payment.location, "names member '\(id)', who is not in the file")
                    }
                    draft.include(id, name: member.name)
                }
            }
            draft.name = Self.unique(draft.name.trimmingSpaces.isEmpty ? "Imported trip" : draft.name, in: &usedNames)
            plan.trips.append(try trip(draft))
        }
        plan.warnings = warnings.all
        return plan
    }

    private mutating func trip(_ draft: Draft) throws(ImportError) -> ImportTrip {
        // One source string per member, built once rather than for each of thousands of splits.
        var sourceOf: [String: String] = [:]
        for id in draft.memberIDs { sourceOf[id] = "ios:\(draft.key):member:\(id)" }
        let memberSource = { (id: String) in sourceOf[id] ?? "ios:\(draft.key):member:\(id)" }
        let location = draft.event?.location ?? "trip '\(draft.name)'"
        let currency = try tripCurrency(draft, at: location)
        var trip = ImportTrip(source: "ios:\(draft.key)", name: draft.name, currency: currency)
        if let event = draft.event, let sub = event.subCurrency, !sub.isEmpty, let rate = event.subCurrencyRate {
            let code = try ImportValues.currency(sub, at: "\(event.location), column sub_currency")
            if code != currency {
                guard rate > 0, rate.isFinite, let parsed = try? ExchangeRate(parsing: "\(rate)") else {
                    throw ImportError("\(event.location), column sub_currency_rate", "\(rate) is not a positive exchange rate")
                }
                trip.rates[code.code] = parsed
            }
        }
        var taken = Set<String>()
        for id in draft.memberIDs {
            let name = Self.unique(draft.names[id] ?? id, in: &taken)
            if name != draft.names[id] {
                warnings.add("trip '\(draft.name)': two members are called '\(draft.names[id] ?? id)'; the second is imported as '\(name)'")
            }
            trip.members.append(ImportMember(source: memberSource(id), name: name))
        }
        let marks = Set(data.paidMarks.map { "\($0.expense)\u{0}\($0.debtor)" })
        for expense in draft.expenses {
            trip.expenses.append(try self.expense(expense, memberSource: memberSource, paid: { marks.contains("\(expense.id)\u{0}\($0)") }))
        }
        for payment in draft.payments {
            trip.payments += try payments(payment, currency: currency, memberSource: memberSource)
        }
        return trip
    }

    /// The event's main currency, else the one most of the trip's expenses use (ties: the
    /// earliest used), else USD.
    private func tripCurrency(_ draft: Draft, at location: String) throws(ImportError) -> Currency {
        if let main = draft.event?.mainCurrency, !main.isEmpty {
            return try ImportValues.currency(main, at: "\(location), column main_currency")
        }
        let best = ImportValues.mostUsed(draft.expenses.lazy.map { $0.currency.trimmingSpaces.uppercased() })
        return try ImportValues.currency(best ?? "USD", at: location)
    }

    private mutating func expense(_ item: AppData.Expense, memberSource: (String) -> String,
                                  paid: (String) -> Bool) throws(ImportError) -> ImportExpense {
        let currency = try ImportValues.currency(item.currency, at: data.field(item.location, json: "currency", column: "currency"))
        let amount = try ImportValues.minorUnits(item.amount, currency, at: data.field(item.location, json: "amount", column: "amount"))
        guard amount > 0 else { throw ImportError(data.field(item.location, json: "amount", column: "amount"), "must be more than zero, got \(item.amount)") }
        var seen = Set<String>()
        var shares: [Int64] = []
        for split in item.splits {
            guard seen.insert(split.member).inserted else {
                throw ImportError(item.location, "splits name member '\(split.member)' twice")
            }
            let share = try ImportValues.minorUnits(split.amount, currency, at: "\(item.location) split of '\(split.member)'")
            guard share >= 0 else { throw ImportError(item.location, "split of member '\(split.member)' is negative (\(split.amount))") }
            shares.append(share)
        }
        var label: String { "expense '\(item.description)' (\(item.location))" }
        let earned = try item.payerEarned.map { value throws(ImportError) in
            try ImportValues.minorUnits(value, currency, at: data.field(item.location, json: "payerEarned", column: "payer_earned"))
        } ?? 0
        var total = amount
        var note: String?
        let sum = shares.reduce(0, +)
        if earned > 0 {
            if sum == amount {
                warnings.add("\(label): payer_earned \(Money(minorUnits: earned, currency: currency)) ignored; the shares already sum to the amount")
            } else {
                total = amount + earned
                note = "imported at \(Money(minorUnits: total, currency: currency)): amount \(Money(minorUnits: amount, currency: currency)) "
                    + "plus payer_earned \(Money(minorUnits: earned, currency: currency)), the app's rounding up of each debtor's share"
                warnings.add("\(label): payer_earned \(Money(minorUnits: earned, currency: currency)); imported at \(Money(minorUnits: total, currency: currency)) so every debtor owes exactly the stored share")
            }
        } else if earned < 0 {
            throw ImportError(data.field(item.location, json: "payerEarned", column: "payer_earned"), "must not be negative, got \(item.payerEarned ?? 0)")
        }
        // The rule sync reads other clients' data by (SplitCore's ForeignReading.fit): float
        // shares repaired by largest remainder, a shortfall the payer's own share. An import
        // has nowhere to hold an expense, so shares over the amount are scaled down the same
        // largest-remainder way, and the warning says so.
        var payerRest: Int64 = 0
        let fit = ForeignReading.fit(shares, floats: item.splits.map(\.amount), total: total, currency: currency)
        let repaired: [Int64]?
        switch fit {
        case .exact: repaired = nil
        case .repaired(let fitted): repaired = fitted
        case .restToPayer(let rest):
            repaired = nil
            payerRest = rest
            warnings.add("\(label): splits summed to \(Money(minorUnits: sum, currency: currency)), not \(Money(minorUnits: total, currency: currency)); the rest, \(Money(minorUnits: rest, currency: currency)), is the payer's own share")
        case .over:
            guard let scaled = FloatAmounts.repair(shares, floats: item.splits.map(\.amount), total: total, currency: currency) else {
                throw ImportError(item.location, "splits sum to \(Money(minorUnits: sum, currency: currency)), which cannot be repaired to \(Money(minorUnits: total, currency: currency))")
            }
            repaired = scaled
        }
        if let repaired {
            let changes = zip(item.splits, zip(shares, repaired)).compactMap { split, pair -> String? in
                let delta = pair.1 - pair.0
                guard delta != 0 else { return nil }
                return "\(delta > 0 ? "+" : "-")\(DecimalText.major(abs(delta), exponent: currency.exponent, padded: true)) to '\(split.member)'"
            }
            warnings.add("\(label): splits summed to \(Money(minorUnits: sum, currency: currency)), not \(Money(minorUnits: total, currency: currency)); repaired: \(changes.joined(separator: ", "))")
            shares = repaired
        }
        return ImportExpense(
            source: "ios:expense:\(item.id)", description: item.description,
            amount: Money(minorUnits: total, currency: currency),
            category: ImportCategories.category(item.category, warnings: &warnings),
            paidBy: memberSource(item.paidBy), date: item.date, note: note, createdAt: item.createdAt,
            splits: Self.withPayerRest(zip(item.splits, shares).map { split, share in
                ImportExpense.Share(member: memberSource(split.member), amount: share,
                                    isPaid: split.member != item.paidBy && paid(split.member))
            }, payer: memberSource(item.paidBy), rest: payerRest))
    }

    /// `shares` with `rest` added to the payer's share, or a share of `rest` for the payer.
    static func withPayerRest(_ shares: [ImportExpense.Share], payer: String, rest: Int64) -> [ImportExpense.Share] {
        guard rest > 0 else { return shares }
        var result = shares
        if let index = result.firstIndex(where: { $0.member == payer }) {
            result[index].amount += rest
        } else {
            result.append(ImportExpense.Share(member: payer, amount: rest))
        }
        return result
    }

    /// The payment, and a second one for a shortfall the creditor waived.
    private func payments(_ item: AppData.Payment, currency: Currency,
                          memberSource: (String) -> String) throws(ImportError) -> [ImportPayment] {
        guard item.debtor != item.creditor else { throw ImportError(item.location, "goes from a member to themselves") }
        let amount = try ImportValues.minorUnits(item.amount, currency, at: "\(item.location).amount")
        let waived = try item.amountTreatedByMe.map { value throws(ImportError) in
            try ImportValues.minorUnits(value, currency, at: "\(item.location).amountTreatedByMe")
        } ?? 0
        guard amount >= 0, waived >= 0, amount + waived > 0 else {
            throw ImportError("\(item.location).amount", "must be more than zero, got \(item.amount)")
        }
        var notes: [String] = []
        if let note = item.note?.trimmingSpaces, !note.isEmpty { notes.append(note) }
        if let received = item.amountReceived {
            notes.append("received \(Money(minorUnits: try ImportValues.minorUnits(received, currency, at: "\(item.location).amountReceived"), currency: currency))")
        }
        if let change = item.changeGivenBack {
            notes.append("change given back \(Money(minorUnits: try ImportValues.minorUnits(change, currency, at: "\(item.location).changeGivenBack"), currency: currency))")
        }
        var result: [ImportPayment] = []
        if amount > 0 {
            result.append(ImportPayment(source: "ios:payment:\(item.id)", from: memberSource(item.debtor), to: memberSource(item.creditor),
                                        amount: Money(minorUnits: amount, currency: currency), date: item.date,
                                        note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
        }
        if waived > 0 {
            result.append(ImportPayment(source: "ios:payment:\(item.id):waived", from: memberSource(item.debtor), to: memberSource(item.creditor),
                                        amount: Money(minorUnits: waived, currency: currency), date: item.date, note: "waived"))
        }
        return result
    }

    /// `name`, or `name (2)`, `name (3)`… when taken (case-insensitively).
    static func unique(_ name: String, in taken: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(name) (\(counter))"
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
