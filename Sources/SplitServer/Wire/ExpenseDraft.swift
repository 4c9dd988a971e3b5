import Foundation
import SplitAPI
import SplitCore

/// A validated expense as a request describes it, before it is stored.
///
/// Built only by ``ExpenseDraft/init(description:amount:currency:category:paidBy:date:splits:payers:note:createdAt:field:)``,
/// which applies every rule: amount, split and payer amounts within the currency's precision,
/// the splits and the payers each summing exactly to the amount with no member twice
/// (SplitCore's ``Expense/validate()``, whose ``PayerAllocator/check(_:amount:)`` is the payers'
/// one rule), `paidByMemberId` among the payers, a known category and a `YYYY-MM-DD` date.
/// Group membership of the payers and split members is checked by the repository, against the
/// database.
struct ExpenseDraft: Sendable {
    struct Share: Sendable {
        let member: UUID
        let amount: Int64
        /// nil keeps the stored state on edits (false for new splits).
        let isPaid: Bool?
    }

    /// One member's part of paying the expense.
    struct Payer: Sendable, Equatable {
        let member: UUID
        /// Minor units of the expense's currency.
        let amount: Int64
    }

    let description: String
    let amount: Money
    let category: SplitCore.Category
    /// How a refusal names the category field (`category`, `ops[0].data.category`): one that is
    /// none of the six is checked against the group's list at the write (``CategoryCheck``).
    let categoryField: String
    let date: CivilDate
    let splits: [Share]
    /// Who paid and how much each, in member-id order; one payer of the whole amount when the
    /// request names only `paidByMemberId`.
    let payers: [Payer]
    /// split-server's extension: free text that may keep line breaks.
    let note: String?
    /// split-server's extension: when the client first recorded the expense; used on create
    /// only, so an uploaded or synced expense keeps the time its device shows.
    let createdAt: Timestamp?
    /// split-server's extension (`split-given`): how the split was given, as the request gave
    /// it, `equal` included (checked like any other, then kept as none); nil when left out,
    /// which on an edit keeps the stored one while it still fits (``splitGiven(keeping:)``).
    let splitGiven: SplitRule?

    /// The payer `expenses.paid_by_member_id` holds: the only one, or the first by member id
    /// (``Expense/leadPayer``), whichever of the payers the request named.
    var paidBy: UUID { payers[0].member }

    /// The rows `expense_payers` holds: only for an expense several members paid.
    var storedPayers: [Payer] { payers.count > 1 ? payers : [] }

    /// The raw fields of one split as they arrive.
    struct RawShare {
        let member: String
        let amount: Double
        let isPaid: Bool?
    }

    /// The raw fields of one payer as they arrive.
    struct RawPayer {
        let member: String
        let amount: Double
    }

    /// `member` reads a member named by the split as given: an id on the ordinary routes, a
    /// localId of the request in from-local.
    init(description: String?, amount: Double, currency: String?, category: String, paidBy: String,
         date: String, splits: [RawShare], payers rawPayers: [RawPayer]? = nil, note: String? = nil,
         createdAt: String? = nil, splitGiven: Components.Schemas.SplitGiven? = nil,
         member: (String) -> MemberID? = StoredSplitGiven.member, field prefix: String = "")
        throws(APIError) {
        let currency = try WireInput.currency(currency, field: prefix + "currency", default: "JPY")
        let minor = try WireAmount.minorUnits(amount, currency: currency, field: prefix + "amount")
        self.description = try WireInput.text(description, field: prefix + "description") ?? ""
        self.amount = Money(minorUnits: minor, currency: currency)
        self.category = try WireInput.category(category, field: prefix + "category")
        self.categoryField = prefix + "category"
        let named = try WireInput.uuid(paidBy, field: prefix + "paidByMemberId")
        self.date = try WireInput.date(date, field: prefix + "expenseDate")
        self.note = try WireInput.text(note, field: prefix + "note", allowing: .note)
        self.createdAt = try WireInput.instant(createdAt, field: prefix + "createdAt")
        guard !splits.isEmpty else { throw .badRequest("\(prefix)splits must list at least one member") }
        var shares: [Share] = []
        for (index, raw) in splits.enumerated() {
            let field = "\(prefix)splits[\(index)]"
            shares.append(Share(
                member: try WireInput.uuid(raw.member, field: field + ".memberId"),
                amount: try WireAmount.minorUnits(raw.amount, currency: currency, field: field + ".amount", allowingZero: true),
                isPaid: raw.isPaid))
        }
        self.splits = shares
        var payers: [Payer] = []
        if let rawPayers {
            for (index, raw) in rawPayers.enumerated() {
                let field = "\(prefix)payers[\(index)]"
                payers.append(Payer(
                    member: try WireInput.uuid(raw.member, field: field + ".memberId"),
                    amount: try WireAmount.minorUnits(raw.amount, currency: currency, field: field + ".amount")))
            }
        } else {
            payers = [Payer(member: named, amount: minor)]
        }
        try Self.validate(amount: self.amount, date: self.date, splits: shares, payers: payers, prefix: prefix)
        guard payers.contains(where: { $0.member == named }) else {
            throw .badRequest("\(prefix)paidByMemberId \(Self.lower(named)) is not one of payers; "
                + "name one of them (split clients send the first by member id)")
        }
        // Member-id order: the order of SplitCore's MemberIDs (lower-case UUID text, which sorts
        // as the upper-case text and as PostgreSQL's uuid order do).
        self.payers = payers.sorted { $0.member.uuidString < $1.member.uuidString }
        // The form only; whether its members belong to the group and whether it gives the
        // splits are checked by the repository, members first (``checkSplitGiven()``).
        if let splitGiven {
            do throws(SplitGivenWireError) {
                self.splitGiven = try SplitGivenWire.rule(splitGiven, currency: currency, field: prefix + "splitGiven",
                                                          member: member)
            } catch {
                throw .badRequest(error.message)
            }
        } else {
            self.splitGiven = nil
        }
    }

