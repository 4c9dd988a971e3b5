import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// A split as given that is not one is a 400 with one line naming the field, and nothing is
/// written: not the expense, not a revision.
@Suite("split-server refuses a split as given that is not one", .serialized)
struct SplitGivenRefusalTests {
    /// One refusal: the `splitGiven` sent with splits Alex 10, Bea 20 of USD 30, and the answer.
    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let given: @Sendable (_ alex: String, _ bea: String) -> String
        let error: @Sendable (_ alex: String, _ bea: String) -> String
        var description: String { name }
    }

    static let outsider = "6f9619ff-8b86-4011-b42d-00c04fc964ff"

    static let refusals: [Refusal] = [
        Refusal(name: "unknown mode", given: { a, b in API.parts("halves", [(a, "1"), (b, "2")]) },
                error: { _, _ in "splitGiven.mode must be one of equal, exact, percent, shares, items, got 'halves'" }),
        Refusal(name: "splits the rule does not give", given: { a, b in API.parts("shares", [(a, "1"), (b, "1")]) },
                error: { _, _ in SplitGivenTests.mismatch }),
        Refusal(name: "percentages that do not sum to 100", given: { a, b in API.parts("percent", [(a, "30"), (b, "60")]) },
                error: { _, _ in "splitGiven: percentages sum to 90, not 100" }),
        // Named before the rule is worked out: the stranger is the reason, not the mismatch.
        Refusal(name: "a member not in the group", given: { a, b in API.parts("shares", [(a, "1"), (b, "2"), (outsider, "3")]) },
                error: { _, _ in "splitGiven: member \(outsider) is not a member of this group" }),
        Refusal(name: "a member id that is no id", given: { a, _ in API.parts("shares", [(a, "1"), ("Bea", "2")]) },
                error: { _, _ in "splitGiven.parts[1].memberId names no member of this group: 'Bea'" }),
        Refusal(name: "a percent with 7 decimals", given: { a, b in API.parts("percent", [(a, "33.3333333"), (b, "66.6666667")]) },
                error: { _, _ in "splitGiven.parts[0].value must be a percentage from 0 to 100 with at most 6 decimals, got 33.3333333" }),
        Refusal(name: "shares 2.5", given: { a, b in API.parts("shares", [(a, "1"), (b, "2.5")]) },
                error: { _, _ in "splitGiven.parts[1].value must be a whole number of shares from 0 to 1000000, got 2.5" }),
        Refusal(name: "an exact part with too many decimals", given: { a, b in API.parts("exact", [(a, "10.001"), (b, "19.999")]) },
                error: { _, _ in "splitGiven.parts[0].value 10.001 has too many decimals for USD, which allows at most 2 decimals" }),
        Refusal(name: "an item price 0", given: { a, b in
                    #"{"mode":"items","among":["\#(a)","\#(b)"],"items":[{"name":"Water","price":0},{"name":"Pizza","price":30}]}"#
                }, error: { _, _ in "splitGiven.items[0].price must be greater than zero, got 0" }),
        Refusal(name: "an empty item name", given: { a, b in
                    #"{"mode":"items","among":["\#(a)","\#(b)"],"items":[{"name":"","price":30}]}"#
                }, error: { _, _ in "splitGiven.items[0].name must be 1 to 100 characters on one line" }),
        Refusal(name: "rest on tax", given: { a, b in
                    #"{"mode":"items","among":["\#(a)","\#(b)"],"items":[{"name":"Pizza","price":30}],"tax":{"rest":true}}"#
                }, error: { _, _ in "splitGiven.tax.rest is only for the tip" }),
        Refusal(name: "amount and percent both on one extra", given: { a, b in
                    #"{"mode":"items","among":["\#(a)","\#(b)"],"items":[{"name":"Pizza","price":25}],"tip":{"amount":5,"percent":20}}"#
                }, error: { _, _ in "splitGiven.tip must have exactly one of amount, percent or rest" }),
        Refusal(name: "parts with mode items", given: { a, b in
                    #"{"mode":"items","parts":[{"memberId":"\#(a)","value":1}],"items":[{"name":"Pizza","price":30,"among":["\#(b)"]}]}"#
                }, error: { _, _ in "splitGiven.parts does not go with mode items" }),
        Refusal(name: "items that do not come to the amount", given: { a, b in
                    #"{"mode":"items","among":["\#(a)","\#(b)"],"items":[{"name":"Pizza","price":20}]}"#
                }, error: { _, _ in "splitGiven: the items, tax, tip and discount come to 20, 10 short of the amount 30; they must add up exactly" }),
    ]

    @Test("POST /api/expenses: 400 naming the field, nothing written", arguments: refusals)
    func create(_ refusal: Refusal) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let (a, b) = (m["Alex"]!, m["Bea"]!)
            let revision = try await api.revision(token, group: group)
            let reply = try await api.postGiven(token, group: group, payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                                given: refusal.given(a, b))
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error == refusal.error(a, b))
            #expect(try await api.expenseCount(group: group) == 0)
            #expect(try await api.revision(token, group: group) == revision)
        }
    }

    @Test("PUT /api/expenses/{id}: 400 naming the field, the stored expense and its rule unchanged", arguments: refusals)
    func update(_ refusal: Refusal) async throws {
        try await ServerHarness.run { api in
            let (token, group, a, b, id) = try await api.sharedThirty()
            let revision = try await api.revision(token, group: group)
            let stored = try await api.storedGiven(group: group)
            let reply = try await api.putGiven(token, expense: id, payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                               given: refusal.given(a, b), description: "Edited")
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error == refusal.error(a, b))
            #expect(try await api.revision(token, group: group) == revision)
            #expect(try await api.storedGiven(group: group) == stored)
            #expect(try await api.listed(token, group: group, expense: id).description == "Dinner")
        }
    }
}
