import SplitCore

/// Why the local store refused or failed an operation.
public enum StoreError: Error, Equatable, Sendable, UserFacingError {
    case cannotOpen(path: String, reason: String)
    case notSplitDatabase(path: String)
    case corrupt(path: String, reason: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case io(String)
    case duplicateTripName(String)
    case duplicateMemberName(String)
    case invalidName(what: String, reason: String)
    case memberInUse(name: String, expenses: Int, payments: Int)
    case notFound(String)
    case nothingToUndo
    case cannotUndo(String)
    case invalid(String)
    /// The server a linked trip syncs with cannot hold this change (the Node server has no
    /// member rename, for one); nothing was changed.
    case serverCannot(String)
    /// A stored value that cannot be read as what its column holds (`PRAGMA
    /// ignore_check_constraints`, another program, a bad disk). Never replaced by a default.
    case unreadable(table: String, id: String, column: String, value: String, expected: String)

    public var message: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open database \(path): \(reason)"
        case .notSplitDatabase(let path):
            return "\(path) is not a split database; it was left untouched (use --db to pick another file)"
        case .corrupt(let path, let reason):
            return "database \(path) is corrupt or unreadable (\(reason)); it was left untouched"
        case .newerSchema(let path, let found, let supported):
            return "database \(path) has schema version \(found), newer than this split supports (\(supported)); "
                + "upgrade split. The file was left untouched"
        case .io(let reason):
            return "database error: \(reason)"
        case .duplicateTripName(let name):
            return "a trip named '\(name)' already exists; trip names are unique (case-insensitive)"
        case .duplicateMemberName(let name):
            return "a member named '\(name)' already exists in this trip; names are unique (case-insensitive)"
        case .invalidName(let what, let reason):
            return "invalid \(what) name: \(reason)"
        case .memberInUse(let name, let expenses, let payments):
            var uses: [String] = []
            if expenses > 0 { uses.append("\(expenses) expense\(expenses == 1 ? "" : "s")") }
            if payments > 0 { uses.append("\(payments) payment\(payments == 1 ? "" : "s")") }
            return "cannot remove \(name): they appear in \(uses.joined(separator: " and ")); "
                + "delete or edit those first"
        case .notFound(let what):
            return what
        case .nothingToUndo:
            return "nothing to undo in this trip"
        case .cannotUndo(let reason):
            return "cannot undo: \(reason)"
        case .invalid(let reason):
            return reason
        case .serverCannot(let reason):
            return reason
        case .unreadable(let table, let id, let column, let value, let expected):
            return "the database holds an unreadable value: table \(table), row id \(id), column \(column) is \(value), "
                + "expected \(expected); nothing was changed (repair or remove that row)"
        }
    }

    public var kind: FailureKind {
        switch self {
        case .cannotOpen, .notSplitDatabase, .corrupt, .newerSchema, .io, .unreadable: return .io
        case .notFound: return .notFound
        case .serverCannot: return .unavailable
        default: return .data
        }
    }
}
