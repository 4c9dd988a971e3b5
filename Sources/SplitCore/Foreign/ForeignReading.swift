/// What an item another client wrote reads as: usable, perhaps repaired, or held with the
/// reason no sound reading exists.
public enum ForeignResult<Value: Hashable & Sendable>: Hashable, Sendable {
    case usable(Value, repairs: [ForeignRepair])
    /// `draft`: the best reading there is, when the values read but do not fit together.
    case held(reason: String, draft: Value? = nil)

    public var value: Value? {
        if case .usable(let value, _) = self { return value }
        return nil
    }
}

/// The one rule for data split did not write, shared by the import of other apps' files and
/// by sync: every device reads the same server item the same way, so a repaired item is
/// byte-identical on each of them.
///
/// **Amounts** are rounded half to even into minor units (``FloatAmounts/minorUnits(_:currency:)``):
/// JPY 1000.5 reads as 1000, USD 3.335 as 3.34 (the shortest decimal text is what rounds).
///
/// **Shares** are then compared with the amount:
/// - equal: nothing to do;
/// - off by at most one minor unit per share (what float shares such as 333.33 × 3 give):
///   repaired by largest remainder of the written shares, a tie changing the earlier share
///   (``FloatAmounts/repair(_:floats:total:currency:)``, built on ``LargestRemainder``);
/// - less than the amount, or no shares at all: the rest is the payer's own share;
/// - more than the amount: held.
///
/// **Payers** (split-server's `payers`; any other server has only `paidByMemberId`, who then
/// paid it all) are read the same way: rounded half to even; off by at most one minor unit
/// per payer, repaired by largest remainder; short of the amount, the rest is paid by
/// `paidByMemberId`, the payer every client reads; over the amount, held. A payer listed
/// twice, or paying zero or less, is held.
///
/// **Held**, never dropped: an amount that is not a positive number below the limit, an
/// unknown currency, an unreadable date, a negative share, a member with two shares, and
/// (checked by the store, which knows the trip) a share or payer who is not in the trip.
public enum ForeignReading {
    public static func expense(_ item: ForeignExpense) -> ForeignResult<Expense> {
        guard let currency = try? Currency(code: item.currency) else {
            return .held(reason: "currency '\(item.currency)' is not an ISO 4217 code")
        }
        guard let date = item.date else {
            return .held(reason: "date '\(item.dateText)' is neither YYYY-MM-DD nor an ISO 8601 time")
        }
        var repairs: [ForeignRepair] = []
        guard let amount = FloatAmounts.minorUnits(item.amount, currency: currency), amount > 0 else {
            return .held(reason: "amount \(text(item.amount)) is not a positive amount of \(currency.code) below the limit")
        }
        if let problem = textProblem(item.description, "description") ?? textProblem(item.note, "note") {
            return .held(reason: problem)
        }
        if !isExact(item.amount, amount, currency) {
            repairs.append(.amountRounded(written: text(item.amount), to: amount))
        }
        let category: Category
        if let known = Category.builtIn(item.category) ?? Category(name: item.category) {
            category = known
        } else if let name = try? NameRules.category(item.category), name == item.category {
            // A group's own category (split-server's `categories`): the trip takes it.
            category = Category(rawValue: name)
        } else {
            category = .other
            repairs.append(.categoryUnknown(item.category))
        }
        var seen = Set<MemberID>()
        var shares: [Int64] = []
        for share in item.shares {
            guard seen.insert(share.memberID).inserted else {
                return .held(reason: "member \(share.memberID.short) has two shares")
            }
            guard let minor = FloatAmounts.minorUnits(share.amount, currency: currency), minor >= 0 else {
                return .held(reason: "the share of member \(share.memberID.short), \(text(share.amount)), is not an amount of \(currency.code) of zero or more")
            }
            shares.append(minor)
        }
        let inexact = zip(item.shares, shares).filter { !isExact($0.amount, $1, currency) }.count
        if inexact > 0 { repairs.append(.sharesRounded(count: inexact)) }
        var splits = zip(item.shares, shares).map { ExpenseSplit(memberID: $0.memberID, amount: $1, isPaid: $0.isPaid) }
        let (sum, overflow) = shares.reduce((Int64(0), false)) { total, share in
            let (next, over) = total.0.addingReportingOverflow(share)
            return (next, total.1 || over)
        }
        guard !overflow else {
            return .held(reason: "the \(shares.count) shares sum to more than any amount split can hold")
        }
        switch fit(shares, floats: item.shares.map(\.amount), total: amount, currency: currency) {
        case .exact:
            break
        case .repaired(let repaired):
            let changes = ForeignRepair.changes(splits.map { ($0.memberID, $0.amount) }, to: repaired)
            for index in splits.indices { splits[index].amount = repaired[index] }
            repairs.append(.sharesRepaired(sum: sum, changes: changes))
        case .restToPayer(let rest):
            if let payer = splits.firstIndex(where: { $0.memberID == item.paidBy }) {
                splits[payer].amount += rest
            } else {
                splits.append(ExpenseSplit(memberID: item.paidBy, amount: rest))
            }
            repairs.append(.restToPayer(sum: sum, rest: rest))
        case .over(let excess):
            let total = Money(minorUnits: amount, currency: currency)
            let draft = Expense(id: item.id, description: item.description ?? "", amount: total, category: category,
                                paidBy: item.paidBy, date: date, note: item.note, splits: splits, createdAt: item.createdAt)
            return .held(reason: "shares sum to \(Money(minorUnits: sum, currency: currency)), "
                         + "\(Money(minorUnits: excess, currency: currency)) more than the amount \(total)", draft: draft)
        }
        splits.sort { $0.memberID < $1.memberID }
        let total = Money(minorUnits: amount, currency: currency)
        var expense = Expense(
            id: item.id, description: item.description ?? "", amount: total,
            category: category, paidBy: item.paidBy, date: date, note: item.note, splits: splits,
            createdAt: item.createdAt)
        if let written = item.payers, !written.isEmpty {
            switch payers(written, paidBy: item.paidBy, total: total) {
            case .success(let read):
                expense.payers = read.payers
                repairs += read.repairs
            case .failure(let held):
                return .held(reason: held.reason, draft: expense)
            }
        }
        return .usable(expense, repairs: repairs)
    }

