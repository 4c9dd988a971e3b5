import SplitCore
@testable import SplitSync
import Testing

/// The one lost-create matcher, in process: what counts as the same content, and that each
/// server item is claimed once. The upload and Node sync tests cover it against real servers.
@Suite("lost-create matcher")
struct LostCreateMatcherTests {
    let ann = MemberID("ann"), ben = MemberID("ben")

    func dinner(_ id: String, description: String = "Dinner", payers: [ExpensePayer]? = nil, note: String? = nil,
                paid: Bool = false) throws -> Expense {
        let amount = Money(minorUnits: 3_000, currency: try Currency(code: "EUR"))
        return Expense(id: ExpenseID(id), description: description, amount: amount, category: .meal,
                       payers: payers ?? [ExpensePayer(memberID: ann, amount: 1_000), ExpensePayer(memberID: ben, amount: 2_000)],
                       date: CivilDate(year: 2025, month: 3, day: 2)!, note: note,
                       splits: [ExpenseSplit(memberID: ben, amount: 1_500, isPaid: paid), ExpenseSplit(memberID: ann, amount: 1_500)])
    }

    @Test("ids, payer and share order, surrounding spaces, notes and paid states apart, the content decides")
    func sameContent() throws {
        let mine = try dinner("local", description: " Dinner ")
        let theirs = try dinner("server", payers: [ExpensePayer(memberID: ben, amount: 2_000), ExpensePayer(memberID: ann, amount: 1_000)],
                                note: "kept elsewhere", paid: true)
        #expect(ItemFingerprint(mine) == ItemFingerprint(theirs))
        #expect(ItemFingerprint(mine) != ItemFingerprint(try dinner("other", description: "Lunch")))
        #expect(ItemFingerprint(Member(id: ann, name: "Ann")) == ItemFingerprint(Member(id: MemberID("x"), name: "ANN")))
        let payment = Payment(id: PaymentID("p"), from: ann, to: ben, amount: mine.amount, date: mine.date)
        var noted = payment
        noted.note = "  "
        #expect(ItemFingerprint(payment) == ItemFingerprint(noted))
        noted.note = "cash"
        #expect(ItemFingerprint(payment) != ItemFingerprint(noted))
    }

    @Test("each server item is claimed once, earlier ones first")
    func claimedOnce() throws {
        let fingerprint = ItemFingerprint(try dinner("a"))
        var matcher = LostCreateMatcher([(fingerprint, "first"), (fingerprint, "second")])
        #expect(matcher.claim(fingerprint) == "first")
        #expect(matcher.claim(fingerprint) == "second")
        #expect(matcher.claim(fingerprint) == nil)
    }

    @Test("where keys replay, a fingerprint with fewer server items than local ones claims none; otherwise each claims once")
    func unsureClaims() throws {
        let twin = ItemFingerprint(try dinner("a")), other = ItemFingerprint(try dinner("b", description: "Lunch"))
        var replaying = LostCreateMatcher([(twin, "twin"), (other, "lunch")])
        #expect(replaying.claim([twin, twin, other, nil], keysReplay: true) == [nil, nil, "lunch", nil])
        var enough = LostCreateMatcher([(twin, "first"), (twin, "second")])
        #expect(enough.claim([twin, twin], keysReplay: true) == ["first", "second"])
        var node = LostCreateMatcher([(twin, "twin")])
        #expect(node.claim([twin, twin], keysReplay: false) == ["twin", nil])
    }
}
