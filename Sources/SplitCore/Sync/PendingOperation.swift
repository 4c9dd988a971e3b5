/// An operation waiting in the outbox, with what the server must still hold for it to apply.
public struct PendingOperation: Hashable, Sendable {
    /// Outbox order.
    public let sequence: Int64
    /// Sent with the operation; the server applies one id once.
    public let opID: String
    public let operation: SyncOperation
    /// The item's server revision the change was made on (`ifMatch`); nil for a new item.
    public let baseRevision: Int64?
    /// The item as the server last had it when the change was made: the base of a three-way
    /// merge. Nil for a new item.
    public let base: SyncValue?

    public init(sequence: Int64, opID: String, operation: SyncOperation, baseRevision: Int64?, base: SyncValue?) {
        self.sequence = sequence
        self.opID = opID
        self.operation = operation
        self.baseRevision = baseRevision
        self.base = base
    }
}
