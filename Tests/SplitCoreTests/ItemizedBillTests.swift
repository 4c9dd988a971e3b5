import PropertyBased
import Testing
@testable import SplitCore

/// Itemized bills: items shared equally, extras in proportion, shares exact to the cent.
@Suite struct ItemizedBillTests {
    let ana = member(1), ben = member(2), cy = member(3)

    /// The restaurant: the steak was Ana's, the salad Ben's, the wine shared three ways,
    /// 8.875% tax and an 18% tip, both of the subtotal.
    @Test func restaurantBill() throws {
        let bill = ItemizedBill(items: [BillItem(name: "Steak", price: 3200, among: [ana]),
                                        BillItem(name: "Salad", price: 1400, among: [ben]),
                                        BillItem(name: "Wine", price: 4500)],
                                among: [ana, ben, cy], tax: .percent(8_875_000), tip: .percent(18_000_000))
        let result = try bill.breakdown(amount: nil, exponent: 2)
        #expect(result.subtotal == 9100)
        #expect(result.tax == 808)   // 807.625 → 808
        #expect(result.tip == 1638)
        #expect(result.total == 11_546)
        #expect(result.itemParts.map(\.amount) == [4700, 2900, 1500])
        #expect(result.shares.map(\.memberID) == [ana, ben, cy])
        #expect(result.shares.map(\.amount).reduce(0, +) == 11_546)
        // 11,546 × 4,700 / 9,100 = 5,963.41; × 2,900 / 9,100 = 3,679.43; × 1,500 / 9,100 = 1,903.16: the one unit left goes to Ben
        #expect(result.shares.map(\.amount) == [5963, 3680, 1903])
        #expect(result.extras(of: cy) == 403)
        // The allocator gives the same splits for the total, and refuses any other amount.
        let splits = try SplitAllocator.splits(amount: Money(minorUnits: 11_546, currency: usd), rule: .itemized(bill))
        #expect(splits.map(\.amount) == [5963, 3680, 1903])
        #expect(throws: SplitError.itemTotalMismatch(total: 11_546, amount: 11_500, exponent: 2)) {
            try SplitAllocator.splits(amount: Money(minorUnits: 11_500, currency: usd), rule: .itemized(bill))
        }
    }

    @Test func restTipAndDiscount() throws {
        let bill = ItemizedBill(items: [BillItem(name: "Pizza", price: 2000, among: [ana, ben])],
                                among: [ana, ben], tip: .rest, discount: .amount(500))
        let result = try bill.breakdown(amount: 1800, exponent: 2)
        #expect(result.tip == 300)
        #expect(result.shares.map(\.amount) == [900, 900])
        #expect(bill.followsAmount)
        #expect(throws: SplitError.restTipNegative(short: 100, amount: 1400, exponent: 2)) {
            try bill.breakdown(amount: 1400, exponent: 2)
        }
        #expect(throws: SplitError.restTipWithoutAmount) { try bill.breakdown(amount: nil, exponent: 2) }
    }

    @Test func refusals() {
        func check(_ bill: ItemizedBill, _ error: SplitError) {
            #expect(throws: error) { try bill.breakdown(amount: nil, exponent: 2) }
        }
        check(ItemizedBill(items: [], among: [ana]), .noItems)
        check(ItemizedBill(items: [BillItem(name: "Free", price: 0)], among: [ana]), .nonPositiveItemPrice("Free"))
        check(ItemizedBill(items: [BillItem(name: String(repeating: "x", count: 101), price: 5)], among: [ana]),
              .itemNameTooLong(String(repeating: "x", count: 40) + "…"))
        check(ItemizedBill(items: [BillItem(name: "A", price: 500)], among: [ana], discount: .amount(600)),
              .discountOverSubtotal(discount: 600, subtotal: 500, exponent: 2))
        check(ItemizedBill(items: [BillItem(name: "A", price: 500)], among: [ana], tax: .rest), .restOnlyForTip("tax"))
        check(ItemizedBill(items: [BillItem(name: "A", price: 500)], among: []), .noParticipants)
        check(ItemizedBill(items: [BillItem(name: "A", price: 500, among: [ana, ana])], among: []), .duplicateMember(ana))
        check(ItemizedBill(items: [BillItem(name: "A", price: 500)], among: [ana], discount: .percent(100_000_000)), .nonPositiveAmount)
    }

    /// Random bills: the shares sum exactly to the total; each share is its proportional
    /// value rounded down or up; with no extras each member pays exactly their items; and the
    /// allocator reproduces the shares from the total.
    @Test func sharesAreExact() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...8), Gen.int(in: 1...6), Gen.uint64()) { itemCount, memberCount, seed in
            var rng = SplitMix64(seed: seed)
            let members = (1...memberCount).map(member)
            var items: [BillItem] = []
            for index in 0..<itemCount {
                let among = members.filter { _ in rng.next() % 2 == 0 }
                items.append(BillItem(name: "item \(index)", price: Int64(rng.next() % 50_000) + 1, among: among))
            }
            func extra() -> BillExtra? {
                switch rng.next() % 3 {
                case 0: return nil
                case 1: return .amount(Int64(rng.next() % 3_000))
                default: return .percent(Int64(rng.next() % 30_000_000))
                }
            }
            let bill = ItemizedBill(items: items, among: members, tax: extra(), tip: extra())
            let result = try! bill.breakdown(amount: nil, exponent: 2)
            #expect(result.shares.map(\.amount).reduce(0, +) == result.total)
            #expect(result.itemParts.map(\.amount).reduce(0, +) == result.subtotal)
            for (share, part) in zip(result.shares, result.itemParts) {
                let exact = Int128(result.total) * Int128(part.amount)
                let floor = exact / Int128(result.subtotal)
                #expect(Int128(share.amount) == floor || Int128(share.amount) == floor + 1)
                if result.total == result.subtotal { #expect(share.amount == part.amount) }
            }
            let splits = try! SplitAllocator.splits(amount: Money(minorUnits: result.total, currency: usd), rule: .itemized(bill))
            #expect(SplitRule.itemized(bill).reproduces(splits, amount: Money(minorUnits: result.total, currency: usd)))
            #expect(splits.map(\.amount) == result.shares.map(\.amount))
        }
    }
}
