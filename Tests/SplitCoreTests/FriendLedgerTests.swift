@testable import SplitCore
import Testing

/// Where you stand with each friend across trips (``FriendLedger``), and who is the same
/// person (``PersonKey``, accounts).
@Suite("friends across trips")
struct FriendLedgerTests {
    @Test("a name is the same person ignoring case, accents and surrounding space; nothing more")
    func personKey() {
        let jose = PersonKey.of("José")
        for same in ["jose", "  JOSÉ ", "Jose\u{301}", "josé\t"] { #expect(PersonKey.of(same) == jose, "\(same)") }
        #expect(PersonKey.of("Zoë") == "zoe" && PersonKey.of("Łukasz") == "lukasz" && PersonKey.of("Ñandú") == "nandu")
        #expect(PersonKey.of("Thành Nguyễn") == "thanh nguyen")
        #expect(PersonKey.of("Άννα") == PersonKey.of("αννα"))
        for other in ["Josie", "Jos", "Joseph", "Jo sé", "ß"] { #expect(PersonKey.of(other) != jose, "\(other)") }
        #expect(PersonKey.of("Straße") == "straße", "a letter that is not a letter with a mark stays")
        let members = [Member(id: member(1), name: "José"), Member(id: member(2), name: "Jose"), Member(id: member(3), name: "Ana")]
        #expect(PersonKey.member(named: "JOSE", in: members)?.id == member(2), "several by accents: the exact one (by case) wins")
        #expect(PersonKey.member(named: "josé", in: members)?.id == member(1))
        #expect(PersonKey.member(named: " ána ", in: members)?.id == member(3))
        #expect(PersonKey.member(named: "Jöse", in: members) == nil, "several, and none matches by case alone: nobody")
        #expect(PersonKey.member(named: "Bea", in: members) == nil)
    }

    @Test("claimed members match by account, whatever their names; an unclaimed name joins the one account with that name")
    func identities() throws {
        let you = Member(id: member(0), name: "Me")
        func trip(_ number: Int) -> Trip { Trip(id: TripID("t\(number)"), name: "Trip \(number)", currency: eur) }
        // Trip 1: Bea (account b) owes you 10. Trip 2: "B. Smith" (account b) is owed 4 by you.
        // Trip 3, local: "béa" owes you 1; "Cy" is even.
        let bea = Member(id: member(1), name: "Bea"), smith = Member(id: member(2), name: "B. Smith")
        let local = Member(id: member(3), name: " béa"), cy = Member(id: member(4), name: "Cy")
        let standings = [
            TripStanding(trip: trip(1), members: [you, bea], me: you.id, accounts: [bea.id: "s b"],
                         balances: [balances(eur, [you.id: 10, bea.id: -10])]),
            TripStanding(trip: trip(2), members: [you, smith], me: you.id, accounts: [smith.id: "s b", you.id: "s me"],
                         balances: [balances(eur, [you.id: -4, smith.id: 4])]),
            TripStanding(trip: trip(3), members: [you, local, cy], me: you.id, accounts: [:],
                         balances: [balances(eur, [you.id: 1, local.id: -1, cy.id: 0])]),
        ]
        let friends = try FriendLedger.friends(standings)
        #expect(friends.map(\.name) == ["Bea", "Cy"])
        let found = friends[0]
        #expect(found.identity == .account("s b") && found.totals == [FriendAmount(currency: eur, amount: 7)])
        #expect(found.trips.map(\.member.name) == ["Bea", "B. Smith", " béa"])
        #expect(found.trips.map(\.matchedBy) == [.account, .account, .name])
        #expect(found.trips.map(\.amounts) == [[FriendAmount(currency: eur, amount: 10)], [FriendAmount(currency: eur, amount: -4)],
                                                [FriendAmount(currency: eur, amount: 1)]])
        #expect(friends[1].identity == .name("cy") && friends[1].totals.isEmpty && friends[1].trips.count == 1)

        // Two accounts with that name: the unclaimed one stands alone, by name.
        var two = standings
        two[1] = TripStanding(trip: trip(2), members: [you, Member(id: member(2), name: "Bea")], me: you.id,
                              accounts: [member(2): "s other"], balances: [balances(eur, [you.id: -4, member(2): 4])])
        let split = try FriendLedger.friends(two)
        #expect(Set(split.map(\.identity)) == [.account("s b"), .account("s other"), .name("bea"), .name("cy")])
    }

    @Test("random trips: per currency the friends' totals sum to your nets, and netting never moves more than the plans",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func property(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let spellings = ["Bea", "bea", " Béa ", "Chen", "CHEN", "Dana", "Dána", "Eli", "Fay", "Gus", "Me"]
        var standings: [TripStanding] = []
        var yourNets: [String: Int128] = [:]
        var planned: Int128 = 0
        for index in 0..<Int.random(in: 1...6, using: &random) {
            let count = Int.random(in: 2...7, using: &random)
            var names: [String] = []
            for name in spellings.shuffled(using: &random) where !names.contains(where: { Member.key(for: $0) == Member.key(for: name) }) {
                names.append(name)
                if names.count == count { break }
            }
            let members = names.enumerated().map { Member(id: MemberID("t\(index)-\($0.offset)"), name: $0.element) }
            let you = members.randomElement(using: &random)!.id
            var accounts: [MemberID: String] = [:]
            for member in members where Bool.random(using: &random) && member.id != you {
                accounts[member.id] = "server " + PersonKey.of(member.name) + (Bool.random(using: &random) ? "" : "2")
            }
            var all: [CurrencyBalances] = []
            for code in [eur, jpy, usd].filter({ _ in Bool.random(using: &random) }) {
                let nets = randomNets(count: members.count, magnitudes: 1...50_000, using: &random)
                var byMember: [MemberID: Int64] = [:]
                for (offset, net) in nets.enumerated() { byMember[members[offset].id] = net.net }
                all.append(balances(code, byMember))
                yourNets[code.code, default: 0] += Int128(byMember[you]!)
                let directory = MemberDirectory(members)
                planned += try SettlementPlanner.plan(all.last!, names: directory)
                    .filter { $0.from == you || $0.to == you }.reduce(0) { $0 + Int128($1.amount) }
            }
            let trip = Trip(id: TripID("t\(index)"), name: "Trip \(index)", currency: eur)
            standings.append(TripStanding(trip: trip, members: members, me: you, accounts: accounts, balances: all))
        }
        let friends = try FriendLedger.friends(standings)
        var sums: [String: Int128] = [:]
        var netted: Int128 = 0
        for friend in friends {
            for total in friend.totals {
                sums[total.currency.code, default: 0] += Int128(total.amount)
                netted += Int128(total.amount.magnitude)
            }
            // A friend's totals are the sum of their trips' amounts.
            #expect(try FriendLedger.total(friend.trips.flatMap(\.amounts)) == friend.totals)
        }
        #expect(sums == yourNets.filter { $0.value != 0 }, "seed \(seed)")
        #expect(netted <= planned, "seed \(seed)")
        // Every other member of every trip is seen exactly once.
        #expect(friends.flatMap(\.trips).count == standings.reduce(0) { $0 + $1.members.count - 1 })
    }

    private func balances(_ currency: Currency, _ nets: [MemberID: Int64]) -> CurrencyBalances {
        CurrencyBalances(currency: currency, balances: nets.keys.sorted().map { id in
            let net = nets[id]!
            return MemberBalance(memberID: id, totalPaid: max(net, 0), totalShare: max(-net, 0))
        })
    }
}
