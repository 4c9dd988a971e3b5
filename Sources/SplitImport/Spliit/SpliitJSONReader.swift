import SplitCore
import SplitJSON

/// Reads Spliit's `/groups/<id>/expenses/export/json`: the group (`id`, `name`, `currency`,
/// `currencyCode`), its `participants[{id, name}]` and `expenses[{expenseDate, title,
/// category{grouping, name}, amount, originalAmount, originalCurrency, conversionRate,
/// paidById, paidFor[{participantId, shares}], isReimbursement, splitMode, createdAt}]`.
///
/// `amount` is in minor units of the group's currency and is taken exactly. Shares follow
/// Spliit's own balances (`src/lib/balances.ts`): EVENLY divides equally and the other modes in
/// proportion to `shares` (share count × 100, percent × 100, or minor units), here by SplitCore's
/// ``LargestRemainder`` so each expense's shares sum exactly to it. Reimbursements become
/// payments; categories are kept as the trip's own (``ImportCategories``). The trip is named after
/// the group.
struct SpliitJSONReader {
    let bytes: [UInt8]
    let options: ImportOptions

    func read() throws(ImportError) -> ImportPlan {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw ImportError("", "not valid JSON: \(error.description)") }
        guard document.objectValue != nil else { throw ImportError("", "must be a Spliit group export: a JSON object with participants and expenses") }
        guard let participants = document["participants"]?.arrayValue else { throw ImportError("participants", "must be a list of {id, name}") }
        guard let expenses = document["expenses"]?.arrayValue else { throw ImportError("expenses", "must be a list of expenses") }
        var warnings = ImportWarnings()
        let fallback = options.fallbackCurrency ?? (try? Currency(code: "USD"))!
        let currency = SpliitCurrency.resolve(code: document["currencyCode"]?.stringValue, symbol: document["currency"]?.stringValue,
                                              fallback: fallback, warnings: &warnings)
        let groupID = document["id"]?.stringValue ?? ""
        let name = (document["name"]?.stringValue?.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 } ?? "Spliit group"
        var builder = WeightedTrip(app: "spliit", source: "spliit:group:\(groupID.isEmpty ? name.lowercased() : groupID)", name: name,
                                   currency: currency)

        var names: [String: String] = [:]
        for (index, participant) in participants.enumerated() {
            guard let id = participant["id"]?.stringValue ?? participant["id"]?.numberText,
                  let name = participant["name"]?.stringValue, !name.trimmingSpaces.isEmpty else {
                throw ImportError("participants[\(index)]", "must have an id and a name")
            }
            names[id] = name.trimmingSpaces
        }
        var problems = RowProblems()
        var oldRows: [String] = []
        for (index, expense) in expenses.enumerated() {
            do throws(ImportError) {
                try read(expense, at: "expenses[\(index)]", names: names, into: &builder, oldRows: &oldRows, warnings: &warnings)
            } catch {
                problems.add(error)
            }
        }
        try problems.settle(keepGoing: options.keepGoing, warnings: &warnings)
        if !oldRows.isEmpty {
            warnings.add("\(oldRows.count) expense\(oldRows.count == 1 ? "" : "s") (\(oldRows.prefix(3).joined(separator: ", "))"
                         + "\(oldRows.count > 3 ? ", …" : "")) hold originalAmount in major units, as older Spliit versions wrote it; "
                         + "their notes say so")
        }
        let trip = builder.finished(warnings: &warnings)
        return ImportPlan(trips: [trip], warnings: warnings.all)
    }

    private func read(_ expense: JSONValue, at here: String, names: [String: String], into builder: inout WeightedTrip,
                      oldRows: inout [String], warnings: inout ImportWarnings) throws(ImportError) {
        guard expense.objectValue != nil else { throw ImportError(here, "must be an object, got \(expense.typeName)") }
        func text(_ key: String) -> String? { expense[key]?.stringValue ?? expense[key]?.numberText }
        let title = (expense["title"]?.stringValue ?? "").trimmingSpaces
        guard let amountText = expense["amount"]?.numberText, let decimal = ExactDecimal(amountText),
              let minor = decimal.units(exponent: 0, limit: Money.maxMinorUnits) else {
            throw ImportError("\(here).amount", "must be a whole number of minor units (Spliit stores cents), got \(expense["amount"].map { "\($0)" } ?? "nothing")")
        }
        let date = try ImportValues.date(text("expenseDate") ?? "", at: "\(here).expenseDate")
        guard let payerID = text("paidById"), let payer = names[payerID] else {
            throw ImportError("\(here).paidById", "names no participant of the group")
        }
        guard let paidFor = expense["paidFor"]?.arrayValue, !paidFor.isEmpty else {
            throw ImportError("\(here).paidFor", "must list the participants it was for")
        }
        let mode = text("splitMode") ?? "EVENLY"
        guard ["EVENLY", "BY_SHARES", "BY_PERCENTAGE", "BY_AMOUNT"].contains(mode) else {
            throw ImportError("\(here).splitMode", "'\(mode)' is not a split mode; accepted: EVENLY, BY_SHARES, BY_PERCENTAGE, BY_AMOUNT")
        }
        var owers: [(name: String, weight: Int128)] = []
        for (position, entry) in paidFor.enumerated() {
            let at = "\(here).paidFor[\(position)]"
            guard let id = entry["participantId"]?.stringValue ?? entry["participantId"]?.numberText, let name = names[id] else {
                throw ImportError("\(at).participantId", "names no participant of the group")
            }
            var weight: Int128 = 1
            if mode != "EVENLY" {
                guard let shares = entry["shares"]?.numberText, let value = ExactDecimal(shares)?.units(exponent: 0, limit: Money.maxMinorUnits),
                      value >= 0 else {
                    throw ImportError("\(at).shares", "must be a whole number of zero or more")
                }
                weight = Int128(value)
            }
            owers.append((name, weight))
        }
        if mode == "BY_AMOUNT", owers.reduce(Int128(0), { $0 + $1.weight }) != Int128(minor.magnitude) {
            warnings.add("\(here): '\(title)' has amounts that do not add up to it; divided in proportion to them, as Spliit's balances do")
        }
        if minor == 0 {
            warnings.add("\(here): '\(title)' is zero; skipped")
            return
        }
        let reimbursement = expense["isReimbursement"]?.boolValue ?? false
        var note: String?
        if let original = SpliitCurrency.originalNote(amount: minor, currency: builder.trip.currency, original: text("originalAmount"),
                                                      originalCurrency: text("originalCurrency"), rate: text("conversionRate")) {
            note = original.note
            if original.majorUnits { oldRows.append(here) }
        }
        let category = reimbursement ? .other
            : ImportCategories.category(expense["category"]?["name"]?.stringValue, warnings: &warnings)
        let key = [title, String(minor), date.description, payerID, mode, reimbursement ? "r" : "e",
                   owers.map { "\($0.name.lowercased())=\($0.weight)" }.joined(separator: "\u{1E}")].joined(separator: "\u{1F}")
        let source = builder.source(key)
        if let problem = builder.add(source: source, description: title, minor: minor, currency: builder.trip.currency, date: date,
                                     payer: payer, owers: owers, reimbursement: reimbursement, category: category, note: note,
                                     createdAt: ImportValues.timestamp(text("createdAt"))) {
            throw ImportError(here, problem)
        }
    }
}
