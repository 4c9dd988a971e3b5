import SplitAPI
import SplitCore

/// split-server's sync protocol between the domain and the contract's schemas: outbox
/// operations out, answers and change feeds in. Ids are the same on both sides: a linked
/// trip's items are created with client-chosen ids.
enum SyncMapping {
    /// `splitGiven`: the server keeps the split as given (``SplitGivenMapping``).
    /// `categories`: the server holds the group's own categories (else they travel as Other).
    static func operation(_ pending: PendingOperation, splitGiven: Bool, categories: Bool = false) -> Components.Schemas.SyncOp {
        let id = pending.opID
        let ifMatch = pending.baseRevision
        switch pending.operation {
        case .createMember(let member):
            return .createMember(.init(opId: id, _type: "createMember", data: memberData(member)))
        case .renameMember(let member):
            return .renameMember(.init(opId: id, _type: "renameMember", ifMatch: ifMatch, data: memberData(member)))
        case .removeMember(let member):
            return .removeMember(.init(opId: id, _type: "removeMember", ifMatch: ifMatch, data: .init(id: member.rawValue)))
        case .createExpense(let expense):
            return .createExpense(.init(opId: id, _type: "createExpense",
                                        data: expenseData(expense, splitGiven: splitGiven, categories: categories)))
        case .updateExpense(let expense):
            return .updateExpense(.init(opId: id, _type: "updateExpense", ifMatch: ifMatch,
                                        data: expenseData(expense, splitGiven: splitGiven, categories: categories)))
        case .deleteExpense(let expense):
            return .deleteExpense(.init(opId: id, _type: "deleteExpense", ifMatch: ifMatch, data: .init(id: expense.rawValue)))
        case .setPaid(let expense, let member, let paid):
            return .setPaid(.init(opId: id, _type: "setPaid", ifMatch: ifMatch,
                                  data: .init(expenseId: expense.rawValue, memberId: member.rawValue, isPaid: paid)))
        case .createPayment(let payment):
            let currency = payment.amount.currency
            return .createPayment(.init(opId: id, _type: "createPayment", data: .init(
                id: payment.id.rawValue, fromMemberId: payment.from.rawValue, toMemberId: payment.to.rawValue,
                amount: WireAmount.number(payment.amount.minorUnits, currency), currency: currency.code, note: payment.note,
                paymentDate: NodeForms.text(payment.date))))
        case .deletePayment(let payment):
            return .deletePayment(.init(opId: id, _type: "deletePayment", ifMatch: ifMatch, data: .init(id: payment.rawValue)))
        case .setRate(let currency, let rate):
            return .setRate(.init(opId: id, _type: "setRate", ifMatch: ifMatch, data: .init(currency: currency.code, rate: rate?.text)))
        case .renameGroup(let name):
            return .renameGroup(.init(opId: id, _type: "renameGroup", ifMatch: ifMatch, data: .init(name: name)))
        case .putRecurring(let rule):
            // A category of the trip's own travels as Other (as on expenses); the device keeps it.
            var data = RecurringRuleWire.wire(rule)
            if !categories { data.category = rule.template.category.wireName }
            return .putRecurringRule(.init(opId: id, _type: "putRecurringRule", ifMatch: ifMatch, data: data))
        case .deleteRecurring(let rule):
            return .deleteRecurringRule(.init(opId: id, _type: "deleteRecurringRule", ifMatch: ifMatch, data: .init(id: rule.rawValue)))
        case .setCategories(let list):
            return .setCategories(.init(opId: id, _type: "setCategories", ifMatch: ifMatch, data: .init(names: list.map(\.rawValue))))
        case .recordExchanges(let step):
            return .recordExchanges(.init(opId: id, _type: "recordExchanges", data: ExchangeMapping.data(step)))
        case .removeExchanges(let step):
            return .removeExchanges(.init(opId: id, _type: "removeExchanges", ifMatch: ifMatch, data: .init(id: step.rawValue)))
        case .setDeparture(let member, let date):
            // The day is set whole, the later write winning: no ifMatch.
            return .setDeparture(.init(opId: id, _type: "setDeparture",
                                       data: .init(memberId: member.rawValue, leftOn: date.map(NodeForms.text))))
        }
    }

    private static func memberData(_ member: Member) -> Components.Schemas.SyncMemberData {
        .init(id: member.id.rawValue, name: member.name)
    }

    private static func expenseData(_ expense: Expense, splitGiven: Bool, categories: Bool) -> Components.Schemas.SyncExpenseData {
        let currency = expense.amount.currency
        return .init(
            id: expense.id.rawValue, description: expense.description,
            amount: WireAmount.number(expense.amount.minorUnits, currency), currency: currency.code,
            category: categories ? expense.category.rawValue : expense.category.wireName, paidByMemberId: expense.leadPayer.rawValue,
            expenseDate: NodeForms.text(expense.date), note: expense.note, createdAt: expense.createdAt?.iso8601,
            splits: expense.splits.map { split in
                .init(memberId: split.memberID.rawValue, amount: WireAmount.number(split.amount, currency), isPaid: split.isPaid)
            },
            payers: ExpenseMapping.payers(expense), splitGiven: SplitGivenMapping.wire(expense, sent: splitGiven))
    }

