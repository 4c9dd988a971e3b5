import Foundation

/// The kinds of file `split import` reads, detected from the content.
///
/// ``ImportReader`` picks the reader for each; every reader produces an `ImportPlan`.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// The iOS app's SQLite database (`budget_splitter_local.db`).
    case iosDatabase = "ios-db"
    /// The iOS app's JSON from before it used SQLite.
    case legacyJSON = "ios-json"
    /// Splitwise's CSV export.
    case splitwiseCSV = "splitwise"
    /// split's own `export --format json`.
    case splitJSON = "split-json"
    /// ihatemoney's `export/bills.json`.
    case ihatemoneyJSON = "ihatemoney"
    /// ihatemoney's `export/bills.csv`.
    case ihatemoneyCSV = "ihatemoney-csv"
    /// Spliit's `expenses/export/json`.
    case spliitJSON = "spliit"
    /// Spliit's `expenses/export/csv`.
    case spliitCSV = "spliit-csv"
    /// Cospend's (Nextcloud) project CSV.
    case cospend
    /// Any other CSV, read through `--map` (never detected).
    case csv

    /// One line per format for `--help` and messages: what each one is.
    public var summary: String {
        switch self {
        case .iosDatabase: return "the iOS app's database (.db)"
        case .legacyJSON: return "the iOS app's legacy JSON"
        case .splitwiseCSV: return "Splitwise CSV"
        case .splitJSON: return "a split JSON export"
        case .ihatemoneyJSON: return "ihatemoney's bills.json"
        case .ihatemoneyCSV: return "ihatemoney's bills.csv"
        case .spliitJSON: return "Spliit's JSON export"
        case .spliitCSV: return "Spliit's CSV export"
        case .cospend: return "a Cospend project CSV"
        case .csv: return "any other CSV with --map"
        }
    }

    /// The format of a file from its first bytes: the SQLite header, a JSON object with the
    /// app's keys or split's `format` marker, a JSON list of bills with ihatemoney's keys, or a
    /// CSV header: Splitwise's `Date,Description,…` or ihatemoney's `what,…,payer_name,…,owers`,
    /// Spliit's `Date,Description,Category,Currency,Cost,Original cost,…` (after its BOM), Cospend's
    /// `name,weight,active,color` or `what,amount,date,timestamp,payer_name,…`. A Spliit JSON
    /// is an object with `participants` and `expenses`. `csv` is never detected: it needs `--map`.
    public static func detect(_ prefix: [UInt8]) -> ImportFormat? {
        if prefix.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .iosDatabase }
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("{") {
            if text.contains("\"split-export\"") { return .splitJSON }
            if text.contains("BudgetSplitter_") { return .legacyJSON }
            // Spliit writes the group's participants after its expenses, maybe beyond this prefix.
            if text.contains("\"expenses\""),
               ["\"participants\"", "\"paidById\"", "\"splitMode\""].contains(where: { text.contains($0) }) { return .spliitJSON }
            return nil
        }
        if trimmed.hasPrefix("[") {
            // An empty list is what ihatemoney exports for a project without bills.
            let compact = trimmed.filter { !$0.isWhitespace }
            if compact == "[]" || (text.contains("\"payer_name\"") && text.contains("\"owers\"")) { return .ihatemoneyJSON }
            return nil
        }
        let headerLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        if headerLine.hasPrefix("name,weight,active") || (headerLine.hasPrefix("what,amount,date,timestamp,payer_name")) { return .cospend }
        // Spliit's CSV writer (json2csv) quotes every heading.
        if headerLine.filter({ $0 != "\"" }).hasPrefix("Date,Description,Category,Currency,Cost,Original cost") { return .spliitCSV }
        if headerLine.hasPrefix("what,"), headerLine.contains("payer_name"), headerLine.contains("owers") { return .ihatemoneyCSV }
        if trimmed.hasPrefix("Date,Description,Category,Cost,Currency") { return .splitwiseCSV }
        return nil
    }
}
