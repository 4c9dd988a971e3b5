import SplitCore

/// A trip being built from bills that name their payer and divide among owers by weights, the
/// model Spliit, Cospend and mapped CSV files share with ihatemoney.
///
/// Members are collected by name (case-insensitively) as they are met, and get split names at
/// the end (``MemberNames``: no `,` or `=`, every rename reported). A bill's source is a
/// fingerprint of its content plus how many identical rows came before (``RowFingerprint``), so
/// importing the same file again finds what it already holds.
struct WeightedTrip {
    var trip: ImportTrip
    /// The source prefix: `spliit`, `cospend`, `csv`.
    let app: String
    private var order: [String] = []
    private var displayName: [String: String] = [:]
    private var occurrences: [String: Int] = [:]

    init(app: String, source: String, name: String, currency: Currency) {
        self.app = app
        trip = ImportTrip(source: source, name: name, currency: currency)
    }

    /// The member source of `name`, noting the member on first sight.
    mutating func member(_ name: String) -> String {
        let key = name.lowercased()
        if displayName[key] == nil {
            displayName[key] = name
            order.append(key)
        }
        return "\(app):member:\(key)"
    }

    /// A source for a row whose content is `key`, distinct for identical rows.
    mutating func source(_ key: String) -> String {
        let occurrence = occurrences[key, default: 0]
        occurrences[key] = occurrence + 1
        return "\(app):row:\(RowFingerprint.of(key)):\(occurrence)"
    }

    /// Adds one bill: `minor` (non-zero) divided among `owers` by their weights with SplitCore's
    /// ``LargestRemainder`` (ties to the earlier ower). A reimbursement moves money from the payer
    /// to each ower (one payment per ower); a negative expense is a refund, paid back by the
    /// owers to the payer. Returns the problem when the weights sum to zero.
    mutating func add(source: String, description: String, minor: Int64, currency: Currency, date: CivilDate, payer: String,
                      owers: [(name: String, weight: Int128)], reimbursement: Bool, category: Category,
                      note: String? = nil, createdAt: Timestamp? = nil) -> String? {
        guard let parts = LargestRemainder.split(Int128(minor.magnitude), weights: owers.map(\.weight)) else {
            return "the owers' weights (\(owers.map(\.name).joined(separator: ", "))) add up to zero, so nobody owes this bill"
        }
        let payerSource = member(payer)
        var owed: [(member: String, amount: Int64)] = []
        for (ower, part) in zip(owers, parts) where part > 0 { owed.append((member(ower.name), Int64(part))) }
        if reimbursement {
            for (index, part) in owed.enumerated() where part.member != payerSource {
                let (from, to) = minor > 0 ? (payerSource, part.member) : (part.member, payerSource)
                trip.payments.append(ImportPayment(source: "\(source):\(index)", from: from, to: to,
                                                   amount: Money(minorUnits: part.amount, currency: currency), date: date,
                                                   note: [description, note ?? ""].filter { !$0.isEmpty }.joined(separator: " — ").nilIfEmpty))
            }
            return nil
        }
        let money = Money(minorUnits: Int64(minor.magnitude), currency: currency)
        if minor > 0 {
            trip.expenses.append(ImportExpense(source: source, description: description, amount: money, category: category,
                                               paidBy: payerSource, date: date, note: note, createdAt: createdAt,
                                               splits: owed.map { ImportExpense.Share(member: $0.member, amount: $0.amount) }))
        } else {
            trip.expenses.append(ImportExpense(source: source, description: description, amount: money, category: category,
                                               payers: owed.map { ImportExpense.Payer(member: $0.member, amount: $0.amount) },
                                               date: date, note: note, createdAt: createdAt,
                                               splits: [ImportExpense.Share(member: payerSource, amount: money.minorUnits)]))
        }
        return nil
    }

    /// The trip with its members (those that any expense or payment names), renamed where split
    /// needs it; the rename is added to `warnings`.
    func finished(warnings: inout ImportWarnings) -> ImportTrip {
        var result = trip
        let used = Set(trip.expenses.flatMap { $0.payers.map(\.member) + $0.splits.map(\.member) }
                       + trip.payments.flatMap { [$0.from, $0.to] })
        let kept = order.filter { used.contains("\(app):member:\($0)") }
        let (names, renamed) = MemberNames.splitNames(kept.map { displayName[$0] ?? $0 })
        result.members = kept.map { key in
            let original = displayName[key] ?? key
            return ImportMember(source: "\(app):member:\(key)", name: names[original] ?? original)
        }
        if let renamed { warnings.add(renamed) }
        return result
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