    // MARK: Answers

    static func outcome(_ result: Components.Schemas.SyncResult) -> OperationOutcome {
        let status: OperationOutcome.Status
        switch result.status {
        case .applied: status = .applied
        case .conflict: status = .conflict
        case .rejected: status = .rejected
        }
        return OperationOutcome(opID: result.opId.lowercased(), status: status,
                                current: result.current.flatMap(current), error: result.error)
    }

    private static func current(_ wire: Components.Schemas.SyncCurrent) -> RemoteItem? {
        if let member = wire.member { return memberItem(member) }
        if let expense = wire.expense { return expenseItem(expense) }
        if let payment = wire.payment { return paymentItem(payment) }
        if let rate = wire.rate { return rateItem(rate) }
        if let group = wire.group { return groupItem(group) }
        if let rule = wire.recurring { return recurringItem(rule) }
        if let list = wire.categories { return categoriesItem(list) }
        if let step = wire.exchanges { return ExchangeMapping.item(step) }
        return nil
    }

    /// A page of the change feed, in the order it must be applied.
    static func changes(_ wire: SyncChanges) -> RemoteChanges {
        var items: [RemoteItem] = []
        items.reserveCapacity(wire.members.count + wire.expenses.count + wire.payments.count + wire.rates.count + 1)
        var claims: [MemberID: String?] = [:]
        var departures: [MemberID: CivilDate?] = [:]
        if let group = wire.group { items.append(groupItem(group)) }
        for member in wire.members {
            items.append(memberItem(member))
            claims.updateValue(claim(member), forKey: MemberID(member.id))
            // A day that does not read is no departure: the member stays in default splits.
            if !member.deleted { departures.updateValue(member.leftOn.flatMap(NodeForms.date), forKey: MemberID(member.id)) }
        }
        for expense in wire.expenses { items.append(expenseItem(expense)) }
        for payment in wire.payments { items.append(paymentItem(payment)) }
        for rate in wire.rates { items.append(rateItem(rate)) }
        for rule in wire.recurring ?? [] { items.append(recurringItem(rule)) }
        if let list = wire.categories { items.append(categoriesItem(list)) }
        for step in wire.exchanges ?? [] { items.append(ExchangeMapping.item(step)) }
        return RemoteChanges(revision: wire.revision, items: items, claims: claims, departures: departures)
    }

    /// The account that claims a member of the feed: its `userId` (left out: nobody); none
    /// for a tombstone, whose claim went with the member.
    private static func claim(_ wire: Components.Schemas.MemberChange) -> String? {
        wire.deleted ? nil : wire.userId
    }

    /// The trip's fields. A currency split does not know leaves the trip's own in place.
    private static func groupItem(_ wire: Components.Schemas.GroupChange) -> RemoteItem {
        let currency = wire.currency.flatMap { try? Currency(code: $0) }
        return RemoteItem(key: .group, revision: wire.revision, value: .group(name: wire.name, currency: currency))
    }

    /// A member, a tombstone, or (a live member without a name) held.
    private static func memberItem(_ wire: Components.Schemas.MemberChange) -> RemoteItem {
        let id = MemberID(wire.id)
        guard !wire.deleted else { return RemoteItem(key: .member(id), revision: wire.revision, value: nil) }
        guard let name = wire.name else {
            return RemoteItem(key: .member(id), revision: wire.revision, value: nil,
                              held: HeldVersion(body: WireBody.text(wire), reason: "the member has no name"))
        }
        return RemoteItem(key: .member(id), revision: wire.revision, value: .member(Member(id: id, name: name)))
    }

