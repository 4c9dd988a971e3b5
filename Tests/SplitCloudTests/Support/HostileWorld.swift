import Foundation
import SplitCore

/// One generated server and how the case drives the client against it.
struct HostileWorld: CustomStringConvertible, Sendable {
    let seed: UInt64
    let script: HostileScript
    /// How many of the script's pages the pull's catch-up takes.
    let pullPages: Int
    /// `trip pull REF` or `join CODE`.
    let link: [String]
    /// How many `split sync` runs follow the link.
    let syncs: Int
    /// Whether the case also compares `member list` and `expenses` with the export.
    let crossChecksListings: Bool
    let traits: [String]

    var description: String {
        let items = script.pages.reduce(0) { $0 + $1.items.count }
        return "HOSTILE_SERVER_SEED=\(seed): \(traits.joined(separator: ", ")); \(script.pages.count) pages, \(items) item versions; "
            + "split \(link.joined(separator: " ")), then \(syncs) sync\(syncs == 1 ? "" : "s")"
    }
}

/// Draws from a seeded SplitMix64, so a seed reproduces its whole server.
struct Draw {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
    mutating func shuffled<T>(_ values: [T]) -> [T] { values.shuffled(using: &generator) }
    mutating func subset<T>(_ values: [T], count: Int) -> [T] { Array(shuffled(values).prefix(count)) }

    /// A random version-4 UUID in lower case.
    mutating func uuid() -> String {
        var hex = Array(String(format: "%016llx%016llx", generator.next(), generator.next()))
        hex[12] = "4"
        hex[16] = pick(["8", "9", "a", "b"])
        let text = String(hex)
        func part(_ from: Int, _ length: Int) -> Substring { text.dropFirst(from).prefix(length) }
        return [part(0, 8), part(8, 4), part(12, 4), part(16, 4), part(20, 12)].joined(separator: "-")
    }
}

/// A value, and whether split has one sound reading of it that a trip can hold.
struct Pick<Value> {
    let value: Value
    let sound: Bool
}

/// Builds a ``HostileWorld`` from a seed: a group, and change-feed pages over a pull and one
/// or two syncs, made of the values the schemas admit at their edges (see each palette).
///
/// Members are *stable* (every version live with a plain name, never deleted) or not; a
/// *sound* expense or payment names only stable members the client has been sent by the end
/// of the same catch-up, and only sound values. Everything else is drawn from the edges with
/// the world's `edge` probability, and the oracle then only asks that the item be in the
/// trip or held (and, in the trip, read as the server wrote it).
struct WorldGenerator {
    var draw: Draw
    /// How often a field takes an edge value instead of a plain one.
    let edge: Double
    private let upperCaseIDs: Bool
    private let large: Bool
    private let hugeAmounts: Bool
    /// Whether the feed sends an item more than once in a catch-up (as a server does when the
    /// item changes while the client pages through it), from which round on: the pull's
    /// catch-up (round 0) now and then, the syncs' more often.
    private let repeatsFrom: Int?

    private struct MemberSlot {
        let id: String
        let stable: Bool
        /// The round whose catch-up first sends it.
        let introducedIn: Int
    }

    private var members: [MemberSlot] = []
    private var expenseIDs: [String] = []
    private var paymentIDs: [String] = []
    private var rateCodes: [String] = []
    /// Where a rare whole-item edge goes: (round, kind) of a live item sent without its
    /// optional fields, and whether one expense's shares overflow when summed.
    private var incomplete: (round: Int, kind: FeedItem.Kind)?
    private var overflowingShares: Bool

    /// An item version before it is given a revision and placed on a page.
    private struct Draft {
        let kind: FeedItem.Kind
        let id: String
        let deleted: Bool
        /// The body's keys after `id`, `revision` and `deleted`; a nil value leaves the key out.
        let fields: [(String, WireJSON?)]
        let sound: Bool
        var text: String?
        var date = ExpectedDate.notApplicable
        var references: [String] = []
        /// Sent a second time right after, identical, at the same revision.
        var repeated = false

