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

    /// The format of a file from its first bytes: the SQLite header, a JSON object with the
    /// app's keys or split's `format` marker, or a CSV header starting `Date,Description`.
    public static func detect(_ prefix: [UInt8]) -> ImportFormat? {
        if prefix.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .iosDatabase }
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("{") {
            if text.contains("\"split-export\"") { return .splitJSON }
            if text.contains("BudgetSplitter_") { return .legacyJSON }
            return nil
        }
        if trimmed.hasPrefix("Date,Description,Category,Cost,Currency") { return .splitwiseCSV }
        return nil
    }
}
