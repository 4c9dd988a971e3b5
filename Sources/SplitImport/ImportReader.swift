import Foundation
import SplitCore

/// Reads a file of any supported format into an ``ImportPlan``, detecting the format from the
/// content unless one is given.
///
/// ```swift
/// let (format, plan) = try ImportReader.read(path: "budget_splitter_local.db", format: nil)
/// ```
public enum ImportReader {
    /// Reads `path`, opened as `opening` when that differs (a relative path read against
    /// another folder than the process's); messages and the trip name use `path` as typed.
    public static func read(path: String, opening: String? = nil,
                            format forced: ImportFormat?, options: ImportOptions = ImportOptions()) throws(ImportError) -> (ImportFormat, ImportPlan) {
        let opened = opening ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: opened, isDirectory: &isDirectory) else {
            throw ImportError(path, "no such file", kind: .noInput)
        }
        guard !isDirectory.boolValue else { throw ImportError(path, "is a folder; give the file to import", kind: .noInput) }
        guard let handle = FileHandle(forReadingAtPath: opened) else {
            throw ImportError(path, "cannot be read (permission denied)", kind: .noInput)
        }
        let prefix = Array((try? handle.read(upToCount: 4096)) ?? Data())
        try? handle.close()
        guard let format = forced ?? (options.columnMap != nil ? .csv : ImportFormat.detect(prefix)) else {
            throw ImportError(path, "cannot tell the format; accepted: \(ImportFormat.allCases.map(\.summary).joined(separator: ", ")) "
                              + "(force one with --format \(ImportFormat.allCases.map(\.rawValue).joined(separator: "|")))")
        }
        if format == .csv, options.columnMap == nil {
            throw ImportError("--format csv", "needs --map to say which column holds what, e.g. --map date=Date,amount=Amount,paid-by=Paid by,among=For whom",
                              kind: .usage)
        }
        if format != .csv, options.columnMap != nil {
            throw ImportError("--map", "reads only --format csv; \(format.summary) has columns of its own", kind: .usage)
        }
        let fileName = Self.tripName(for: path)
        if format == .iosDatabase {
            guard prefix.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
                throw ImportError(path, "is not an SQLite database, so it cannot be the iOS app's database")
            }
            var builder = AppPlanBuilder(data: try IOSDatabaseReader(path: opened).read(), fileName: fileName)
            return (format, try builder.build())
        }
        guard let data = FileManager.default.contents(atPath: opened) else {
            throw ImportError(path, "cannot be read", kind: .noInput)
        }
        let bytes = Array(data)
        switch format {
        case .iosDatabase:
            preconditionFailure("handled above")
        case .legacyJSON:
            var builder = AppPlanBuilder(data: try LegacyJSONReader(bytes: bytes).read(), fileName: fileName)
            return (format, try builder.build())
        case .splitwiseCSV:
            return (format, try SplitwiseReader(bytes: bytes, fileName: fileName).read())
        case .splitJSON:
            return (format, try SplitJSONReader(bytes: bytes).read())
        case .ihatemoneyJSON:
            return (format, try IHateMoneyReader(rows: IHateMoneyJSONRows.rows(bytes), fileName: fileName, options: options).read())
        case .ihatemoneyCSV:
            return (format, try IHateMoneyReader(rows: IHateMoneyCSVRows.rows(bytes), fileName: fileName, options: options).read())
        case .spliitJSON:
            return (format, try SpliitJSONReader(bytes: bytes, options: options).read())
        case .spliitCSV:
            return (format, try SpliitCSVReader(bytes: bytes, fileName: fileName, options: options).read())
        case .cospend:
            return (format, try CospendReader(bytes: bytes, fileName: fileName, options: options).read())
        case .csv:
            return (format, try MappedCSVReader(bytes: bytes, map: options.columnMap!, fileName: fileName, options: options).read())
        }
    }

    /// The file's name without folder or extension: the name of a trip made for it.
    static func tripName(for path: String) -> String {
        let base = (path as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }
}
