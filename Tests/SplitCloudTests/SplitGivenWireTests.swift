import Foundation
import SplitAPI
@testable import SplitCloud
import SplitCore
import Testing

/// The split as given between the domain and the contract, without a server: one converter
/// (``SplitGivenWire``) both ways, exact in every currency; a refusal names the field; and a
/// server's version that does not read or does not match is a visible repair, never a stop.
@Suite("the split as given on the wire")
struct SplitGivenWireTests {
    static let members = (1...5).map { MemberID("m\($0)") }

    /// A random rule for `amount` in `currency` whose every value fits the currency.
    static func rule(_ random: inout SplitMix64, amount: Int64) -> SplitRule {
        let chosen = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
        /// `total` cut at random into a part per chosen member, the last taking what is left.
        func cut(_ total: Int64) -> [(member: MemberID, part: Int64)] {
            var left = total
            return chosen.enumerated().map { index, member in
                let part = index == chosen.count - 1 ? left : Int64.random(in: 0...left, using: &random)
                left -= part
                return (member, part)
            }
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return .exact(cut(amount).map { MemberAmount(memberID: $0.member, amount: $0.part) })
        case 1:
            return .percent(cut(SplitAllocator.fullPercent).map { MemberWeight(memberID: $0.member, weight: $0.part) })
        case 2:
            return .shares(chosen.map { MemberWeight(memberID: $0, weight: Int64.random(in: 1...SplitAllocator.maxShares, using: &random)) })
        default:
            let items = (0..<Int.random(in: 1...4, using: &random)).map { index in
                BillItem(name: "Item \(index)", price: Int64.random(in: 1...99_999, using: &random),
                         among: Bool.random(using: &random) ? [] : Array(chosen.prefix(Int.random(in: 1...chosen.count, using: &random))))
            }
            func extra() -> BillExtra? {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: return nil
                case 1: return .amount(Int64.random(in: 0...5_000, using: &random))
                default: return .percent(Int64.random(in: 0...30_000_000, using: &random))
                }
            }
            return .itemized(ItemizedBill(items: items, among: chosen, tax: extra(),
                                          tip: Bool.random(using: &random) ? .rest : extra(), discount: extra()))
        }
    }

    @Test("every rule goes out and comes back the same, in currencies of 0, 2 and 3 decimals")
    func roundTrip() throws {
        var random = SplitMix64(seed: 0x5EED_61FE)
        for code in ["JPY", "USD", "KWD"] {
            let currency = try Currency(code: code)
            for _ in 0..<200 {
                let rule = Self.rule(&random, amount: Int64.random(in: 1...9_999_999, using: &random))
                let wire = SplitGivenWire.wire(rule, currency: currency)
                // Through JSON, as it travels.
                let decoded = try JSONDecoder().decode(SplitGivenWire.Wire.self, from: try JSONEncoder().encode(wire))
                #expect(try SplitGivenWire.rule(decoded, currency: currency) { MemberID($0) } == rule, "\(code) \(rule)")
            }
        }
    }

    @Test("members are named as the request names them: by localId in from-local")
    func naming() throws {
        let rule = SplitRule.shares([MemberWeight(memberID: MemberID("m1"), weight: 2)])
        let wire = SplitGivenWire.wire(rule, currency: try Currency(code: "USD")) { "local-\($0.rawValue)" }
        #expect(wire.parts?.first?.memberId == "local-m1")
        let back = try SplitGivenWire.rule(wire, currency: try Currency(code: "USD")) { $0.hasPrefix("local-") ? MemberID(String($0.dropFirst(6))) : nil }
        #expect(back == rule)
        #expect(throws: SplitGivenWireError(message: "splitGiven.parts[0].memberId names no member of this group: 'local-m1'")) {
            try SplitGivenWire.rule(wire, currency: try Currency(code: "USD")) { _ in nil }
        }
    }

    typealias Part = Components.Schemas.SplitGivenPart

    @Test("each malformed split as given is refused in one line naming the field", arguments: [
        (SplitGivenWire.Wire(mode: "weights", parts: [Part(memberId: "m1", value: 1)]),
         "splitGiven.mode must be one of equal, exact, percent, shares, items, got 'weights'"),
        (SplitGivenWire.Wire(mode: "percent", parts: [Part(memberId: "m1", value: 33.3333333)]),
         "splitGiven.parts[0].value must be a percentage from 0 to 100 with at most 6 decimals, got 33.3333333"),
        (SplitGivenWire.Wire(mode: "shares", parts: [Part(memberId: "m1", value: 2.5)]),
         "splitGiven.parts[0].value must be a whole number of shares from 0 to 1000000, got 2.5"),
        (SplitGivenWire.Wire(mode: "exact", parts: [Part(memberId: "m1", value: 1.005)]),
         "splitGiven.parts[0].value 1.005 has too many decimals for USD, which allows at most 2 decimals"),
        (SplitGivenWire.Wire(mode: "shares", parts: [Part(memberId: "m1")]), "splitGiven.parts[0].value is required for mode shares"),
        (SplitGivenWire.Wire(mode: "equal", parts: [Part(memberId: "m1", value: 1)]), "splitGiven.parts[0].value is not taken by mode equal"),
        (SplitGivenWire.Wire(mode: "shares", parts: []), "splitGiven.parts must list at least one member for mode shares"),
        (SplitGivenWire.Wire(mode: "items", parts: [Part(memberId: "m1")], items: [.init(name: "Tea", price: 3)]),
         "splitGiven.parts does not go with mode items"),
        (SplitGivenWire.Wire(mode: "items", items: [.init(name: "Tea", price: 0)]),
         "splitGiven.items[0].price must be greater than zero, got 0"),
        (SplitGivenWire.Wire(mode: "items", items: [.init(name: "", price: 3)]),
         "splitGiven.items[0].name must be 1 to 100 characters on one line"),
        (SplitGivenWire.Wire(mode: "items", items: [.init(name: "Tea", price: 3)], tax: .init(rest: true)),
         "splitGiven.tax.rest is only for the tip"),
        (SplitGivenWire.Wire(mode: "items", items: [.init(name: "Tea", price: 3)], tip: .init(amount: 1, percent: 10)),
         "splitGiven.tip must have exactly one of amount, percent or rest"),
        (SplitGivenWire.Wire(mode: "shares", parts: [Part(memberId: "m1", value: 1)], items: [.init(name: "Tea", price: 3)]),
         "splitGiven among, items, tax, tip and discount go with mode items only"),
    ])
    func refusals(wire: SplitGivenWire.Wire, message: String) throws {
        #expect(throws: SplitGivenWireError(message: message)) {
            try SplitGivenWire.rule(wire, currency: try Currency(code: "USD")) { MemberID($0) }
        }
    }

    static func reading(_ wire: SplitGivenWire.Wire?) throws -> (Expense, [ForeignRepair]) {
        let usd = try Currency(code: "USD")
        let money = Money(minorUnits: 900, currency: usd)
        let expense = Expense(id: ExpenseID("e"), description: "Dinner", amount: money, paidBy: MemberID("m1"),
                              date: CivilDate(year: 2025, month: 1, day: 20)!,
                              splits: try SplitAllocator.splits(amount: money, rule: .equal([MemberID("m1"), MemberID("m2")])))
        guard case .usable(let read, let repairs) = SplitGivenMapping.reading(.usable(expense, repairs: []), wire) else {
            throw CancellationError()
        }
        return (read, repairs)
    }

    @Test("a server's split as given: kept when it matches, kept and shown as not matching when not, left out when unreadable")
    func readingAnotherClients() throws {
        let matching = SplitGivenWire.Wire(mode: "shares", parts: [Part(memberId: "m1", value: 1), Part(memberId: "m2", value: 1)])
        let (kept, none) = try Self.reading(matching)
        #expect(none.isEmpty && kept.givenRule != nil)

        let other = SplitGivenWire.Wire(mode: "items", among: ["m1", "m2"], items: [.init(name: "Steak", price: 7, among: ["m1"]),
                                                                                     .init(name: "Tea", price: 2, among: ["m2"])])
        let (stale, repairs) = try Self.reading(other)
        #expect(stale.splits.map(\.amount) == [450, 450], "the shares count")
        #expect(stale.staleSplitGiven != nil && repairs == [.splitGivenNotMatching(mode: "items")])
        #expect(repairs[0].message(amount: stale.amount) { $0.rawValue }
            == "its items, tax and tip do not give these shares; the shares count, and the items are kept and shown as not matching")

        let (plain, unreadable) = try Self.reading(SplitGivenWire.Wire(mode: "weights"))
        #expect(plain.splitGiven == nil)
        #expect(unreadable == [.splitGivenUnreadable("splitGiven.mode must be one of equal, exact, percent, shares, items, got 'weights'")])
    }

    @Test("out: only a rule that gives the splits, and only to a server that keeps it")
    func sending() throws {
        var (expense, _) = try Self.reading(nil)
        expense.splitGiven = .shares([MemberWeight(memberID: MemberID("m1"), weight: 1), MemberWeight(memberID: MemberID("m2"), weight: 1)])
        #expect(SplitGivenMapping.wire(expense, sent: true)?.mode == "shares")
        #expect(SplitGivenMapping.wire(expense, sent: false) == nil)
        expense.splitGiven = .shares([MemberWeight(memberID: MemberID("m1"), weight: 2), MemberWeight(memberID: MemberID("m2"), weight: 1)])
        #expect(SplitGivenMapping.wire(expense, sent: true) == nil, "a stale rule is never sent back to be refused")
    }
}
