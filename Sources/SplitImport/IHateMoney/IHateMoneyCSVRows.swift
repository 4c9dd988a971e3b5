/// The rows of ihatemoney's `bills.csv`, with the two things its CSV export does to text undone:
///
/// - **Formula guards.** It prefixes a field starting with `=`, `+`, `-`, `@`, a tab or a line
///   break with `'` (OWASP's CSV-injection advice), so a member `=Bob` is written `'=Bob`. The
///   `'` is removed again, only before those characters.
/// - **Owers in one field**, joined with `", "`, so a name with a comma (`Smith, John`) cannot be
///   told from two names. The pieces are joined back wherever they spell a name the file knows
///   for sure, a payer's (payers have a field of their own); other pieces are names of their own.
///   (ihatemoney's own CSV import splits at every comma.)
enum IHateMoneyCSVRows {
    static let columns = ["what", "bill_type", "amount", "currency", "date", "payer_name", "payer_weight", "owers"]
    private static let required: Set<String> = ["what", "amount", "date", "payer_name", "owers"]

    static func rows(_ bytes: [UInt8]) throws(ImportError) -> [IHateMoneyBill] {
        let records = try CSVReader.records(bytes)
        guard let header = records.first else { return [] }
        var index: [String: Int] = [:]
        for (position, name) in header.fields.enumerated() where index[name.trimmingSpaces] == nil { index[name.trimmingSpaces] = position }
        for name in columns where required.contains(name) && index[name] == nil {
            throw ImportError("line \(header.line)", "has no column '\(name)'; ihatemoney's bills.csv has \(columns.joined(separator: ","))")
        }
        var rows: [IHateMoneyBill] = []
        var payers = Set<String>()
        var owerFields: [String] = []
        rows.reserveCapacity(records.count)
        for record in records.dropFirst() {
            let fields = record.fields
            if fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
            guard fields.count == header.fields.count else {
                throw ImportError("line \(record.line)", "has \(fields.count) columns; the header has \(header.fields.count)")
            }
            func field(_ name: String) -> String? { index[name].map { SpreadsheetGuard.unguarded(fields[$0]) } }
            // Cospend's CSV, which ihatemoney's import also takes, ends its bills here.
            if field("what") == "deleteMeIfYouWant" { continue }
            if field("what") == "categoryname" { break }
            let payer = (field("payer_name") ?? "").trimmingSpaces
            payers.insert(payer)
            owerFields.append(field("owers") ?? "")
            rows.append(IHateMoneyBill(
                location: "line \(record.line)", what: field("what") ?? "", billType: field("bill_type"),
                amount: field("amount") ?? "", currency: field("currency"), date: field("date") ?? "",
                payerName: payer, payerWeight: field("payer_weight") ?? "1", owers: []))
        }
        for position in rows.indices { rows[position].owers = names(owerFields[position], known: payers) }
        return rows
    }

    /// The names in an owers field: pieces between commas, trimmed, with consecutive pieces
    /// joined again (longest first) where together they are a name in `known`.
    static func names(_ field: String, known: Set<String>) -> [String] {
        let pieces = field.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        if pieces.count == 1 && pieces[0].isEmpty { return [] }
        var result: [String] = []
        var start = 0
        while start < pieces.count {
            var end = start
            for candidate in stride(from: pieces.count - 1, to: start, by: -1)
            where known.contains(pieces[start ... candidate].joined(separator: ", ")) {
                end = candidate
                break
            }
            result.append(pieces[start ... end].joined(separator: ", "))
            start = end + 1
        }
        return result
    }
}