        func item(revision: Int64) -> FeedItem {
            var pairs: [(String, WireJSON?)] = [
                (kind == .rate ? "currency" : "id", .string(id)), ("revision", .integer(revision)), ("deleted", .bool(deleted)),
            ]
            pairs += fields
            let liveRateWithoutValue = kind == .rate && !deleted && !fields.contains { $0.0 == "rate" && $0.1 != nil }
            return FeedItem(kind: kind, id: id, revision: revision, deleted: deleted || liveRateWithoutValue,
                            body: .members(pairs), sound: sound && !deleted, text: text, date: date,
                            references: references.map { $0.lowercased() })
        }
    }

    private init(seed: UInt64) {
        var draw = Draw(seed: seed)
        edge = draw.pick([0.03, 0.15, 0.3, 0.5])
        upperCaseIDs = draw.chance(0.2)
        large = draw.chance(0.12)
        hugeAmounts = draw.chance(0.08)
        repeatsFrom = draw.chance(0.3) ? (draw.chance(0.3) ? 0 : 1) : nil
        overflowingShares = hugeAmounts && draw.chance(0.5)
        if draw.chance(0.05) { incomplete = (draw.int(0...2), draw.pick([.expense, .payment])) }
        self.draw = draw
    }

    static func world(seed: UInt64) -> HostileWorld {
        var generator = WorldGenerator(seed: seed)
        return generator.build(seed: seed)
    }