    /// A live expense is another client's data: read by ``ForeignReading``, repaired or held,
    /// never refused. Only a change that lacks the fields of a live expense is unreadable.
    private static func expenseItem(_ wire: Components.Schemas.ExpenseChange) -> RemoteItem {
        let id = ExpenseID(wire.id)
        guard !wire.deleted else { return RemoteItem(key: .expense(id), revision: wire.revision, value: nil) }
        guard let code = wire.currency, let amount = wire.amount, let category = wire.category,
              let payer = wire.paidByMemberId, let dateText = wire.expenseDate, let wireSplits = wire.splits else {
            return RemoteItem(key: .expense(id), revision: wire.revision, value: nil, held: HeldVersion(
                body: WireBody.text(wire), reason: "the server sent a live expense without its amount, currency, category, "
                    + "payer, date or splits"))
        }
        let createdAt = wire.createdAt.flatMap { Timestamp(iso8601: $0) }
        let foreign = ForeignExpense(
            id: id, description: wire.description, amount: amount, currency: code, category: category,
            paidBy: MemberID(payer), payers: ExpenseMapping.foreignPayers(wire.payers), dateText: dateText,
            date: NodeForms.date(dateText), note: wire.note,
            shares: wireSplits.map { .init(memberID: MemberID($0.memberId), amount: $0.amount, isPaid: $0.isPaid) },
            createdAt: createdAt)
        switch SplitGivenMapping.reading(ForeignReading.expense(foreign), wire.splitGiven) {
        case .usable(let expense, let repairs):
            return RemoteItem(key: .expense(id), revision: wire.revision, value: .expense(expense), createdAt: createdAt,
                              repairs: repairs)
        case .held(let reason, let draft):
            return RemoteItem(key: .expense(id), revision: wire.revision, value: nil, createdAt: createdAt,
                              held: HeldVersion(body: WireBody.text(wire), reason: reason, draft: draft.map { .expense($0) }))
        }
    }

    private static func paymentItem(_ wire: Components.Schemas.PaymentChange) -> RemoteItem {
        let id = PaymentID(wire.id)
        guard !wire.deleted else { return RemoteItem(key: .payment(id), revision: wire.revision, value: nil) }
        guard let from = wire.fromMemberId, let to = wire.toMemberId, let amount = wire.amount, let code = wire.currency,
              let dateText = wire.paymentDate else {
            return RemoteItem(key: .payment(id), revision: wire.revision, value: nil, held: HeldVersion(
                body: WireBody.text(wire), reason: "the server sent a live payment without its members, amount, currency or date"))
        }
        let createdAt = wire.createdAt.flatMap { Timestamp(iso8601: $0) }
        let foreign = ForeignPayment(id: id, from: MemberID(from), to: MemberID(to), amount: amount, currency: code,
                                     dateText: dateText, date: NodeForms.date(dateText), note: wire.note)
        switch ForeignReading.payment(foreign) {
        case .usable(let payment, let repairs):
            return RemoteItem(key: .payment(id), revision: wire.revision, value: .payment(payment), createdAt: createdAt,
                              repairs: repairs)
        case .held(let reason, let draft):
            return RemoteItem(key: .payment(id), revision: wire.revision, value: nil, createdAt: createdAt,
                              held: HeldVersion(body: WireBody.text(wire), reason: reason, draft: draft.map { .payment($0) }))
        }
    }

    /// A recurring rule, a tombstone, or held when SplitCore's rules refuse it.
    private static func recurringItem(_ wire: Components.Schemas.RecurringRuleChange) -> RemoteItem {
        let key = SyncItemKey.recurring(RecurringRuleID(wire.id.lowercased()))
        guard !wire.deleted, let data = wire.rule else { return RemoteItem(key: key, revision: wire.revision, value: nil) }
        do {
            return RemoteItem(key: key, revision: wire.revision,
                              value: .recurring(try RecurringRuleWire.rule(data) { MemberID($0.lowercased()) }))
        } catch {
            return RemoteItem(key: key, revision: wire.revision, value: nil,
                              held: HeldVersion(body: WireBody.text(wire), reason: "recurring rule: " + error.message))
        }
    }

    /// The group's categories; held when a name is no category name or Other is missing.
    private static func categoriesItem(_ wire: Components.Schemas.CategoryList) -> RemoteItem {
        var names: [Category] = [], keys = Set<String>()
        for raw in wire.names {
            guard let name = try? NameRules.category(raw), keys.insert(Category.key(for: name)).inserted else { continue }
            names.append(Category(rawValue: name))
        }
        guard keys.contains(Category.other.key) else {
            return RemoteItem(key: .categories, revision: wire.revision, value: nil,
                              held: HeldVersion(body: WireBody.text(wire), reason: "the category list has no Other"))
        }
        return RemoteItem(key: .categories, revision: wire.revision, value: .categories(names))
    }

    /// A rate, a tombstone, or held when its currency or value does not read.
    private static func rateItem(_ wire: Components.Schemas.RateChange) -> RemoteItem {
        // A rate of no currency still gets a key the store can read back.
        let key = SyncItemKey.rate(wire.currency.isEmpty ? "?" : wire.currency.uppercased())
        guard !wire.deleted, let text = wire.rate else { return RemoteItem(key: key, revision: wire.revision, value: nil) }
        guard let currency = try? Currency(code: wire.currency), let rate = try? ExchangeRate(parsing: text) else {
            return RemoteItem(key: key, revision: wire.revision, value: nil, held: HeldVersion(
                body: WireBody.text(wire), reason: "rate '\(text)' for '\(wire.currency)' is not a positive decimal for an ISO 4217 code"))
        }
        return RemoteItem(key: key, revision: wire.revision, value: .rate(currency: currency, rate: rate))
    }
}
