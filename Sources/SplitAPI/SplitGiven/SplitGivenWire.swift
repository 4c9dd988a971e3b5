import SplitCore

/// Converts between SplitCore's ``SplitCore/SplitRule`` and the contract's `SplitGiven`, for
/// the client and the server alike, so that both read and write one form.
///
/// Amounts (exact parts, prices, fixed extras) are JSON numbers in major units, read exactly
/// by ``WireAmount``; percentages are numbers with at most 6 decimals (SplitCore's
/// ``SplitCore/SplitAllocator/parsePercent(_:)``), shares whole numbers
/// (``SplitCore/SplitAllocator/parseShares(_:)``). Reading checks the form only; whether the
/// rule gives the expense's splits is SplitCore's ``SplitCore/SplitRule/check(gives:amount:)``,
/// and whether its members belong to the group is the caller's to check.
///
/// ```swift
/// let wire = SplitGivenWire.wire(.shares([...]), currency: usd)
/// let rule = try SplitGivenWire.rule(wire, currency: usd) { MemberID($0) }
/// ```
public enum SplitGivenWire {
    public typealias Wire = Components.Schemas.SplitGiven

    /// The wire form of `rule`, naming each member by `name` (its id, or a from-local localId).
    public static func wire(_ rule: SplitRule, currency: Currency,
                            name: (MemberID) -> String = { $0.rawValue }) -> Wire {
        func parts(_ list: [(MemberID, Double?)]) -> [Components.Schemas.SplitGivenPart] {
            list.map { .init(memberId: name($0.0), value: $0.1) }
        }
        func percent(_ millionths: Int64) -> Double { Double(millionths) / 1_000_000 }
        switch rule {
        case .equal(let members):
            return Wire(mode: "equal", parts: parts(members.map { ($0, nil) }))
        case .exact(let amounts):
            return Wire(mode: "exact", parts: parts(amounts.map { ($0.memberID, WireAmount.number($0.amount, currency)) }))
        case .percent(let weights):
            return Wire(mode: "percent", parts: parts(weights.map { ($0.memberID, percent($0.weight)) }))
        case .shares(let weights):
            return Wire(mode: "shares", parts: parts(weights.map { ($0.memberID, Double($0.weight)) }))
        case .itemized(let bill):
            func extra(_ extra: BillExtra?) -> Components.Schemas.BillExtra? {
                switch extra {
                case nil: return nil
                case .amount(let minor)?: return .init(amount: WireAmount.number(minor, currency))
                case .percent(let millionths)?: return .init(percent: percent(millionths))
                case .rest?: return .init(rest: true)
                }
            }
            return Wire(mode: "items", among: bill.among.map(name),
                        items: bill.items.map { item in
                            .init(name: item.name, price: WireAmount.number(item.price, currency),
                                  among: item.among.isEmpty ? nil : item.among.map(name))
                        },
                        tax: extra(bill.tax), tip: extra(bill.tip), discount: extra(bill.discount))
        }
    }

