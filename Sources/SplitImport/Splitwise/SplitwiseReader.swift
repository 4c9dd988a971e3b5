import SplitCore

/// Reads Splitwise's CSV export into one trip named after the file.
///
/// Columns: `Date,Description,Category,Cost,Currency`, then one per member holding that
/// member's net for the row: positive for whoever paid, negative for those who owe. So a
/// debtor's share is minus their net and the payer's share is the cost minus their net.
/// Rows of category `Payment` are payments from the positive member to the negative one; the
/// closing "Total balance" row is skipped. A row with several payers (several positive nets)
/// becomes one expense with those payers; see the comment where it is read.
///
/// Splitwise rows have no ids: each row's source is its content plus how many identical rows
/// came before it, which stays the same when the same file is imported again.
struct SplitwiseReader {
    let bytes: [UInt8]
    let fileName: String

    private static let fixedColumns = ["Date", "Description", "Category", "Cost", "Currency"]

    func read() throws(ImportError) -> ImportPlan {
        let records = try CSVReader.records(bytes)
        guard let header = records.first else { throw ImportError("", "the file is empty") }
        for (index, name) in Self.fixedColumns.enumerated() where header.fields.count <= index || header.fields[index].trimmingSpaces != name {
            throw ImportError("line \(header.line)", "the header must start with \(Self.fixedColumns.joined(separator: ",")), then one column per member")
        }
        let names = header.fields.dropFirst(Self.fixedColumns.count).map(\.trimmingSpaces)
        guard !names.isEmpty else { throw ImportError("line \(header.line)", "the header names no member columns") }
        var taken = Set<String>()
        for name in names {
            guard !name.isEmpty else { throw ImportError("line \(header.line)", "a member column has no name") }
            guard taken.insert(name.lowercased()).inserted else { throw ImportError("line \(header.line)", "member '\(name)' has two columns") }
        }

        var warnings = ImportWarnings()
        // The currency is settled once every row is read: the one most rows use.
        var trip = ImportTrip(source: "splitwise:file:\(fileName):\(Self.fingerprint(names.joined(separator: ",").lowercased()))", name: fileName,
                              currency: try ImportValues.currency("USD", at: ""),
                              members: names.map { ImportMember(source: Self.memberSource($0), name: $0) })
        var occurrences: [String: Int] = [:]
        var rowCurrencies: [Currency] = []
        for record in records.dropFirst() {
            let fields = record.fields
            if fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
            if fields.count > 1, fields[1].trimmingSpaces.lowercased() == "total balance" { continue }
            let here = "line \(record.line)"
            guard fields.count == header.fields.count else {
                throw ImportError(here, "has \(fields.count) columns; the header has \(header.fields.count)")
            }
            let key = fields.joined(separator: "\u{1F}")
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            let source = "splitwise:row:\(Self.fingerprint(key)):\(occurrence)"

            let date = try ImportValues.date(fields[0], at: "\(here), column Date")
            let description = fields[1].trimmingSpaces
            let currency = try ImportValues.currency(fields[4], at: "\(here), column Currency")
            rowCurrencies.append(currency)
            let cost = try ImportValues.decimal(fields[3], currency, at: "\(here), column Cost")
            var nets: [Int64] = []
            for (offset, name) in names.enumerated() {
                let text = fields[Self.fixedColumns.count + offset]
                nets.append(text.trimmingSpaces.isEmpty ? 0 : try ImportValues.decimal(text, currency, at: "\(here), column \(name)"))
            }
            let sum = nets.reduce(0, +)
            guard sum == 0 else {
                throw ImportError(here, "the member columns sum to \(DecimalText.major(sum, exponent: currency.exponent, padded: true)), not 0; each row must balance")
            }
            let creditors = nets.indices.filter { nets[$0] > 0 }
            let debtors = nets.indices.filter { nets[$0] < 0 }
            if creditors.isEmpty {
                warnings.add("\(here): '\(description)' changes no balance; skipped")
                continue
            }

            if fields[2].trimmingSpaces.lowercased() == "payment" {
                guard creditors.count == 1, debtors.count == 1 else {
                    throw ImportError(here, "a payment must have one member who paid and one who received")
                }
                trip.payments.append(ImportPayment(
                    source: source, from: Self.memberSource(names[creditors[0]]), to: Self.memberSource(names[debtors[0]]),
                    amount: Money(minorUnits: nets[creditors[0]], currency: currency), date: date,
                    note: description.isEmpty ? nil : description))
                continue
            }

            let category = ImportCategories.category(fields[2], warnings: &warnings)
            guard cost > 0 else { throw ImportError("\(here), column Cost", "must be more than zero, got '\(fields[3])'") }
            if creditors.count == 1 {
                let payer = creditors[0]
                let payerShare = cost - nets[payer]
                guard payerShare >= 0 else {
                    throw ImportError(here, "\(names[payer]) is owed \(DecimalText.major(nets[payer], exponent: currency.exponent, padded: true)), more than the cost \(fields[3])")
                }
                var splits = debtors.map { ImportExpense.Share(member: Self.memberSource(names[$0]), amount: -nets[$0]) }
                if payerShare > 0 { splits.append(ImportExpense.Share(member: Self.memberSource(names[payer]), amount: payerShare)) }
                trip.expenses.append(ImportExpense(source: source, description: description, amount: Money(minorUnits: cost, currency: currency),
                                                   category: category, paidBy: Self.memberSource(names[payer]), date: date, splits: splits))
                continue
            }

            // Several payers: one expense with those payers. The file holds only nets, so
            // the payers' own shares are not in it; they are taken as equal parts of what the
            // debtors do not owe (SplitCore's largest remainder, ties to the earlier column),
            // and each payer paid their net plus their share. Every balance stays as Splitwise showed it.
            let debtorShares = debtors.reduce(Int64(0)) { $0 - nets[$1] }
            guard cost - debtorShares >= 0 else {
                throw ImportError(here, "the payers are owed more than the cost \(fields[3]) minus what the others owe")
            }
            let payerShares = Self.equalParts(cost - debtorShares, count: creditors.count)
            var splits = debtors.map { ImportExpense.Share(member: Self.memberSource(names[$0]), amount: -nets[$0]) }
            var payers: [ImportExpense.Payer] = []
            for (index, payer) in creditors.enumerated() {
                if payerShares[index] > 0 {
                    splits.append(ImportExpense.Share(member: Self.memberSource(names[payer]), amount: payerShares[index]))
                }
                payers.append(ImportExpense.Payer(member: Self.memberSource(names[payer]), amount: nets[payer] + payerShares[index]))
            }
            trip.expenses.append(ImportExpense(source: source, description: description, amount: Money(minorUnits: cost, currency: currency),
                                               category: category, payers: payers, date: date, splits: splits))
            warnings.add("\(here): '\(description)' had \(creditors.count) payers; the file lists only their nets, so their own "
                         + "shares are taken as equal")
        }
        if let main = ImportValues.mostUsed(rowCurrencies) { trip.currency = main }
        return ImportPlan(trips: [trip], warnings: warnings.all)
    }

    /// `total` in `count` equal parts by ``LargestRemainder``: the remainders are all equal, so
    /// the units left over go one each to the earlier parts (the earlier columns).
    static func equalParts(_ total: Int64, count: Int) -> [Int64] {
        // Equal weights with a positive sum never overflow, so the split exists.
        let parts = LargestRemainder.split(Int128(total), weights: Array(repeating: 1, count: count)) ?? []
        return parts.map { Int64($0) }
    }

    static func memberSource(_ name: String) -> String { "splitwise:member:\(name.lowercased())" }

    static func fingerprint(_ text: String) -> String { RowFingerprint.of(text) }
}
