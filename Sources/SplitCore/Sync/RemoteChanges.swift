/// What a pull brings: every item changed after the revision the device held, in the order
/// they must be applied (the group, members, expenses, payments, rates), and the revision
/// the device then holds.
public struct RemoteChanges: Sendable {
    public var revision: Int64
    public var items: [RemoteItem]

    public init(revision: Int64, items: [RemoteItem]) {
        self.revision = revision
        self.items = items
    }
}
