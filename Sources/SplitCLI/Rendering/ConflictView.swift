import SplitCore
import SplitReport
import SplitJSON
import SplitStore

/// How `split conflicts` shows one conflict: the item in a few words, and each side's value
/// of the field in dispute.
struct ConflictView {
    let conflict: SyncConflict
    /// Member names of the trip, removed members included where known.
    let names: [MemberID: String]

    var itemText: String {
        switch conflict.mine ?? conflict.theirs {
        case .expense(let expense)?: return "expense '\(expense.shownDescription)' \(expense.amount)"
        case .member(let member)?: return "member \(member.name)"
        case .payment(let payment)?: return "payment \(name(payment.from)) → \(name(payment.to)) \(payment.amount)"
        case .rate(let currency, _)?: return "rate \(currency.code)"
        case .recurring(let rule)?: return "recurring '\(rule.template.description)' \(rule.template.amount)"
        case .categories?: return "categories"
        case .group(let name, _)?: return "trip \(name)"
        case .exchanges(let step)?: return "settle step \(step.id.short) (\(step.exchanges.count) currency exchanges)"
        case nil: return "\(conflict.item.kindName) \(conflict.item.text)"
        }
    }

    var mine: String? { value(conflict.mine) }
    var theirs: String? { value(conflict.theirs) }

    /// `Alex`, or `Alex 30.00, Bea 20.00` for several payers.
    private func payers(_ expense: Expense) -> String {
        if let solo = expense.soloPayer { return name(solo) }
        return expense.payers.map { "\(name($0.memberID)) \(Amounts.text($0.amount, expense.amount.currency))" }
            .joined(separator: ", ")
    }

    /// The side's value of the disputed field; nil for a side that deleted the item.
    func value(_ side: SyncValue?) -> String? {
        guard let side else { return nil }
        switch (side, conflict.field) {
        case (.expense(let expense), "description"): return expense.shownDescription
        case (.expense(let expense), "amount"):
            let ordered = expense.splits.sorted { (name($0.memberID).lowercased(), $0.memberID) < (name($1.memberID).lowercased(), $1.memberID) }
            let shares = ordered.map { "\(name($0.memberID)) \(Amounts.text($0.amount, expense.amount.currency))" }
            return "\(expense.amount) (\(shares.joined(separator: ", ")))"
        case (.expense(let expense), "category"): return expense.category.rawValue
        case (.expense(let expense), "date"): return expense.date.description
        case (.expense(let expense), "payer"): return payers(expense)
        case (.expense(let expense), "note"): return expense.note ?? "(no note)"
        case (.expense(let expense), _): return "'\(expense.shownDescription)' \(expense.amount) paid by \(payers(expense))"
        case (.member(let member), _): return member.name
        case (.rate(_, let rate), _): return rate.text
        case (.group(let name, _), _): return name
        case (.exchanges(let step), _):
            return step.exchanges.map { "\(name($0.member)) \($0.from) → \($0.to)" }.joined(separator: ", ")
        case (.payment(let payment), _): return "\(name(payment.from)) → \(name(payment.to)) \(payment.amount)"
        case (.categories(let list), _): return list.map(\.rawValue).joined(separator: ", ")
        case (.recurring(let rule), _):
            return "'\(rule.template.description)' \(rule.template.amount) every \(rule.schedule.frequency.rawValue)"
                + (rule.paused ? " (paused)" : "")
        }
    }

    private func name(_ id: MemberID) -> String { names[id] ?? id.short }

    var json: JSONValue {
        .object([
            "id": .int(conflict.id), "trip": .string(conflict.trip.rawValue), "kind": .string(conflict.item.kindName),
            "item": .string(conflict.item.text), "what": .string(itemText), "field": .string(conflict.field),
            "mine": .string(orNull: mine), "theirs": .string(orNull: theirs), "detail": .string(orNull: conflict.detail),
            "createdAt": .string(conflict.createdAt.iso8601),
        ])
    }
}
