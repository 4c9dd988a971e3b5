/// Where you stand with each person you share a trip with, across trips.
///
/// What you owe a friend in a trip is what the trip's own settle-up plan has pass between you
/// (``SettlementPlanner/plan(_:names:)``, exactly as `split settle` shows it), so the numbers
/// here never disagree with a trip's plan. Summed per friend and currency over the trips, that
/// is the cross-trip balance; and because each plan clears every net, for every currency the
/// sum over friends equals the sum of your nets over the trips.
///
/// Who is the same friend in two trips (``FriendIdentity``):
/// 1. members an account claims are that account;
/// 2. others go by ``PersonKey`` of their name, and join the one account whose claimed
///    members have that name key, if exactly one does (`Bea` in a local trip is the `Bea`
///    whose account claims her in a linked one); with none or several, the name stands alone.
///
/// Netting across trips (a friend's totals) never moves more money than the trips' plans do
/// between you: it is a sum of those amounts, so its size is at most the sum of theirs.
public enum FriendLedger {
    /// The friends of `trips` in name order (``PersonKey``, then identity); each friend's trips
    /// in the order given, with every trip they share with you listed, even ones where you
    /// are even.
    /// - Throws: ``SettlementError`` when a trip's nets do not sum to zero;
    ///   ``MoneyError/overflow`` when a friend's total leaves `Int64`.
    public static func friends(_ trips: [TripStanding]) throws -> [Friend] {
        let seen = try trips.flatMap(sightings)
        var accountsByName: [String: Set<String>] = [:]
        for sighting in seen {
            if let account = sighting.account { accountsByName[sighting.key, default: []].insert(account) }
        }
        var order: [FriendIdentity] = []
        var grouped: [FriendIdentity: [FriendTrip]] = [:]
        for sighting in seen {
            let identity: FriendIdentity
            var matchedBy = FriendMatch.account
            if let account = sighting.account {
                identity = .account(account)
            } else if let claimed = accountsByName[sighting.key], claimed.count == 1 {
                identity = .account(claimed.first!)
                matchedBy = .name
            } else {
                identity = .name(sighting.key)
                matchedBy = .name
            }
            if grouped[identity] == nil { order.append(identity) }
            grouped[identity, default: []].append(
                FriendTrip(trip: sighting.trip, member: sighting.member, matchedBy: matchedBy, amounts: sighting.amounts))
        }
        let friends = try order.map { identity in
            let trips = grouped[identity] ?? []
            return Friend(identity: identity, name: trips[0].member.name, totals: try total(trips.flatMap(\.amounts)),
                          trips: trips)
        }
        return friends.sorted { (PersonKey.of($0.name), $0.identity) < (PersonKey.of($1.name), $1.identity) }
    }

    /// One member of one trip, not you, with what passes between you in the trip's plan.
    private struct Sighting {
        let trip: Trip
        let member: Member
        let account: String?
        let key: String
        let amounts: [FriendAmount]
    }

    /// The others of a trip, each with the plan's transfers between you and them.
    private static func sightings(_ standing: TripStanding) throws -> [Sighting] {
        let directory = MemberDirectory(standing.members)
        var amounts: [MemberID: [FriendAmount]] = [:]
        for balances in standing.balances {
            for transfer in try SettlementPlanner.plan(balances, names: directory) {
                if transfer.from == standing.me {
                    amounts[transfer.to, default: []].append(FriendAmount(currency: balances.currency, amount: -transfer.amount))
                } else if transfer.to == standing.me {
                    amounts[transfer.from, default: []].append(FriendAmount(currency: balances.currency, amount: transfer.amount))
                }
            }
        }
        var others = standing.members.filter { $0.id != standing.me }
        // A removed member holds only zeros, but never drop money if one does not.
        let listed = Set(others.map(\.id))
        for id in amounts.keys.sorted() where !listed.contains(id) { others.append(Member(id: id, name: id.short)) }
        return try others.map { member in
            Sighting(trip: standing.trip, member: member, account: standing.accounts[member.id], key: PersonKey.of(member.name),
                     amounts: try total(amounts[member.id] ?? []))
        }
    }

    /// `amounts` summed per currency, in code order, zeros left out.
    public static func total(_ amounts: [FriendAmount]) throws(MoneyError) -> [FriendAmount] {
        var sums: [String: (currency: Currency, sum: Int128)] = [:]
        for amount in amounts {
            sums[amount.currency.code, default: (amount.currency, 0)].sum += Int128(amount.amount)
        }
        var totals: [FriendAmount] = []
        for code in sums.keys.sorted() {
            let (currency, sum) = sums[code]!
            guard sum != 0 else { continue }
            guard let exact = Int64(exactly: sum) else { throw .overflow }
            totals.append(FriendAmount(currency: currency, amount: exact))
        }
        return totals
    }
}
