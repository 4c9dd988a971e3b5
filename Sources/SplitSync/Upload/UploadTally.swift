/// For one kind of item: how many this run created on the server, and how many were found
/// there already (uploaded before, or stored by a run whose answer was lost).
public struct UploadTally: Sendable, Equatable {
    public var created = 0
    public var matched = 0
    /// How many the local trip has (or, for paid flags, how many needed setting).
    public var total = 0

    public init(created: Int = 0, matched: Int = 0, total: Int = 0) {
        self.created = created
        self.matched = matched
        self.total = total
    }

    /// Created or matched: on the server now.
    public var onServer: Int { created + matched }
}
