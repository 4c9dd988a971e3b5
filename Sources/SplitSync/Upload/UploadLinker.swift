import SplitCloud
import SplitCore
import SplitStore

/// Makes a verified upload a linked trip, so that later changes on either side sync.
///
/// Local items that the server stored under its own ids (the Node server, or an older upload
/// that could not keep them) take those ids first, read from the upload's id map; then the
/// trip is linked (feed sync on a server with `sync`, snapshot sync on the Node server) and
/// synced once, which brings what the server holds beyond the upload.
public struct UploadLinker: Sendable {
    public let store: LocalBackend
    public let client: CloudClient
    public let clock: @Sendable () -> Timestamp

    public init(store: LocalBackend, client: CloudClient, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.client = client
        self.clock = clock
    }

    /// Links `trip` to `group`, the cloud trip its upload went to. `account` is the user id the
    /// upload's id map is kept under; nil to ask the server (`GET /auth/me`), as the upload did.
    public func link(_ trip: TripID, group: TripID, account: String?) async throws {
        let feed = try await client.capabilities().has(.sync)
        var user = account ?? ""
        if account == nil { user = try await client.me().id }
        let mapping = try store.uploadMapping(UploadScope(server: client.server.url, account: user, trip: trip))
        try store.linkTrip(trip, server: client.server.url, account: user, group: group.rawValue,
                           syncProtocol: feed ? .feed : .snapshot, rekeys: Self.rekeys(mapping), at: clock())
        _ = try await SyncEngine(store: store, client: client, clock: clock).sync(trip)
    }

    /// The local ids that become the server's: every mapped member, expense and payment whose
    /// server id differs from its local one.
    static func rekeys(_ mapping: UploadMapping) -> [(SyncItemKey, SyncItemKey)] {
        var rekeys: [(SyncItemKey, SyncItemKey)] = []
        for (local, server) in mapping.entries(.member) where local != server {
            rekeys.append((.member(MemberID(local)), .member(MemberID(server))))
        }
        // An expense several members paid went to a server that knows one payer per expense
        // as one expense per payer (`EXPENSE#PAYER`): the local expense becomes the first part,
        // and the first pull brings the others, so this device shows what the server holds.
        var firstParts: [ExpenseID: (payer: MemberID, server: String)] = [:]
        for (local, server) in mapping.entries(.expense) {
            if let part = PayerPartKey.parse(local) {
                if let known = firstParts[part.expense], known.payer < part.payer { continue }
                firstParts[part.expense] = (part.payer, server)
            } else if local != server {
                rekeys.append((.expense(ExpenseID(local)), .expense(ExpenseID(server))))
            }
        }
        for (local, part) in firstParts.sorted(by: { $0.key < $1.key }) {
            rekeys.append((.expense(local), .expense(ExpenseID(part.server))))
        }
        for (local, server) in mapping.entries(.payment) where local != server {
            rekeys.append((.payment(PaymentID(local)), .payment(PaymentID(server))))
        }
        return rekeys
    }
}
