import SplitCloud
import SplitCore
import SplitStore

/// Makes linked trips: a new local trip with a new cloud group under the same id
/// (`trip create --cloud`), or a new local trip holding a cloud group (`trip pull`, `join`).
public struct TripLinker: Sendable {
    public let store: LocalBackend
    public let client: CloudClient
    /// The user id the links are made for.
    public let account: String
    public let clock: @Sendable () -> Timestamp

    public init(store: LocalBackend, client: CloudClient, account: String, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.client = client
        self.account = account
        self.clock = clock
    }

    /// Before a new linked trip exists locally: on the Node server, which picks its own ids,
    /// the group is created first, and the local trip takes its id (every device then names
    /// the trip alike). Nil on split-server, where the group takes the local trip's id.
    public func prepareGroup(named name: String) async throws -> TripID? {
        guard try await !client.capabilities().has(.sync) else { return nil }
        return try await client.createGroup(name: name).id
    }

    /// Links a new, still empty local trip to its cloud group: on split-server the group is
    /// created now under the trip's id (an idempotent request: client id and key, so a run
    /// stopped after it can simply be repeated); on the Node server it is the one
    /// ``prepareGroup(named:)`` made.
    public func createGroup(for trip: Trip) async throws {
        let feed = try await client.capabilities().has(.sync)
        var group = trip.id
        if feed {
            let request = FromLocalTrip(name: trip.name, description: nil, members: [], expenses: [], keepingIDs: trip.id,
                                        currency: trip.currency)
            group = try await client.createGroupFromLocal(request, key: "link-" + trip.id.rawValue).group
        }
        try store.linkTrip(trip.id, server: client.server.url, account: account, group: group.rawValue,
                           syncProtocol: feed ? .feed : .snapshot, at: clock())
        // The first pull: the revision the new group starts at.
        _ = try await SyncEngine(store: store, client: client, clock: clock).sync(trip.id)
    }

    /// Fetches the whole group into a new linked local trip, in one transaction.
    /// The trip's currency is the group's, else that of most of its expenses, else JPY (the
    /// Node server's default).
    public func pull(_ group: CloudGroup) async throws -> (trip: Trip, tally: SyncTally) {
        let feed = try await client.capabilities().has(.sync)
        var changes = RemoteChanges(revision: feed ? 0 : 1, items: [])
        if feed {
            // Everything from revision 0: an empty first answer that says more follows.
            changes = try await SyncEngine.catchUp(client, group: group.id.rawValue,
                                                   from: SyncAnswer(outcomes: [], changes: changes, more: true))
        } else {
            changes.items = try await NodeSnapshot.fetch(client, group: group.id).ordered.map { $0.at(revision: 1) }
        }
        var name = group.name
        var currency: Currency?
        var expenseCurrencies: [Currency] = []
        for item in changes.items {
            switch item.value {
            case .group(let groupName, let groupCurrency)?:
                name = groupName
                currency = groupCurrency ?? currency
            case .expense(let expense)?:
                expenseCurrencies.append(expense.amount.currency)
            default: break
            }
        }
        let trip = Trip(id: group.id, name: Self.localName(name, group: group.id),
                        currency: Trip.homeCurrency(stated: currency, expenseCurrencies: expenseCurrencies))
        let tally = try store.adopt(trip, server: client.server.url, account: account, group: group.id.rawValue,
                                    syncProtocol: feed ? .feed : .snapshot, changes: changes, at: clock())
        return (trip, tally)
    }

    /// The server's trip name as a local trip name: another client may have left it empty,
    /// over-long or with control characters, which a local trip cannot be called.
    static func localName(_ name: String, group: TripID) -> String {
        (try? NameRules.trip(String(name.trimmingSpaces.prefix(NameRules.maxLength)))) ?? "Trip \(group.short)"
    }
}