    /// Why written payers have no sound reading.
    struct HeldPayers: Error {
        let reason: String
    }

    /// The payers `written` read as, by the rule above, with the repairs made.
    static func payers(_ written: [ForeignExpense.Payer], paidBy: MemberID, total: Money)
        -> Result<(payers: [ExpensePayer], repairs: [ForeignRepair]), HeldPayers> {
        let currency = total.currency
        var seen = Set<MemberID>()
        var parts: [Int64] = []
        for payer in written {
            guard seen.insert(payer.memberID).inserted else {
                return .failure(HeldPayers(reason: "member \(payer.memberID.short) is listed twice as a payer"))
            }
            guard let minor = FloatAmounts.minorUnits(payer.amount, currency: currency), minor > 0 else {
                return .failure(HeldPayers(reason: "payer \(payer.memberID.short) pays \(text(payer.amount)), not a positive amount of \(currency.code)"))
            }
            parts.append(minor)
        }
        guard let sum = parts.reduce(Int64(0), { total, part in total.map { $0.addingReportingOverflow(part) }.flatMap { $0.overflow ? nil : $0.partialValue } }) else {
            return .failure(HeldPayers(reason: "the \(parts.count) payers pay more than any amount split can hold"))
        }
        var payers = zip(written, parts).map { ExpensePayer(memberID: $0.memberID, amount: $1) }
        var repairs: [ForeignRepair] = []
        switch fit(parts, floats: written.map(\.amount), total: total.minorUnits, currency: currency) {
        case .exact:
            break
        case .repaired(let repaired):
            let changes = ForeignRepair.changes(payers.map { ($0.memberID, $0.amount) }, to: repaired)
            for index in payers.indices { payers[index].amount = repaired[index] }
            guard !payers.contains(where: { $0.amount <= 0 }) else {
                return .failure(HeldPayers(reason: "payers pay \(Money(minorUnits: sum, currency: currency)), not \(total), and a part would be zero"))
            }
            repairs.append(.payersRepaired(sum: sum, changes: changes))
        case .restToPayer(let rest):
            if let lead = payers.firstIndex(where: { $0.memberID == paidBy }) {
                payers[lead].amount += rest
            } else {
                payers.append(ExpensePayer(memberID: paidBy, amount: rest))
            }
            repairs.append(.restPaidBy(sum: sum, rest: rest))
        case .over(let excess):
            return .failure(HeldPayers(reason: "payers pay \(Money(minorUnits: sum, currency: currency)), "
                                       + "\(Money(minorUnits: excess, currency: currency)) more than the amount \(total)"))
        }
        payers.sort { $0.memberID < $1.memberID }
        return .success((payers, repairs))
    }

