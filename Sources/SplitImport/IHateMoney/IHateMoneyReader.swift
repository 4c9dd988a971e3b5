import SplitCore

/// Reads ihatemoney's bills export (JSON or CSV, see ``IHateMoneyBill``) into one trip.
///
/// **Shares follow ihatemoney's rule.** ihatemoney charges each ower `weight × amount / sum of
/// the owers' weights` (as floats); here the same quotas are divided exactly by SplitCore's
/// ``LargestRemainder`` (ties to the earlier ower in the row), so the shares sum to the amount and
/// each is within a cent of ihatemoney's. Weights belong to members, but the file holds only
/// payers' weights (`payer_weight`): a member who never paid is taken as weight 1, which is also
/// what ihatemoney's own import assumes, and the warnings name them.
///
/// **Bill types.** An Expense becomes an expense paid by `payer_name`; a Reimbursement moves
/// money from its payer to its owers (ihatemoney adds it to the payer's balance and takes it from
/// the owers'), so it becomes one payment to each ower, divided by the same weights. A negative
/// Expense (a refund) becomes an expense the owers paid, by weight, for the payer.
///
/// Rows have no ids: a row's source is its content plus how many identical rows came before,
/// the same from the JSON and the CSV of one project, so importing either again adds nothing.
struct IHateMoneyReader {
    let rows: [IHateMoneyBill]
    /// The file's name without folder or extension.
    let fileName: String
    let options: ImportOptions

    /// A row that could not be read exactly: skipped with `--keep-going`, else the file is refused.
    private struct Unreadable: Error {
        let error: ImportError
    }

    func read() throws(ImportError) -> ImportPlan {
        var warnings = ImportWarnings()
        let name = Self.projectName(fileName)
        let named = rows.compactMap { row -> Currency? in
            guard let code = row.currency?.trimmingSpaces, !code.isEmpty, code.uppercased() != "XXX" else { return nil }
            return try? Currency(code: code.uppercased())
        }
        let fallback = options.fallbackCurrency ?? (try? Currency(code: "USD"))!
        let tripCurrency = ImportValues.mostUsed(named) ?? fallback
        var trip = ImportTrip(source: "ihatemoney:project:\(name.lowercased())", name: name, currency: tripCurrency)

        // Weights known from payers; the first row a payer appears in gives theirs.
        var weights: [String: ExactDecimal] = [:]
        var order: [String] = []
        var displayName: [String: String] = [:]
        func note(_ member: String) {
            let key = member.lowercased()
            if displayName[key] == nil {
                displayName[key] = member
                order.append(key)
            }
        }
        for row in rows {
            let payer = row.payerName.trimmingSpaces
            guard !payer.isEmpty else { continue }
            note(payer)
            if weights[payer.lowercased()] == nil, let weight = ExactDecimal(row.payerWeight), weight.significand >= 0 {
                weights[payer.lowercased()] = weight
            }
        }
        for row in rows { for ower in row.owers where !ower.trimmingSpaces.isEmpty { note(ower.trimmingSpaces) } }
        let assumed = order.filter { weights[$0] == nil }.map { displayName[$0] ?? $0 }

        var occurrences: [String: Int] = [:]
        var unreadable: [ImportError] = []
        var noCurrency = 0
        for row in rows {
            do throws(Unreadable) {
                try read(row, into: &trip, weights: weights, occurrences: &occurrences, noCurrency: &noCurrency, warnings: &warnings)
            } catch {
                unreadable.append(error.error)
            }
        }
        if let first = unreadable.first, !options.keepGoing {
            let more = unreadable.count - 1
            throw ImportError(first.location, first.problem
                              + (more > 0 ? " (and \(more) other row\(more == 1 ? "" : "s") cannot be read either)" : "")
                              + "; nothing was imported; --keep-going skips such rows")
        }
        for error in unreadable { warnings.add("\(error.message); skipped") }
        let used = Set(trip.expenses.flatMap { $0.payers.map(\.member) + $0.splits.map(\.member) }
                       + trip.payments.flatMap { [$0.from, $0.to] })
        let kept = order.filter { used.contains(Self.memberSource($0)) }
        let (names, renamed) = MemberNames.splitNames(kept.map { displayName[$0] ?? $0 })
        trip.members = kept.map { key in
            let original = displayName[key] ?? key
            return ImportMember(source: Self.memberSource(key), name: names[original] ?? original)
        }
        if let renamed { warnings.add(renamed) }
        let assumedUsed = assumed.filter { used.contains(Self.memberSource($0)) }
        if !assumedUsed.isEmpty {
            warnings.add("the file gives weights only for members who paid; taken as weight 1: \(assumedUsed.map { names[$0] ?? $0 }.joined(separator: ", "))")
        }
        if noCurrency > 0 {
            warnings.add("\(noCurrency) bill\(noCurrency == 1 ? "" : "s") named no currency (XXX); taken as \(tripCurrency.code)")
        }
        let foreign = Set(trip.expenses.map(\.amount.currency) + trip.payments.map(\.amount.currency)).subtracting([tripCurrency])
        if !foreign.isEmpty {
            warnings.add("bills in \(foreign.map(\.code).sorted().joined(separator: ", ")) keep their currency; set a rate with "
                         + "`split trip rate CODE RATE` to see them in \(tripCurrency.code)")
        }
        return ImportPlan(trips: [trip], warnings: warnings.all)
    }

