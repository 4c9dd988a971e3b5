import SplitCore

/// Trips are the server's groups. Groups have no currency, so each trip's currency is
/// remembered in `config.json`: chosen at `trip create`, else inferred once from the group's
/// expenses (the most used currency), else JPY, the Node server's default.
extension CloudBackend {
    public func trips() async throws -> [TripOverview] {
        let groups = try await client.groups()
        let notes = try settings.load().state(for: server).trips
        var overviews: [TripOverview] = []
        try await withThrowingTaskGroup(of: TripOverview.self) { tasks in
            for group in groups {
                tasks.addTask { [client] in
                    async let members = client.members(group: group.id)
                    async let expenses = client.expenses(group: group.id)
                    let (memberList, expenseList) = try await (members, expenses)
                    let currency = notes[group.id.rawValue]?.currency ?? Self.inferCurrency(expenseList)
                    return TripOverview(trip: Trip(id: group.id, name: group.name, currency: try Currency(code: currency)),
                                        memberCount: memberList.count, expenseCount: expenseList.count, createdAt: nil)
                }
            }
            for try await overview in tasks { overviews.append(overview) }
        }
        overviews.sort { (Member.key(for: $0.trip.name), $0.trip.id) < (Member.key(for: $1.trip.name), $1.trip.id) }
        try remember(overviews.map(\.trip))
        return overviews
    }

    /// Creates a group. Names are kept unique per account (case-insensitive), as in local mode,
    /// so `trip use NAME` always finds one; the Node server itself would allow duplicates.
    @discardableResult
    public func createTrip(_ trip: Trip, at: Timestamp) async throws -> Trip {
        let name = try WireValidation.name(trip.name, member: false)
        let groups = try await client.groups()
        if groups.contains(where: { Member.key(for: $0.name) == Member.key(for: name) }) {
            throw CloudError.invalid("a trip named '\(name)' already exists; trip names are unique (case-insensitive)")
        }
        let group = try await client.createGroup(name: name)
        let created = Trip(id: group.id, name: group.name, currency: trip.currency)
        try remember([created])
        return created
    }

    /// Resolves like local mode: exact name (any case), id or id prefix of 6+ characters, then a
    /// unique name prefix.
    public func trip(matching reference: String) async throws -> Trip {
        let groups = try await client.groups()
        let key = Member.key(for: reference.trimmingSpaces)
        let group = try Self.resolve(key, reference: reference, in: groups)
        return try await trip(for: group)
    }

    /// The current trip from `config.json`, without asking the server.
    public func currentTrip() async throws -> Trip? {
        let state = try settings.load().state(for: server)
        guard let id = state.currentTrip, let note = state.trips[id] else { return nil }
        return Trip(id: TripID(id), name: note.name, currency: try Currency(code: note.currency))
    }

    public func setCurrentTrip(_ id: TripID?) async throws {
        var trip: Trip?
        if let id {
            if let known = memo.withLockedValue({ $0.trips[id] }) {
                trip = known
            } else {
                guard let group = try await client.groups().first(where: { $0.id == id }) else {
                    throw CloudError.notFound(CloudClient.missingGroup(id))
                }
                trip = try await self.trip(for: group)
            }
        }
        let server = self.server
        try settings.update { settings in
            var state = settings.state(for: server)
            state.currentTrip = trip?.id.rawValue
            if let trip { state.trips[trip.id.rawValue] = .init(name: trip.name, currency: trip.currency.code) }
            settings.servers[server.url] = state
        }
    }

    public func renameTrip(_ id: TripID, to name: String, at: Timestamp) async throws {
        throw CloudError.unsupported("the cloud server cannot rename trips (its API has no endpoint for it)")
    }

    public func deleteTrip(_ id: TripID) async throws {
        throw CloudError.unsupported("the cloud server cannot delete trips (its API has no endpoint for it)")
    }

    /// Cloud trips have no exchange rates; `settle --in` then names the missing rate.
    public func rates(trip: TripID) async throws -> [String: ExchangeRate] { [:] }

    public func setRate(trip: TripID, currency: Currency, rate: ExchangeRate, at: Timestamp) async throws {
        throw Self.localOnly("exchange rates are kept")
    }

    // MARK: Helpers

    /// The group as a trip, with its remembered currency, inferring (and remembering) it when new.
    func trip(for group: CloudGroup) async throws -> Trip {
        if let known = memo.withLockedValue({ $0.trips[group.id] }) { return known }
        let code: String
        if let note = try settings.load().state(for: server).trips[group.id.rawValue] {
            code = note.currency
        } else {
            code = Self.inferCurrency(try await cloudExpenses(group.id))
        }
        let trip = Trip(id: group.id, name: group.name, currency: try Currency(code: code))
        try remember([trip])
        return trip
    }

    /// Keeps trips in this run's memo and their names and currencies in `config.json`.
    func remember(_ trips: [Trip]) throws {
        memo.withLockedValue { memo in
            for trip in trips { memo.trips[trip.id] = trip }
        }
        try settings.remember(trips, on: server)
    }

    /// The most used currency (ties to the code first in order), else JPY.
    static func inferCurrency(_ expenses: [CloudExpense]) -> String {
        var counts: [String: Int] = [:]
        for expense in expenses { counts[expense.expense.amount.currency.code, default: 0] += 1 }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "JPY"
    }

    static func resolve(_ key: String, reference: String, in groups: [CloudGroup]) throws -> CloudGroup {
        let named = groups.filter { Member.key(for: $0.name) == key }
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: named.map(\.id.rawValue))
        }
        if key.count >= 6 {
            let byID = groups.filter { $0.id.rawValue.hasPrefix(key) }
            if byID.count == 1 { return byID[0] }
            if byID.count > 1 { throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: byID.map(\.name)) }
        }
        if !key.isEmpty {
            let prefixed = groups.filter { Member.key(for: $0.name).hasPrefix(key) }
            if prefixed.count == 1 { return prefixed[0] }
            if prefixed.count > 1 {
                throw ResolutionError.ambiguous(what: "trip", reference: reference, matches: prefixed.map(\.name).sorted())
            }
        }
        throw ResolutionError.unknown(what: "trip", reference: reference,
                                      candidates: groups.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
    }
}