    public static func payment(_ item: ForeignPayment) -> ForeignResult<Payment> {
        guard let currency = try? Currency(code: item.currency) else {
            return .held(reason: "currency '\(item.currency)' is not an ISO 4217 code")
        }
        guard let date = item.date else {
            return .held(reason: "date '\(item.dateText)' is neither YYYY-MM-DD nor an ISO 8601 time")
        }
        guard item.from != item.to else { return .held(reason: "it goes from member \(item.from.short) to themselves") }
        if let problem = textProblem(item.note, "note") { return .held(reason: problem) }
        guard let amount = FloatAmounts.minorUnits(item.amount, currency: currency), amount > 0 else {
            return .held(reason: "amount \(text(item.amount)) is not a positive amount of \(currency.code) below the limit")
        }
        var repairs: [ForeignRepair] = []
        if !isExact(item.amount, amount, currency) {
            repairs.append(.amountRounded(written: text(item.amount), to: amount))
        }
        let payment = Payment(id: item.id, from: item.from, to: item.to,
                              amount: Money(minorUnits: amount, currency: currency), date: date, note: item.note)
        return .usable(payment, repairs: repairs)
    }

    /// How shares read into minor units meet their total: the one rule of import and sync.
    public enum ShareFit: Hashable, Sendable {
        case exact
        /// Off by at most one minor unit per share, as float shares are: these shares, by
        /// largest remainder of the written ones, a tie changing the earlier share
        /// (``FloatAmounts/repair(_:floats:total:currency:)``).
        case repaired([Int64])
        /// Less than the total, or no shares: the rest is the payer's own share.
        case restToPayer(Int64)
        /// More than the total by this much, beyond rounding: no sound reading.
        case over(Int64)
    }

    /// See ``ShareFit``. `floats` are the shares as written, for the largest remainders.
    public static func fit(_ shares: [Int64], floats: [Double], total: Int64, currency: Currency) -> ShareFit {
        let difference = total - shares.reduce(0, +)
        if difference == 0 { return .exact }
        if !shares.isEmpty, abs(difference) <= Int64(shares.count),
           let repaired = FloatAmounts.repair(shares, floats: floats, total: total, currency: currency) {
            return .repaired(repaired)
        }
        return difference > 0 ? .restToPayer(difference) : .over(-difference)
    }

    /// Why `expense` cannot be part of a trip whose members are those `isMember` accepts
    /// (removed ones included); nil when it can.
    public static func membershipProblem(_ expense: Expense, isMember: (MemberID) -> Bool) -> String? {
        for payer in expense.payers where !isMember(payer.memberID) {
            return "the payer, member \(payer.memberID.short), is not in this trip"
        }
        for split in expense.splits where !isMember(split.memberID) {
            return "a share belongs to member \(split.memberID.short), who is not in this trip"
        }
        return nil
    }

    /// The same for a payment.
    public static func membershipProblem(_ payment: Payment, isMember: (MemberID) -> Bool) -> String? {
        for id in [payment.from, payment.to] where !isMember(id) {
            return "member \(id.short) is not in this trip"
        }
        return nil
    }

    /// Why text cannot be kept exactly: a NUL character, which no SQL text column holds (no
    /// real server sends one: PostgreSQL cannot store it either).
    public static func textProblem(_ text: String?, _ field: String) -> String? {
        guard let text, text.unicodeScalars.contains("\u{0}") else { return nil }
        return "the \(field) contains a NUL character (U+0000), which cannot be stored"
    }

    /// Whether `minor` is exactly the decimal `value` was written as.
    static func isExact(_ value: Double, _ minor: Int64, _ currency: Currency) -> Bool {
        (try? AmountParser.parse(text(value), currency: currency, allowingZero: true)) == minor
    }

    /// The number as written: `1000`, `333.33`, `1000.5`.
    static func text(_ value: Double) -> String { DecimalText.shortest(value) }
}
