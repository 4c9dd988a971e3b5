import SplitCore

/// Reads any CSV through a ``ColumnMap``: one expense per row, paid by `paid-by`, shared by the
/// `shares` columns (amounts, one per member) or equally `among` a list of names. One trip,
/// named after the file.
///
/// Share columns that add up to the amount are taken as they are; otherwise as proportions
/// (Tricount and Settle Up write weights such as `1` there too), divided by ``LargestRemainder``
/// so the shares still sum exactly to the amount, and counted in a warning. A negative amount
/// is a refund. Amounts are decimals in major units (`12.50`, `-3`); the currency column, when
/// mapped, names each row's, else the fallback currency is used.
struct MappedCSVReader {
    let bytes: [UInt8]
    let map: ColumnMap
    let fileName: String
    let options: ImportOptions

    func read() throws(ImportError) -> ImportPlan {
        let records = try CSVReader.records(bytes)
        guard let header = records.first else { throw ImportError("", "the file is empty") }
        let headings = header.fields.map(\.trimmingSpaces)
        var position: [String: Int] = [:]
        for (index, name) in headings.enumerated() where position[name.lowercased()] == nil { position[name.lowercased()] = index }
        func missing(_ key: String, _ column: String) -> ImportError {
            ImportError("--map", "\(key)=\(column): the file has no column '\(column)'; its headers: \(headings.joined(separator: ", "))",
                        kind: .usage)
        }
        var at: [String: Int] = [:]
        for (key, column) in map.columns where key != "shares" {
            guard let index = position[column.lowercased()] else { throw missing(key, column) }
            at[key] = index
        }
        var shareColumns: [(name: String, index: Int)] = []
        if let pattern = map.columns["shares"] {
            let halves = pattern.split(separator: "*", omittingEmptySubsequences: false).map { String($0).lowercased() }
            for (index, name) in headings.enumerated() {
                let lower = name.lowercased()
                guard lower.count > halves[0].count + halves[1].count, lower.hasPrefix(halves[0]), lower.hasSuffix(halves[1]) else { continue }
                let member = String(name.dropFirst(halves[0].count).dropLast(halves[1].count)).trimmingSpaces
                if !member.isEmpty { shareColumns.append((member, index)) }
            }
            guard !shareColumns.isEmpty else { throw missing("shares", pattern) }
        }

        var warnings = ImportWarnings()
        let fallback = options.fallbackCurrency ?? (try? Currency(code: "USD"))!
        var builder = WeightedTrip(app: "csv", source: "csv:file:\(fileName.lowercased())", name: fileName, currency: fallback)
        var known = Set(shareColumns.map(\.name))
        if let payer = at["paid-by"] {
            for record in records.dropFirst() where payer < record.fields.count { known.insert(record.fields[payer].trimmingSpaces) }
        }
        var problems = RowProblems()
        var proportional = 0
        var currencies: [Currency] = []
        for record in records.dropFirst() {
            let fields = record.fields.map(SpreadsheetGuard.unguarded)
            if fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
            let here = "line \(record.line)"
            func field(_ key: String) -> String? { at[key].map { fields[$0].trimmingSpaces } }
            do throws(ImportError) {
                guard fields.count == header.fields.count else {
                    throw ImportError(here, "has \(fields.count) columns; the header has \(header.fields.count)")
                }
                let currency = try field("currency").flatMap(\.nilIfEmpty).map { code throws(ImportError) in
                    try ImportValues.currency(code, at: "\(here), column \(map.columns["currency"]!)")
                } ?? fallback
                currencies.append(currency)
                let date = try ImportValues.date(field("date") ?? "", at: "\(here), column \(map.columns["date"]!)")
                let amount = try ImportValues.decimal(field("amount") ?? "", currency, at: "\(here), column \(map.columns["amount"]!)")
                let payer = field("paid-by") ?? ""
                guard !payer.isEmpty else { throw ImportError("\(here), column \(map.columns["paid-by"]!)", "is empty; every row needs who paid") }
                let description = field("description") ?? ""
                if amount == 0 {
                    warnings.add("\(here): '\(description)' is zero; skipped")
                    continue
                }
                var owers: [(name: String, weight: Int128)] = []
                if !shareColumns.isEmpty {
                    for column in shareColumns {
                        let text = fields[column.index].trimmingSpaces
                        let share = text.isEmpty ? 0 : try ImportValues.decimal(text, currency, at: "\(here), column \(headings[column.index])")
                        if share != 0 { owers.append((column.name, Int128(share.magnitude))) }
                    }
                    guard !owers.isEmpty else { throw ImportError(here, "every share column is empty or zero; nobody owes this row") }
                    if owers.reduce(Int128(0), { $0 + $1.weight }) != Int128(amount.magnitude) { proportional += 1 }
                } else {
                    let list = field("among") ?? ""
                    let names = list.contains(";") ? list.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                        : NameList.split(list, known: known)
                    var seen = Set<String>()
                    owers = names.filter { seen.insert($0.lowercased()).inserted }.map { ($0, 1) }
                    guard !owers.isEmpty else { throw ImportError("\(here), column \(map.columns["among"]!)", "names nobody; every row needs who it was for") }
                }
                let category = ImportCategories.category(field("category"), warnings: &warnings)
                let source = builder.source(fields.joined(separator: "\u{1F}"))
                if let problem = builder.add(source: source, description: description, minor: amount, currency: currency, date: date,
                                             payer: payer, owers: owers, reimbursement: false, category: category) {
                    throw ImportError(here, problem)
                }
            } catch {
                problems.add(error)
            }
        }
        try problems.settle(keepGoing: options.keepGoing, warnings: &warnings)
        if proportional > 0 {
            warnings.add("\(proportional) row\(proportional == 1 ? "'s" : "s'") share columns do not add up to the amount; "
                         + "divided in proportion to them")
        }
        if let main = ImportValues.mostUsed(currencies) { builder.trip.currency = main }
        return ImportPlan(trips: [builder.finished(warnings: &warnings)], warnings: warnings.all)
    }
}
