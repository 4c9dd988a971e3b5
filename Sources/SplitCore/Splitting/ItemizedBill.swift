/// A bill split by what each person had: items, each shared equally by its members, then tax
/// and tip added and a discount taken off in proportion to each person's items.
///
/// The arithmetic, exact in minor units:
/// 1. The subtotal is the sum of the items' prices. Each item's price is divided equally among
///    its members by ``LargestRemainder`` (ties to the member listed first).
/// 2. A percentage extra is that percentage of the subtotal (the tip too: before tax), rounded
///    once, half to even (``Rounding``). A fixed extra is taken as it is. `rest` (tip only) is
///    the amount minus subtotal, tax and discount, and must not be negative.
/// 3. The total is subtotal + tax + tip − discount. A discount larger than the subtotal is
///    refused. An amount given with the bill must equal the total.
/// 4. Each member's share is the total divided in proportion to their items' parts by
///    ``LargestRemainder``, in member order (first the bill's `among` list, then members
///    first named by an item): each pays their items plus the extras in proportion. The shares
///    sum exactly to the total; a member with no item part gets no share.
///
/// Kept beside the expense as its split as given (``SplitRule/itemized(_:)``): the shares stay
/// the authority for balances, and the bill explains them.
public struct ItemizedBill: Hashable, Sendable {
    public var items: [BillItem]
    /// Everyone the expense is among: the members of an item that names none.
    public var among: [MemberID]
    public var tax: BillExtra?
    public var tip: BillExtra?
    public var discount: BillExtra?

    public init(items: [BillItem], among: [MemberID], tax: BillExtra? = nil, tip: BillExtra? = nil,
                discount: BillExtra? = nil) {
        self.items = items
        self.among = among
        self.tax = tax
        self.tip = tip
        self.discount = discount
    }

    /// The bill worked out: each figure in minor units.
    public struct Breakdown: Hashable, Sendable {
        public let subtotal: Int64
        public let tax: Int64
        public let tip: Int64
        public let discount: Int64
        public let total: Int64
        /// Each member's part of the items, in member order.
        public let itemParts: [MemberAmount]
        /// Each member's share of the total, in the same order: the expense's splits.
        public let shares: [MemberAmount]

        /// A member's part of the extras (tax + tip − discount): their share minus their items.
        public func extras(of member: MemberID) -> Int64 {
            let share = shares.first { $0.memberID == member }?.amount ?? 0
            let items = itemParts.first { $0.memberID == member }?.amount ?? 0
            return share - items
        }
    }

    /// Whether an edit of the amount alone can keep the bill: only when the tip is the rest.
    public var followsAmount: Bool { tip == .rest }

    /// The extras given, in the order every view shows them (tax, tip, discount), each with its
    /// name and what it came to in `breakdown` (nil without one: the bill does not work out).
    public func extras(_ breakdown: Breakdown?) -> [(name: String, given: BillExtra, amount: Int64?)] {
        [("tax", tax, breakdown?.tax), ("tip", tip, breakdown?.tip), ("discount", discount, breakdown?.discount)]
            .compactMap { name, given, amount in given.map { (name, $0, amount) } }
    }

    /// Works the bill out, checking it; `amount` is the expense's amount when known (needed by
    /// a `rest` tip, and then it must equal the total).
    public func breakdown(amount: Int64?, exponent: Int) throws(SplitError) -> Breakdown {
        guard !items.isEmpty else { throw .noItems }
        var subtotal: Int128 = 0
        var order: [MemberID] = []
        var parts: [MemberID: Int128] = [:]
        func note(_ member: MemberID) {
            if parts[member] == nil {
                parts[member] = 0
                order.append(member)
            }
        }
        for member in among { note(member) }
        for item in items {
            guard item.name.count <= BillItem.nameLimit else { throw .itemNameTooLong(TextRules.excerpt(item.name)) }
            guard item.price > 0 else { throw .nonPositiveItemPrice(TextRules.excerpt(item.name)) }
            let sharers = item.among.isEmpty ? among : item.among
            guard !sharers.isEmpty else { throw .noParticipants }
            var seen = Set<MemberID>()
            for member in sharers where !seen.insert(member).inserted { throw .duplicateMember(member) }
            subtotal += Int128(item.price)
            guard subtotal <= Int128(Int64.max) else { throw .billTooLarge }
            let split = LargestRemainder.split(Int128(item.price), weights: sharers.map { _ in 1 })!
            for (member, part) in zip(sharers, split) {
                note(member)
                parts[member, default: 0] += part
            }
        }
        let tax = try value(self.tax, of: subtotal, extra: "tax")
        let discount = try value(self.discount, of: subtotal, extra: "discount")
        guard discount <= subtotal else {
            throw .discountOverSubtotal(discount: Int64(clamping: discount), subtotal: Int64(subtotal), exponent: exponent)
        }
        let tip: Int128
        if self.tip == .rest {
            guard let amount else { throw .restTipWithoutAmount }
            tip = Int128(amount) - subtotal - tax + discount
            guard tip >= 0 else {
                throw .restTipNegative(short: Int64(clamping: -tip), amount: amount, exponent: exponent)
            }
        } else {
            tip = try value(self.tip, of: subtotal, extra: "tip")
        }
        let total = subtotal + tax + tip - discount
        guard total > 0 else { throw .nonPositiveAmount }
        guard total <= Int128(Int64.max) else { throw .billTooLarge }
        if let amount, Int128(amount) != total {
            throw .itemTotalMismatch(total: Int64(total), amount: amount, exponent: exponent)
        }
        let members = order.filter { parts[$0]! > 0 }
        let shares = LargestRemainder.split(total, weights: members.map { parts[$0]! })!
        return Breakdown(subtotal: Int64(subtotal), tax: Int64(tax), tip: Int64(tip), discount: Int64(discount),
                         total: Int64(total),
                         itemParts: members.map { MemberAmount(memberID: $0, amount: Int64(parts[$0]!)) },
                         shares: zip(members, shares).map { MemberAmount(memberID: $0, amount: Int64($1)) })
    }

    /// An extra in minor units: a fixed amount, or a percentage of `subtotal` rounded once.
    private func value(_ extra: BillExtra?, of subtotal: Int128, extra name: String) throws(SplitError) -> Int128 {
        switch extra {
        case nil: return 0
        case .amount(let minor)?:
            guard minor >= 0 else { throw .negativeExtra(name) }
            return Int128(minor)
        case .percent(let millionths)?:
            guard millionths >= 0 else { throw .negativeExtra(name) }
            return Rounding.halfEven(subtotal * Int128(millionths), over: Int128(SplitAllocator.fullPercent))
        case .rest?:
            throw .restOnlyForTip(name)
        }
    }
}
