import SplitCore

/// The upload map of one ``UploadScope`` in memory: local id → server id, per kind.
///
/// Loaded once at the start of an upload and kept in step with the table as entries are
/// recorded, so lookups during a 10,000-expense upload never touch SQLite.
public struct UploadMapping: Sendable, Equatable {
    private var ids: [UploadMapKind: [String: String]] = [:]

    public init(_ entries: [UploadMapEntry] = []) {
        for entry in entries { set(entry) }
    }

    /// The local identity of a share: `EXPENSE:MEMBER` (both local ids).
    public static func shareKey(expense: ExpenseID, member: MemberID) -> String {
        expense.rawValue + ":" + member.rawValue
    }

    public func serverID(_ kind: UploadMapKind, _ localID: String) -> String? {
        ids[kind]?[localID]
    }

    /// Every local id → server id of `kind`.
    public func entries(_ kind: UploadMapKind) -> [String: String] {
        ids[kind] ?? [:]
    }

    public var isEmpty: Bool { ids.values.allSatisfy(\.isEmpty) }

    public mutating func set(_ entry: UploadMapEntry) {
        ids[entry.kind, default: [:]][entry.localID] = entry.serverID
    }

    public mutating func remove(_ kind: UploadMapKind, _ localID: String) {
        ids[kind]?[localID] = nil
    }
}
