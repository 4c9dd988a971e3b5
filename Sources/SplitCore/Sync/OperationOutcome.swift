/// The server's answer to one pushed operation.
public struct OperationOutcome: Hashable, Sendable {
    public enum Status: String, Sendable {
        case applied, conflict, rejected
    }

    public let opID: String
    public let status: Status
    /// For a conflict (and a refused member name), the item as the server has it.
    public let current: RemoteItem?
    /// For a rejection, the server's reason.
    public let error: String?

    public init(opID: String, status: Status, current: RemoteItem?, error: String?) {
        self.opID = opID
        self.status = status
        self.current = current
        self.error = error
    }
}