    /// SplitCore's invariant of an expense, with its messages, naming the request's fields.
    private static func validate(amount: Money, date: CivilDate, splits: [Share], payers: [Payer], prefix: String)
        throws(APIError) {
        let domain = Expense(
            id: ExpenseID("draft"), description: "", amount: amount,
            payers: payers.map { ExpensePayer(memberID: MemberID($0.member.uuidString), amount: $0.amount) },
            date: date,
            splits: splits.map { ExpenseSplit(memberID: MemberID($0.member.uuidString), amount: $0.amount) })
        do {
            try domain.validate()
        } catch {
            switch error {
            case .duplicateMember(let id):
                throw .badRequest("\(prefix)splits list member \(id.rawValue) more than once")
            case .exactSumMismatch:
                throw .badRequest("\(prefix)splits: \(error.description)")
            case .duplicatePayer(let id):
                throw .badRequest("\(prefix)payers list member \(id.rawValue) more than once")
            case .noPayer, .nonPositivePayer, .payerSumMismatch, .tooManyPayers:
                throw .badRequest("\(prefix)payers: \(error.description)")
            default:
                throw .badRequest("\(prefix)\(error.description)")
            }
        }
    }

    /// Whether the stored expense has this content (paid states aside): a client-chosen id
    /// sent again with the same content is a retry, not a conflict.
    func matches(_ stored: ExpenseRecord, note storedNote: String?) -> Bool {
        let mine = splits.map { "\($0.member)=\($0.amount)" }.sorted()
        let theirs = stored.splits.map { "\($0.memberID)=\($0.amount)" }.sorted()
        let storedPayers = stored.hasSeveralPayers
            ? stored.payers.map { Payer(member: $0.memberID, amount: $0.amount) }
            : [Payer(member: stored.paidBy, amount: stored.amount.minorUnits)]
        return description == stored.description && amount == stored.amount && category.rawValue == stored.category
            && payers == storedPayers && date == stored.date && note == storedNote && mine == theirs
            && splitGiven?.kept == stored.splitGiven
    }

    /// Every member the expense's splits and payers mention.
    var memberIDs: Set<UUID> { Set(splits.map(\.member)).union(payers.map(\.member)) }

    // MARK: The split as given

    /// The members the split as given names (``SplitCore/SplitRule/members``), as database ids.
    var givenMembers: Set<UUID> { Set((splitGiven?.members ?? []).compactMap(StoredSplitGiven.id)) }

    /// The splits in SplitCore's terms, members named as ``ExpenseRecord/member(_:)`` names them.
    var domainSplits: [ExpenseSplit] {
        splits.map { ExpenseSplit(memberID: ExpenseRecord.member($0.member), amount: $0.amount) }
    }

    /// SplitCore's one rule for a split as given: a valid rule for the amount that gives
    /// exactly these splits (``SplitCore/SplitRule/check(gives:amount:)``).
    func checkSplitGiven() throws(ExpenseError) {
        guard let splitGiven else { return }
        do {
            try splitGiven.check(gives: domainSplits, amount: amount)
        } catch {
            throw .splitGivenMismatch(error)
        }
    }

    /// What an edit stores, given the rule stored before: the rule given (none for `equal`);
    /// left out, the stored one while it still gives the new splits for the new amount, and
    /// none once it does not, so a stored rule always gives the stored splits.
    func splitGiven(keeping stored: SplitRule?) -> SplitRule? {
        if let splitGiven { return splitGiven.kept }
        guard let stored, stored.reproduces(domainSplits, amount: amount) else { return nil }
        return stored
    }

    private static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
}