    /// The rule `wire` gives, for an expense in `currency`; `member` turns a wire name into a
    /// member id (nil: no such member, refused). Fields are named from `field`, e.g.
    /// `splitGiven.parts[1].value`.
    public static func rule(_ wire: Wire, currency: Currency, field: String = "splitGiven",
                            member: (String) -> MemberID?) throws(SplitGivenWireError) -> SplitRule {
        func id(_ text: String, _ at: String) throws(SplitGivenWireError) -> MemberID {
            guard let id = member(text) else { throw SplitGivenWireError(field: at, problem: "names no member of this group: '\(text)'") }
            return id
        }
        func ids(_ list: [String]?, _ at: String) throws(SplitGivenWireError) -> [MemberID] {
            var result: [MemberID] = []
            for (index, text) in (list ?? []).enumerated() { result.append(try id(text, "\(at)[\(index)]")) }
            return result
        }
        func amount(_ value: Double, _ at: String, zero: Bool) throws(SplitGivenWireError) -> Int64 {
            do throws(WireAmountError) {
                return try WireAmount.minorUnits(value, currency: currency, allowingZero: zero)
            } catch {
                throw SplitGivenWireError(message: error.message(field: at))
            }
        }
        func percent(_ value: Double, _ at: String) throws(SplitGivenWireError) -> Int64 {
            let text = WireAmount.text(of: value)
            guard value.isFinite, let millionths = try? SplitAllocator.parsePercent(text) else {
                throw SplitGivenWireError(field: at, problem: "must be a percentage from 0 to 100 with at most 6 decimals, got \(text)")
            }
            return millionths
        }
        func extra(_ wire: Components.Schemas.BillExtra?, _ name: String) throws(SplitGivenWireError) -> BillExtra? {
            guard let wire else { return nil }
            let at = "\(field).\(name)"
            let given = [wire.amount != nil, wire.percent != nil, wire.rest != nil].filter { $0 }.count
            guard given == 1 else { throw SplitGivenWireError(field: at, problem: "must have exactly one of amount, percent or rest") }
            if let value = wire.amount { return .amount(try amount(value, at + ".amount", zero: true)) }
            if let value = wire.percent { return .percent(try percent(value, at + ".percent")) }
            guard wire.rest == true, name == "tip" else {
                throw SplitGivenWireError(field: at + ".rest", problem: name == "tip" ? "must be true when given" : "is only for the tip")
            }
            return .rest
        }

        let mode = wire.mode
        guard mode == "items" || (wire.among == nil && wire.items == nil && wire.tax == nil && wire.tip == nil && wire.discount == nil) else {
            throw SplitGivenWireError(field: field, problem: "among, items, tax, tip and discount go with mode items only")
        }
        switch mode {
        case "equal", "exact", "percent", "shares":
            guard let parts = wire.parts, !parts.isEmpty else {
                throw SplitGivenWireError(field: "\(field).parts", problem: "must list at least one member for mode \(mode)")
            }
            var members: [MemberID] = []
            var values: [Int64] = []
            for (index, part) in parts.enumerated() {
                let at = "\(field).parts[\(index)]"
                members.append(try id(part.memberId, at + ".memberId"))
                if mode == "equal" {
                    guard part.value == nil else { throw SplitGivenWireError(field: at + ".value", problem: "is not taken by mode equal") }
                    continue
                }
                guard let value = part.value else { throw SplitGivenWireError(field: at + ".value", problem: "is required for mode \(mode)") }
                switch mode {
                case "exact": values.append(try amount(value, at + ".value", zero: true))
                case "percent": values.append(try percent(value, at + ".value"))
                default:
                    let text = WireAmount.text(of: value)
                    guard value.isFinite, let shares = try? SplitAllocator.parseShares(text) else {
                        throw SplitGivenWireError(field: at + ".value",
                                                  problem: "must be a whole number of shares from 0 to \(SplitAllocator.maxShares), got \(text)")
                    }
                    values.append(shares)
                }
            }
            switch mode {
            case "equal": return .equal(members)
            case "exact": return .exact(zip(members, values).map { MemberAmount(memberID: $0, amount: $1) })
            case "percent": return .percent(zip(members, values).map { MemberWeight(memberID: $0, weight: $1) })
            default: return .shares(zip(members, values).map { MemberWeight(memberID: $0, weight: $1) })
            }
        case "items":
            guard wire.parts == nil else { throw SplitGivenWireError(field: "\(field).parts", problem: "does not go with mode items") }
            guard let list = wire.items, !list.isEmpty else {
                throw SplitGivenWireError(field: "\(field).items", problem: "must list at least one item for mode items")
            }
            var items: [BillItem] = []
            for (index, item) in list.enumerated() {
                let at = "\(field).items[\(index)]"
                guard !item.name.isEmpty, item.name.count <= BillItem.nameLimit, !item.name.contains(where: \.isNewline) else {
                    throw SplitGivenWireError(field: at + ".name", problem: "must be 1 to \(BillItem.nameLimit) characters on one line")
                }
                items.append(BillItem(name: item.name, price: try amount(item.price, at + ".price", zero: false),
                                      among: try ids(item.among, at + ".among")))
            }
            return .itemized(ItemizedBill(items: items, among: try ids(wire.among, "\(field).among"),
                                          tax: try extra(wire.tax, "tax"), tip: try extra(wire.tip, "tip"),
                                          discount: try extra(wire.discount, "discount")))
        default:
            throw SplitGivenWireError(field: "\(field).mode", problem: "must be one of equal, exact, percent, shares, items, got '\(mode)'")
        }
    }
}