    private mutating func build(seed: UInt64) -> HostileWorld {
        let backwards = draw.chance(0.2)
        let syncs = draw.int(1...2)
        let groupID = draw.uuid()
        let groupName = pickGroupName()
        let join = draw.chance(0.5)
        let code = String((0..<6).map { _ in draw.pick(Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789abc")) })
        let group = WireJSON.members([
            ("id", .string(sent(groupID))), ("name", .string(groupName)),
            ("description", draw.chance(0.5) ? .null : .string(text(length: draw.pick([0, 1, 40, 1000, 5000])))),
            ("owner_id", .string(draw.uuid())), ("invite_code", join && draw.chance(0.5) ? .string(code.uppercased()) : .null),
            ("is_active", .bool(draw.chance(0.8))),
        ])
        let user = WireJSON.members([
            ("id", .string(draw.uuid())), ("email", draw.chance(0.5) ? .string("ann@example.com") : .null),
            ("phone", draw.chance(0.3) ? .string("+81 90 0000 0000") : .null), ("displayName", .string("Ann")),
        ])

        var revision: Int64 = 0
        var pages: [FeedPage] = []
        var pullPages = 0
        // Round 0 is the pull's catch-up; each sync takes the next round's (a round may have no
        // page at all: a 304). Within a round, pages say `more` until the last.
        for round in 0...syncs {
            var drafts = self.round(round)
            if draw.chance(0.25) { drafts = draw.shuffled(drafts) }
            var items: [FeedItem] = []
            for draft in drafts {
                revision += Int64(draw.int(1...3))
                var itemRevision = revision
                if backwards && draw.chance(0.2) { itemRevision = revision - Int64(draw.int(0...40)) }
                if backwards && draw.chance(0.01) { itemRevision = Int64.max - Int64(draw.int(0...3)) }
                items.append(draft.item(revision: itemRevision))
                if draft.repeated { items.append(draft.item(revision: itemRevision)) }
            }
            if items.isEmpty && round > 0 && draw.chance(0.5) { continue }
            let count = items.isEmpty ? 1 : min(items.count, draw.int(1...(large ? 5 : 3)))
            var cuts = Set(draw.subset(Array(1..<max(items.count, 1)), count: count - 1))
            cuts.insert(items.count)
            var start = 0
            for cut in cuts.sorted() {
                var pageRevision = max(revision, items[start..<cut].map(\.revision).max() ?? 0)
                if backwards && draw.chance(0.3) { pageRevision -= Int64(draw.int(1...50)) }
                let sendsGroup = (round == 0 && start == 0 && draw.chance(0.7)) || draw.chance(0.15)
                pages.append(FeedPage(revision: pageRevision, more: cut < items.count,
                                      group: sendsGroup ? groupChange(groupID, revision) : nil, items: Array(items[start..<cut])))
                start = cut
            }
            if round == 0 { pullPages = pages.count }
        }
        // The last page may say more follows, and the next answer is a 304.
        if pages.count > pullPages, draw.chance(0.1) { pages[pages.count - 1].more = true }
        revision += 1
        var syncItems: [FeedItem] = []
        if draw.chance(0.3) {
            let newcomer = newMember(stable: true, round: syncs + 1)
            syncItems.append(memberDraft(newcomer).item(revision: revision))
        }

        let plainName = !groupName.isEmpty && !groupName.hasPrefix("-") && groupName == groupName.trimmingCharacters(in: .whitespaces)
        var traits = ["edge values \(Int(edge * 100))%"]
        if large { traits.append("large") }
        if backwards { traits.append("revisions go backwards") }
        if upperCaseIDs { traits.append("upper-case ids") }
        if let repeatsFrom { traits.append("items repeated within a catch-up from round \(repeatsFrom)") }
        if hugeAmounts { traits.append("huge amounts") }
        if let incomplete { traits.append("a live \(incomplete.kind) without its fields in round \(incomplete.round)") }
        let pullReference = plainName ? groupName : sent(groupID)
        return HostileWorld(
            seed: seed,
            script: HostileScript(groupID: groupID, group: group, pages: pages,
                                  syncChanges: FeedPage(revision: revision, more: false, group: nil, items: syncItems), user: user),
            pullPages: pullPages,
            link: join ? ["join", draw.chance(0.2) ? code.lowercased() : code.uppercased()] : ["trip", "pull", pullReference],
            syncs: syncs, crossChecksListings: draw.chance(0.3), traits: traits)
    }

    // MARK: Rounds

    /// The item versions of one catch-up: round 0 makes the trip, later ones add, change and
    /// delete things.
    private mutating func round(_ round: Int) -> [Draft] {
        var drafts: [Draft] = []
        let newMembers = round == 0 ? (large ? draw.int(20...120) : draw.int(0...7)) : draw.int(0...2)
        for _ in 0..<newMembers {
            let stable = draw.chance(0.75), first = draw.chance(0.85) ? round : round + 1
            newMember(stable: stable, round: first)
        }
        // Members this round sends first, and others again (renamed, deleted, revived).
        for slot in members {
            if slot.introducedIn == round {
                drafts.append(memberDraft(slot))
            } else if slot.introducedIn < round, draw.chance(0.2) {
                let deleted = !slot.stable && draw.chance(0.4)
                drafts.append(memberDraft(slot, tombstone: deleted))
            }
        }
        let expenses = round == 0 ? (large ? draw.int(80...350) : draw.int(0...12)) : (large ? draw.int(0...40) : draw.int(0...4))
        for _ in 0..<expenses {
            let id = draw.chance(edge * 0.1) && !members.isEmpty ? draw.pick(members).id : draw.uuid()
            expenseIDs.append(id)
            drafts.append(expenseDraft(id, round: round))
        }
        let changed = round == 0 ? 0 : draw.int(0...3)
        for id in draw.subset(expenseIDs, count: changed) {
            drafts.append(draw.chance(0.4) ? tombstone(.expense, id) : expenseDraft(id, round: round))
        }
        let payments = round == 0 ? (large ? draw.int(5...40) : draw.int(0...4)) : draw.int(0...2)
        for _ in 0..<payments {
            let id = draw.uuid()
            paymentIDs.append(id)
            drafts.append(paymentDraft(id, round: round))
        }
        let refunded = round == 0 ? 0 : draw.int(0...1)
        for id in draw.subset(paymentIDs, count: refunded) { drafts.append(tombstone(.payment, id)) }
        for _ in 0..<draw.int(0...(round == 0 ? 3 : 1)) { drafts.append(rateDraft()) }
        // Tombstones of things that never existed.
        for _ in 0..<(draw.chance(edge) ? draw.int(1...3) : 0) {
            let kind: FeedItem.Kind = draw.pick([.member, .expense, .payment]), id = draw.uuid()
            drafts.append(tombstone(kind, id))
        }
        if let incomplete, incomplete.round == round {
            drafts.append(Draft(kind: incomplete.kind, id: draw.uuid(), deleted: false,
                                fields: [("description", .string("fields left out"))], sound: false))
        }
        // The same item twice in one page, identical; a newer version, or a tombstone (deleted
        // while the catch-up was paging), later in the round.
        guard let repeatsFrom, round >= repeatsFrom else { return drafts }
        for index in drafts.indices where draw.chance(0.1) { drafts[index].repeated = true }
        if draw.chance(0.5), let again = members.first(where: { $0.introducedIn == round }) {
            let deleted = !again.stable && draw.chance(0.5)
            drafts.append(memberDraft(again, tombstone: deleted))
        }
        if draw.chance(0.5), let gone = drafts.first(where: { ($0.kind == .expense || $0.kind == .payment) && !$0.deleted }) {
            drafts.append(tombstone(gone.kind, gone.id.lowercased()))
        }
        return drafts
    }

    @discardableResult
    private mutating func newMember(stable: Bool, round: Int) -> MemberSlot {
        let slot = MemberSlot(id: draw.uuid(), stable: stable, introducedIn: round)
        members.append(slot)
        return slot
    }

    /// Stable members the client has been sent by the end of `round`'s catch-up.
    private func knownStable(by round: Int) -> [String] {
        members.filter { $0.stable && $0.introducedIn <= round }.map(\.id)
    }

    /// An id as sent: lower case, or upper case now and then in a world that does that.
    mutating func sent(_ id: String) -> String {
        upperCaseIDs && draw.chance(0.5) ? id.uppercased() : id
    }

    private mutating func tombstone(_ kind: FeedItem.Kind, _ id: String) -> Draft {
        // A tombstone may carry stale fields; the schema does not forbid them.
        let stale: [(String, WireJSON?)] = draw.chance(edge * 0.3) && kind == .member ? [("name", .string("Ghost"))] : []
        return Draft(kind: kind, id: sent(id), deleted: true, fields: stale, sound: true)
    }

    // MARK: Items

    private mutating func memberDraft(_ slot: MemberSlot, tombstone: Bool = false) -> Draft {
        if tombstone { return self.tombstone(.member, slot.id) }
        let name: Pick<String>? = slot.stable ? plainName() : anyName()
        let userID: WireJSON? = draw.chance(0.3) ? .string(draw.uuid()) : nil
        guard let name else {
            return Draft(kind: .member, id: sent(slot.id), deleted: false, fields: [("userId", userID)], sound: false)
        }
        return Draft(kind: .member, id: sent(slot.id), deleted: false, fields: [("name", .string(name.value)), ("userId", userID)],
                     sound: name.sound, text: name.value)
    }

    private mutating func expenseDraft(_ id: String, round: Int) -> Draft {
        var sound = true
        var currency = pickCurrency()
        var exponent = (try? Currency(code: currency.value))?.exponent ?? 2
        var minor = plainMinorUnits(exponent)
        var amountText = decimal(minor, exponent)
        if hugeAmounts && draw.chance(0.5) {
            amountText = draw.pick(["999999999999999", "999999999999999.9", "99999999999999.99", "9999999999.99", "999999999999.999"])
            minor = 1_000_000
            sound = false
        } else if draw.chance(edge) {
            amountText = draw.pick(["0", "-0", "0.0", "-5", "0.001", "0.005", "0.015", "333.33", "1000.5", "12.345", "9999999999.99",
                                    "1e15", "999999999999999", "1e300", "-1e300", "5e-324", "0.30000000000000004",
                                    "1.2345678901234567", "1E2", "123456789.123456789"])
            minor = 1000
            sound = false
        }
        let stable = knownStable(by: round)
        var payer = stable.isEmpty ? anyMemberID() : draw.pick(stable)
        if stable.isEmpty || draw.chance(edge) {
            payer = anyMemberID()
            sound = false
        }
        var splits: [Share]
        var splitsSound: Bool
        if overflowingShares {
            // Each share is an amount split can hold; their sum is not an Int64.
            overflowingShares = false
            (currency, exponent, amountText) = (Pick(value: "KWD", sound: true), 3, "1")
            splits = []
            for _ in 0..<9300 {
                let stranger = draw.uuid()
                splits.append(share(stranger, "999999999999.999"))
            }
            splitsSound = false
        } else {
            (splits, splitsSound) = splitsFor(amount: minor, exponent: exponent, payer: payer, stable: stable)
        }
        let (payers, payersSound, payerIDs) = payersFor(amount: minor, exponent: exponent, payer: payer, stable: stable)
        let date = pickDate()
        let description = pickDescription()
        let note: WireJSON? = draw.chance(0.3) ? .string(text(length: draw.pick([0, 1, 30, 1000, 5000]), lines: true)) : nil
        let createdAt: WireJSON? = draw.chance(0.2) ? nil
            : .string(draw.pick(["2025-01-20T09:00:00.000Z", "2025-01-20T09:00:00Z", "garbage", "", "1970-01-01T00:00:00.000Z"]))
        var draft = Draft(kind: .expense, id: sent(id), deleted: false, fields: [
            ("description", description.value.map(WireJSON.string)), ("amount", .number(amountText)),
            ("currency", .string(currency.value)), ("category", .string(pickCategory())),
            ("paidByMemberId", .string(sent(payer))), ("expenseDate", .string(date.value.text)), ("note", note),
            ("createdAt", createdAt), ("splits", .array(splits.map(\.json))), ("payers", payers),
            ("splitGiven", splitGivenFor(splits.map(\.member), exponent: exponent)),
        ], sound: sound && currency.sound && splitsSound && payersSound && date.sound && description.sound)
        draft.text = description.value
        draft.date = date.value.reading
        draft.references = [payer] + splits.map(\.member) + payerIDs
        return draft
    }

    private struct Share {
        let member: String
        let json: WireJSON
    }

    /// A split as given as another client may send it, within the schema: one that may or may
    /// not give the shares, names a stranger, has a mode split does not know, or a value no
    /// rule takes. Never a reason to hold the expense: the shares count (left out: none).
    private mutating func splitGivenFor(_ members: [String], exponent: Int) -> WireJSON? {
        guard draw.chance(0.3), !members.isEmpty else { return nil }
        func parts(_ values: [String?]) -> WireJSON {
            .array(zip(members, values).map { member, value in
                .members([("memberId", .string(sent(member))), ("value", value.map(WireJSON.number))])
            })
        }
        switch draw.int(0...5) {
        case 0: return .members([("mode", .string("shares")), ("parts", parts(members.map { _ in draw.pick(["1", "2", "3"]) }))])
        case 1: return .members([("mode", .string("equal")), ("parts", parts(members.map { _ in nil }))])
        case 2:
            return .members([("mode", .string("items")), ("among", .array(members.map { .string(sent($0)) })),
                             ("items", .array([.members([("name", .string("Dish")), ("price", .number(decimal(1234, exponent)))])])),
                             ("tip", .members([("rest", .bool(true))]))])
        case 3: return .members([("mode", .string(draw.pick(["weights", "", "ITEMS"])))])
        case 4: return .members([("mode", .string("percent")), ("parts", .array([.members([("memberId", .string(draw.uuid())),
                                                                                              ("value", .number("150"))])]))])
        default: return .members([("mode", .string("exact")), ("parts", parts(members.map { _ in draw.pick(["1e300", "-1", "0.0001"]) }))])
        }
    }

    /// One share as a `Split`.
    private mutating func share(_ member: String, _ amount: String) -> Share {
        let id = draw.uuid(), sentMember = sent(member), sentID = sent(id)
        return Share(member: member, json: .members([
            ("id", .string(sentID)), ("memberId", .string(sentMember)), ("amount", .number(amount)), ("isPaid", .bool(draw.chance(0.2))),
        ]))
    }

    /// Shares of `amounts` (minor units) for `people`, in order.
    private mutating func shares(_ people: [String], _ amounts: [Int64], _ exponent: Int) -> [Share] {
        var made: [Share] = []
        for (person, amount) in zip(people, amounts) {
            let text = decimal(amount, exponent)
            made.append(share(person, text))
        }
        return made
    }

    /// An expense's splits in one of the ways other clients write them; sound when the
    /// documented reading holds it (exact, float shares off by a minor unit each, short or no
    /// shares: the rest is the payer's).
    private mutating func splitsFor(amount: Int64, exponent: Int, payer: String, stable: [String]) -> ([Share], Bool) {
        let plain = stable.isEmpty ? [] : draw.subset(stable, count: draw.int(1...min(stable.count, large ? 30 : 6)))
        let useEdge = draw.chance(edge) || plain.isEmpty
        let kind = useEdge ? draw.pick(["over", "twice", "outsider", "negative", "huge", "unstable", "none"])
            : draw.pick(["exact", "float", "short", "none"])
        switch kind {
        case "exact":
            return (shares(plain, equalShares(amount, plain.count), exponent), true)
        case "float":
            let each = String(format: "%.2f", Double(amount) / Double(plain.count) / pow(10, Double(exponent)))
            var made: [Share] = []
            for person in plain { made.append(share(person, each)) }
            return (made, exponent <= 2)
        case "short":
            return (shares(plain, equalShares(amount / 2, plain.count), exponent), true)
        case "none":
            return ([], true)
        case "over":
            let people = plain.isEmpty ? [payer] : plain
            return (shares(people + [payer], Array(repeating: amount, count: people.count) + [amount + 1], exponent), false)
        case "twice":
            let member = plain.first ?? payer
            return (shares([member, member], [amount / 2, amount - amount / 2], exponent), false)
        case "outsider":
            let outsider = draw.uuid()
            return (shares([payer, outsider], [amount / 2, amount - amount / 2], exponent), false)
        case "negative":
            let other = anyMemberID()
            return (shares([payer], [amount + 500], exponent) + [share(other, "-5")], false)
        case "huge":
            var made: [Share] = []
            for _ in 0..<draw.int(2...12) {
                let person = anyMemberID(), value = draw.pick(["999999999999999", "99999999999999.9", "1e300"])
                made.append(share(person, value))
            }
            return (made, false)
        default:
            let someone = anyMemberID()
            return (shares([someone], [amount], exponent), false)
        }
    }

    private mutating func paymentDraft(_ id: String, round: Int) -> Draft {
        let stable = knownStable(by: round)
        var sound = stable.count >= 2
        var pair = stable.count >= 2 ? draw.subset(stable, count: 2) : [anyMemberID(), anyMemberID()]
        if draw.chance(edge) {
            let stranger = draw.uuid()
            pair = draw.chance(0.5) ? [pair[0], pair[0]] : [anyMemberID(), stranger]
            sound = false
        }
        let currency = pickCurrency()
        let exponent = (try? Currency(code: currency.value))?.exponent ?? 2
        var amount = decimal(plainMinorUnits(exponent), exponent)
        if draw.chance(edge) {
            amount = draw.pick(["0", "-10", "0.001", "1e300", "999999999999999", "3.335"])
            sound = false
        }
        let date = pickDate()
        var draft = Draft(kind: .payment, id: sent(id), deleted: false, fields: [
            ("fromMemberId", .string(sent(pair[0]))), ("toMemberId", .string(sent(pair[1]))), ("amount", .number(amount)),
            ("currency", .string(currency.value)),
            ("note", draw.chance(0.5) ? nil : .string(text(length: draw.pick([0, 12, 1000]), lines: true))),
            ("paymentDate", .string(date.value.text)),
            ("createdAt", draw.chance(0.5) ? nil : .string("2025-01-20T09:00:00.000Z")),
        ], sound: sound && currency.sound && date.sound)
        draft.date = date.value.reading
        draft.references = pair
        return draft
    }

    private mutating func rateDraft() -> Draft {
        let currency: Pick<String> = draw.chance(edge)
            ? Pick(value: draw.pick(["usd", "ABC", "", "€", "XXX", "JPY"]), sound: false)
            : Pick(value: draw.pick(["USD", "EUR", "GBP", "KWD", "THB"]), sound: true)
        rateCodes.append(currency.value)
        if draw.chance(0.2) {
            return Draft(kind: .rate, id: draw.pick(rateCodes), deleted: true, fields: [], sound: true)
        }
        // 12 integer digits and 9 decimals is the documented most a rate has, yet does not
        // read (its 21 digits overflow Int64): an edge, not a plain value.
        let rate: Pick<String?> = draw.chance(edge)
            ? Pick(value: draw.pick(["0", "-1", "abc", "", "1e3", "1.0000000001", "9999999999999", "999999999999.999999999", nil]),
                   sound: false)
            : Pick(value: draw.pick(["150.25", "1", "0.000000001", "999999999999", "0.0067"]), sound: true)
        return Draft(kind: .rate, id: currency.value, deleted: false, fields: [("rate", rate.value.map(WireJSON.string))],
                     sound: currency.sound && rate.sound)
    }

    private mutating func groupChange(_ id: String, _ revision: Int64) -> WireJSON {
        let currency: WireJSON? = draw.chance(0.5) ? nil : .string(draw.pick(["USD", "JPY", "KWD", "usd", "XYZ", ""]))
        return .members([
            ("id", .string(draw.chance(edge * 0.2) ? draw.uuid() : sent(id))), ("name", .string(pickGroupName())),
            ("description", draw.chance(0.5) ? nil : .string(text(length: draw.pick([0, 1, 1000, 5000])))),
            ("currency", currency), ("revision", .integer(revision)),
        ])
    }

    // MARK: Palettes

    private mutating func plainName() -> Pick<String> {
        Pick(value: draw.pick(["Alex", "Bea", "Chen", "Dana", "alex", "BEA", "Émile", "Zoë", "李雷", "O'Brien", "Anne-Marie",
                               String(repeating: "N", count: 100), "A", "😀 Party", "Al Ex", String(repeating: "é", count: 100)]),
             sound: true)
    }

    /// A name the schema admits (at most 100 characters), plain or not; nil for no name at all.
    private mutating func anyName() -> Pick<String>? {
        guard draw.chance(edge) else { return plainName() }
        if draw.chance(0.2) { return nil }
        return Pick(value: draw.pick(["", " ", "   ", " Bea ", "Tab\tName", "Nul\u{0}Byte", "\u{202E}Reversed", "Line\nBreak",
                                      String(repeating: "😀", count: 100), String(repeating: "e\u{301}", count: 50),
                                      "\u{7F}", "--paid-by", "12345678"]),
                    sound: false)
    }

    /// A member id for an unsound item: any member of the group, or someone of another group.
    mutating func anyMemberID() -> String {
        members.isEmpty || draw.chance(0.3) ? draw.uuid() : draw.pick(members).id
    }

    private mutating func pickGroupName() -> String {
        draw.pick(["Tokyo", "Trip 🇯🇵", "tokyo", "", "   ", String(repeating: "T", count: 100), "-dash", "Tab\tTrip", "Rome 2025"])
    }

    private mutating func pickCurrency() -> Pick<String> {
        if hugeAmounts && draw.chance(0.7) { return Pick(value: draw.pick(["KWD", "BHD", "USD"]), sound: true) }
        guard draw.chance(edge) else {
            return Pick(value: draw.pick(["USD", "EUR", "JPY", "GBP", "KWD", "BHD", "CHF", "KRW", "THB", "SGD"]), sound: true)
        }
        return Pick(value: draw.pick(["usd", "Jpy", "XXX", "ABC", "", "US", "USDD", "€", "XAU", "123"]), sound: false)
    }

    /// A date as servers write it, with its reading: a timestamp is the date of its nearest
    /// UTC midnight (README: `expenseDate`); what names no date has none.
    private mutating func pickDate() -> Pick<(text: String, reading: ExpectedDate)> {
        let plain: [(text: String, reading: ExpectedDate)] = [
            ("2025-01-20", .reads("2025-01-20")), ("2024-02-29", .reads("2024-02-29")), ("1970-01-01", .reads("1970-01-01")),
            ("2099-12-31", .reads("2099-12-31")), ("2025-01-20T00:00:00.000Z", .reads("2025-01-20")),
            ("2025-01-19T16:00:00.000Z", .reads("2025-01-20")), ("2025-01-20T00:00:00.000+09:00", .reads("2025-01-20")),
            ("2025-01-20T05:00:00.000Z", .reads("2025-01-20")),
        ]
        let edges: [(text: String, reading: ExpectedDate)] = [
            ("", .unreadable), ("garbage", .unreadable), ("2025-02-30", .unreadable), ("2025-13-01", .unreadable),
            ("0000-01-01", .unreadable), ("9999-12-31", .reads("9999-12-31")),
            ("9999-12-31T23:59:59.999Z", .unreadable), ("9999-12-31T12:00:00.000Z", .unreadable), ("20250120", .unreadable),
            ("2025-1-2", .unreadable),
            ("2025-01-20 10:00", .unreadable), ("１２３４-０１-０１", .unreadable), ("-001-01-01", .unreadable),
            ("2025-01-20T25:00:00.000Z", .unreadable), ("0001-01-01T00:00:00.000Z", .reads("0001-01-01")),
            ("2025-01-19T12:00:00.000Z", .reads("2025-01-20")), ("1969-12-31T12:00:00.000Z", .reads("1970-01-01")),
            ("2025-01-20T00:00:00.123456Z", .reads("2025-01-20")),
        ]
        return draw.chance(edge) ? Pick(value: draw.pick(edges), sound: false) : Pick(value: draw.pick(plain), sound: true)
    }

    /// Timestamps whose nearest UTC midnight is in year 10,000, past the last date split holds.
    static let farFutureDates: Set<String> = ["9999-12-31T23:59:59.999Z", "9999-12-31T12:00:00.000Z"]

    private mutating func pickCategory() -> String {
        draw.pick(["Meal", "meal", "TRANSPORT", "Tickets", "Shopping", "Hotel", "Other", "Food", "", "🍕", String(repeating: "c", count: 1000)])
    }

    /// A description: absent (read as empty), empty, blank, short, or up to 5,000 characters.
    private mutating func pickDescription() -> Pick<String?> {
        switch draw.int(0...9) {
        case 0: return Pick(value: nil, sound: true)
        case 1: return Pick(value: "", sound: true)
        case 2: return Pick(value: "   ", sound: true)
        case 3: return Pick(value: text(length: draw.pick([1, 1000, 5000])), sound: true)
        case 4 where draw.chance(edge): return Pick(value: draw.pick(["Tab\there", "Nul\u{0}", "Line\nbreak", "\u{85}next"]), sound: false)
        default: return Pick(value: draw.pick(["Dinner", "Taxi 🚕", "Hotel room", "ラーメン", "Café"]), sound: true)
        }
    }

    private func text(length: Int, lines: Bool = false) -> String {
        let unit = lines ? "Line of text\n" : "Lorem ipsum "
        return String(String(repeating: unit, count: length / unit.count + 1).prefix(length))
    }

    /// An amount in minor units, from one minor unit to 9,999,999,999.99 in two-decimal terms.
    private mutating func plainMinorUnits(_ exponent: Int) -> Int64 {
        let scale = Int64(pow(10, Double(exponent)))
        switch draw.int(0...5) {
        case 0: return 1
        case 1: return Int64(draw.int(2...99))
        case 2: return Int64(draw.int(1...5000)) * scale
        case 3: return Int64(draw.int(100...9_999_999))
        case 4: return 999_999_999_999 * scale / 100
        default: return Int64(draw.int(1_000...999_999_999))
        }
    }

    /// `count` shares of `amount` that sum to it exactly, the remainder on the first ones.
    func equalShares(_ amount: Int64, _ count: Int) -> [Int64] {
        guard count > 0 else { return [] }
        let each = amount / Int64(count), rest = Int(amount % Int64(count))
        return (0..<count).map { each + ($0 < rest ? 1 : 0) }
    }

    /// Minor units as a JSON number in major units, with or without trailing zeros.
    mutating func decimal(_ minor: Int64, _ exponent: Int) -> String {
        guard exponent > 0 else { return String(minor) }
        let digits = String(minor.magnitude)
        let padded = String(repeating: "0", count: max(0, exponent + 1 - digits.count)) + digits
        var text = (minor < 0 ? "-" : "") + padded.dropLast(exponent) + "." + padded.suffix(exponent)
        if draw.chance(0.3) {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
