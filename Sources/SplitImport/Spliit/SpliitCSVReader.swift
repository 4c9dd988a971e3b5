import SplitCore

/// Reads Spliit's CSV export: a UTF-8 BOM, the header `Date, Description, Category, Currency,
/// Cost, Original cost, Original currency, Conversion rate, Is Reimbursement, Split mode`, then
/// one column per participant.
///
/// Spliit writes each participant's share of a row in major units, positive for the payer's
/// own share and negative for everyone else's; a participant outside the expense holds 0. So
/// the payer is the one positive column, and the shares (rounded to the cent one by one) are
/// brought to the cost exactly by ``LargestRemainder`` in proportion to them. A payer with no
/// share of their own cannot be told from the file: such rows are listed (the JSON export
/// names the payer), as are rows whose shares miss the cost by more than rounding.
struct SpliitCSVReader {
    let bytes: [UInt8]
    let fileName: String
    let options: ImportOptions

    static let fixedColumns = ["Date", "Description", "Category", "Currency", "Cost", "Original cost", "Original currency",
                               "Conversion rate", "Is Reimbursement", "Split mode"]

    func read() throws(ImportError) -> ImportPlan {
        let records = try CSVReader.records(bytes)
        guard let header = records.first else { throw ImportError("", "the file is empty") }
        let headings = header.fields.map(\.trimmingSpaces)
        for (index, name) in Self.fixedColumns.enumerated() where headings.count <= index || headings[index] != name {
            throw ImportError("line \(header.line)", "the header must start with \(Self.fixedColumns.joined(separator: ",")), then one column per participant, as Spliit's CSV export writes")
        }
        let names = Array(headings.dropFirst(Self.fixedColumns.count))
        guard !names.isEmpty else { throw ImportError("line \(header.line)", "the header names no participant columns") }
        var warnings = ImportWarnings()
        let fallback = options.fallbackCurrency ?? (try? Currency(code: "USD"))!
        let firstCode = records.dropFirst().first { $0.fields.count > 3 }?.fields[3]
        let currency = SpliitCurrency.resolve(code: firstCode, symbol: nil, fallback: fallback, warnings: &warnings)
        let tripName = fileName.hasSuffix("-expenses") && fileName.count > 9 ? String(fileName.dropLast(9)) : fileName
        var builder = WeightedTrip(app: "spliit", source: "spliit:file:\(tripName.lowercased()):\(RowFingerprint.of(names.joined(separator: ",").lowercased()))",
                                   name: tripName, currency: currency)
        var problems = RowProblems()
        var oldRows: [String] = []
        var repaired = 0
        for record in records.dropFirst() {
            let fields = record.fields.map { SpreadsheetGuard.unguarded($0) }
            if fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
            let here = "line \(record.line)"
            do throws(ImportError) {
                guard fields.count == header.fields.count else {
                    throw ImportError(here, "has \(fields.count) columns; the header has \(header.fields.count)")
                }
                if try read(fields, at: here, names: names, into: &builder, oldRows: &oldRows, warnings: &warnings) { repaired += 1 }
            } catch {
                problems.add(error)
            }
        }
        try problems.settle(keepGoing: options.keepGoing, warnings: &warnings)
        if repaired > 0 {
            warnings.add("\(repaired) row\(repaired == 1 ? "" : "s") had shares rounded apart from the cost by Spliit's CSV; "
                         + "brought to the cost in proportion to them (the JSON export holds exact shares)")
        }
        if !oldRows.isEmpty {
            warnings.add("\(oldRows.count) row\(oldRows.count == 1 ? "" : "s") (\(oldRows.prefix(3).joined(separator: ", "))"
                         + "\(oldRows.count > 3 ? ", …" : "")) hold the original cost in major units, as older Spliit versions wrote it; "
                         + "their notes say so")
        }
        return ImportPlan(trips: [builder.finished(warnings: &warnings)], warnings: warnings.all)
    }

    /// Reads one row; true when its shares had to be brought to the cost.
    private func read(_ fields: [String], at here: String, names: [String], into builder: inout WeightedTrip,
                      oldRows: inout [String], warnings: inout ImportWarnings) throws(ImportError) -> Bool {
        let currency = builder.trip.currency
        if let code = fields[3].trimmingSpaces.nilIfEmpty, code.uppercased() != currency.code,
           SpliitCurrency.symbols[code] != currency.code {
            throw ImportError("\(here), column Currency", "'\(code)' differs from the group's \(currency.code); a Spliit group has one currency")
        }
        let date = try ImportValues.date(fields[0], at: "\(here), column Date")
        let title = fields[1].trimmingSpaces
        let cost = try ImportValues.decimal(fields[4], currency, at: "\(here), column Cost")
        var shares: [Int64] = []
        for (offset, name) in names.enumerated() {
            let text = fields[Self.fixedColumns.count + offset]
            shares.append(text.trimmingSpaces.isEmpty ? 0 : try ImportValues.decimal(text, currency, at: "\(here), column \(name)"))
        }
        let payers = shares.indices.filter { shares[$0] > 0 }
        guard payers.count == 1 else {
            throw ImportError(here, payers.isEmpty
                              ? "names no payer: Spliit's CSV shows the payer only through their own share; the group's JSON export names every payer"
                              : "has \(payers.count) positive columns; Spliit writes only the payer's share as positive")
        }
        if cost == 0 {
            warnings.add("\(here): '\(title)' is zero; skipped")
            return false
        }
        let magnitudes = shares.map { Int128($0.magnitude) }
        let sum = magnitudes.reduce(0, +)
        guard (sum - Int128(cost.magnitude)).magnitude <= UInt128(names.count) else {
            throw ImportError(here, "the participant columns add up to \(DecimalText.major(Int64(sum), exponent: currency.exponent, padded: true)), "
                              + "not the cost \(fields[4].trimmingSpaces)")
        }
        let reimbursement = fields[8].trimmingSpaces.lowercased() == "yes"
        var note: String?
        if let original = SpliitCurrency.originalNote(amount: cost, currency: currency, original: fields[5], originalCurrency: fields[6],
                                                      rate: fields[7].nilIfEmpty, fromCSV: true) {
            note = original.note
            if original.majorUnits { oldRows.append(here) }
        }
        let category = reimbursement ? .other : ImportCategories.category(fields[2], warnings: &warnings)
        let owers = names.indices.filter { magnitudes[$0] > 0 }.map { (name: names[$0], weight: magnitudes[$0]) }
        let source = builder.source(fields.joined(separator: "\u{1F}"))
        if let problem = builder.add(source: source, description: title, minor: cost, currency: currency, date: date,
                                     payer: names[payers[0]], owers: owers, reimbursement: reimbursement, category: category, note: note) {
            throw ImportError(here, problem)
        }
        return sum != Int128(cost.magnitude)
    }
}