    private func read(_ row: IHateMoneyBill, into trip: inout ImportTrip, weights: [String: ExactDecimal],
                      occurrences: inout [String: Int], noCurrency: inout Int, warnings: inout ImportWarnings) throws(Unreadable) {
        let here = row.location
        func fail(_ location: String, _ problem: String) -> Unreadable { Unreadable(error: ImportError(location, problem)) }
        let code = row.currency?.trimmingSpaces ?? ""
        let currency: Currency
        if code.isEmpty || code.uppercased() == "XXX" {
            currency = trip.currency
            noCurrency += 1
        } else {
            do { currency = try ImportValues.currency(code, at: "\(here), currency") } catch { throw Unreadable(error: error) }
        }
        let date: CivilDate
        do { date = try ImportValues.date(row.date, at: "\(here), date") } catch { throw Unreadable(error: error) }
        guard let decimal = ExactDecimal(row.amount) else { throw fail("\(here), amount", "'\(row.amount)' is not a number") }
        guard let minor = decimal.units(exponent: currency.exponent, limit: Money.maxMinorUnits) else {
            throw fail("\(here), amount", "\(row.amount) is not a whole number of \(currency.code) minor units "
                       + "(\(currency.exponent) decimals at most); split keeps amounts exact")
        }
        let payer = row.payerName.trimmingSpaces
        guard !payer.isEmpty else { throw fail("\(here), payer_name", "is empty; every bill needs the member who paid it") }
        var owers: [String] = []
        for ower in row.owers.map(\.trimmingSpaces) {
            guard !ower.isEmpty else { throw fail("\(here), owers", "holds an empty name") }
            if !owers.contains(where: { $0.lowercased() == ower.lowercased() }) { owers.append(ower) }
        }
        guard !owers.isEmpty else { throw fail("\(here), owers", "is empty; every bill needs the members it was for") }
        let type = (row.billType?.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 } ?? "Expense"
        guard type == "Expense" || type == "Reimbursement" else {
            throw fail("\(here), bill_type", "'\(type)' is not a bill type; accepted: Expense, Reimbursement")
        }
        let description = row.what.trimmingSpaces
        if minor == 0 {
            warnings.add("\(here): '\(description)' is zero; skipped")
            return
        }

        // ihatemoney's quotas: weight / sum of the owers' weights, exactly.
        let decimals = owers.map { weights[$0.lowercased()] ?? ExactDecimal("1")! }
        let common = decimals.map(\.scale).max() ?? 0
        let parts = LargestRemainder.split(Int128(minor.magnitude), weights: decimals.map { $0.scaled(to: common) })
        guard let parts else {
            throw fail(here, "the owers' weights (\(owers.joined(separator: ", "))) add up to zero, so nobody owes this bill")
        }
        let key = [description, type, String(minor), currency.code, date.description, payer.lowercased(),
                   owers.map { $0.lowercased() }.joined(separator: "\u{1E}")].joined(separator: "\u{1F}")
        let occurrence = occurrences[key, default: 0]
        occurrences[key] = occurrence + 1
        let source = "ihatemoney:bill:\(RowFingerprint.of(key)):\(occurrence)"
        let money = Money(minorUnits: Int64(minor.magnitude), currency: currency)
        let owed = zip(owers, parts).filter { $0.1 > 0 }.map { (member: Self.memberSource($0.0), amount: Int64($0.1)) }

        if type == "Reimbursement" {
            for (index, part) in owed.enumerated() where part.member != Self.memberSource(payer) {
                let (from, to) = minor > 0 ? (Self.memberSource(payer), part.member) : (part.member, Self.memberSource(payer))
                trip.payments.append(ImportPayment(
                    source: "\(source):\(index)", from: from, to: to, amount: Money(minorUnits: part.amount, currency: currency),
                    date: date, note: description.isEmpty ? nil : description))
            }
            return
        }
        if minor > 0 {
            trip.expenses.append(ImportExpense(
                source: source, description: description, amount: money, category: .other, paidBy: Self.memberSource(payer),
                date: date, splits: owed.map { ImportExpense.Share(member: $0.member, amount: $0.amount) }))
        } else {
            // A refund: the owers get back their parts, the payer gives it all back.
            trip.expenses.append(ImportExpense(
                source: source, description: description, amount: money, category: .other,
                payers: owed.map { ImportExpense.Payer(member: $0.member, amount: $0.amount) }, date: date,
                splits: [ImportExpense.Share(member: Self.memberSource(payer), amount: money.minorUnits)]))
            warnings.add("\(here): '\(description)' is negative; imported as paid by its owers for \(payer)")
        }
    }

    /// The project's id where the file is named as ihatemoney names its downloads
    /// (`<project>-bills.json`), else the file's name.
    static func projectName(_ fileName: String) -> String {
        for suffix in ["-bills", "_bills"] where fileName.lowercased().hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return fileName
    }

    static func memberSource(_ name: String) -> String { "ihatemoney:member:\(name.lowercased())" }
}
