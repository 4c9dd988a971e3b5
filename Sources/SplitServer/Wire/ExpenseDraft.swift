import Foundation
import SplitAPI
import SplitCore

/// A validated expense as a request describes it, before it is stored.
///
/// Built only by ``ExpenseDraft/init(description:amount:currency:category:paidBy:date:splits:)``,
/// which applies every rule: amount and split amounts within the currency's precision, the
/// splits summing exactly to the amount with no member twice (SplitCore's
/// ``Expense/validate()``), a known category and a `YYYY-MM-DD` date. Group membership of the
/// payer and split members is checked by the repository, against the database.
struct ExpenseDraft: Sendable {
    struct Share: Sendable {
        let member: UUID
        let amount: Int64
        /// nil keeps the stored state on edits (false for new splits).
        let isPaid: Bool?
    }

    let description: String
    let amount: Money
    let category: SplitCore.Category
    let paidBy: UUID
    let date: CivilDate
    let splits: [Share]
    /// split-server's extension: free text that may keep line breaks.
    let note: String?
    /// split-server's extension: when the client first recorded the expense; used on create
    /// only, so an uploaded or synced expense keeps the time its device shows.
    let createdAt: Timestamp?

    /// The raw fields of one split as they arrive.
    struct RawShare {
        let member: String
        let amount: Double
        let isPaid: Bool?
    }

    init(description: String?, amount: Double, currency: String?, category: String, paidBy: String,
         date: String, splits: [RawShare], note: String? = nil, createdAt: String? = nil, field prefix: String = "")
        throws(APIError) {
        let currency = try WireInput.currency(currency, field: prefix + "currency", default: "JPY")
        let minor = try WireAmount.minorUnits(amount, currency: currency, field: prefix + "amount")
        self.description = try WireInput.text(description, field: prefix + "description") ?? ""
        self.amount = Money(minorUnits: minor, currency: currency)
        self.category = try WireInput.category(category, field: prefix + "category")
        self.paidBy = try WireInput.uuid(paidBy, field: prefix + "paidByMemberId")
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
        let domain = Expense(
            id: ExpenseID("draft"), description: self.description, amount: self.amount, category: self.category,
            paidBy: MemberID(self.paidBy.uuidString), date: self.date,
            splits: shares.map { ExpenseSplit(memberID: MemberID($0.member.uuidString), amount: $0.amount) })
        do {
            try domain.validate()
        } catch {
            switch error {
            case .duplicateMember(let id):
                throw .badRequest("\(prefix)splits list member \(id.rawValue) more than once")
            case .exactSumMismatch:
                throw .badRequest("\(prefix)splits: \(error.description)")
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
        return description == stored.description && amount == stored.amount && category.rawValue == stored.category
            && paidBy == stored.paidBy && date == stored.date && note == storedNote && mine == theirs
    }

    /// Every member the expense mentions.
    var memberIDs: Set<UUID> { Set(splits.map(\.member)).union([paidBy]) }
}
