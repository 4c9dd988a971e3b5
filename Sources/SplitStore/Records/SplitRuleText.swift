import SplitCore
import SplitJSON

/// The stored form of a split as given (`expense.split_given`): JSON such as
/// `{"mode":"shares","parts":[{"member":"…","value":2},…]}`, with `mode` one of `equal`,
/// `exact`, `percent` (values in millionths of a percent) or `shares`. The parts keep the
/// rule's order, which breaks largest-remainder ties. An itemized bill is
/// `{"mode":"items","among":[…],"items":[{"name":…,"price":3200,"among":[…]}],"tax":{"percent":8875000},
/// "tip":"rest","discount":{"amount":500}}`, prices and amounts in minor units.
/// Public so that split's own export writes the same form (version 3's `splitGiven`).
public enum SplitRuleText {
    public static func text(_ rule: SplitRule) -> String {
        json(rule).serialized(pretty: false)
    }

    /// The same form as a JSON value, for a document that holds it (an export).
    public static func json(_ rule: SplitRule) -> JSONValue {
        if case .itemized(let bill) = rule { return billJSON(bill) }
        let (mode, parts): (String, [(MemberID, Int64?)]) = switch rule {
        case .itemized: preconditionFailure("written above")
        case .equal(let members): ("equal", members.map { ($0, nil) })
        case .exact(let amounts): ("exact", amounts.map { ($0.memberID, $0.amount) })
        case .percent(let weights): ("percent", weights.map { ($0.memberID, $0.weight) })
        case .shares(let weights): ("shares", weights.map { ($0.memberID, $0.weight) })
        }
        let list: [JSONValue] = parts.map { member, value in
            var fields = [JSONMember("member", .string(member.rawValue))]
            if let value { fields.append(JSONMember("value", .int(value))) }
            return .object(fields)
        }
        return JSONValue.object([JSONMember("mode", .string(mode)), JSONMember("parts", .array(list))])
    }

    /// The rule `text` holds; nil when it is not one this version wrote (read as unknown,
    /// like NULL: the expense then reads as exact amounts).
    public static func rule(_ text: String) -> SplitRule? {
        guard let json = try? JSONParser.parse(text), let mode = json["mode"]?.stringValue else { return nil }
        if mode == "items" { return bill(json) }
        guard let items = json["parts"]?.arrayValue else { return nil }
        var parts: [(MemberID, Int64?)] = []
        for item in items {
            guard let member = item["member"]?.stringValue else { return nil }
            parts.append((MemberID(member), item["value"]?.numberText.flatMap { Int64($0) }))
        }
        func values() -> [(MemberID, Int64)]? {
            let known = parts.compactMap { member, value in value.map { (member, $0) } }
            return known.count == parts.count ? known : nil
        }
        switch mode {
        case "equal": return .equal(parts.map(\.0))
        case "exact": return values().map { .exact($0.map { MemberAmount(memberID: $0.0, amount: $0.1) }) }
        case "percent": return values().map { .percent($0.map { MemberWeight(memberID: $0.0, weight: $0.1) }) }
        case "shares": return values().map { .shares($0.map { MemberWeight(memberID: $0.0, weight: $0.1) }) }
        default: return nil
        }
    }

    private static func billJSON(_ bill: ItemizedBill) -> JSONValue {
        func ids(_ members: [MemberID]) -> JSONValue { .array(members.map { .string($0.rawValue) }) }
        var fields = [JSONMember("mode", .string("items")), JSONMember("among", ids(bill.among)),
                      JSONMember("items", .array(bill.items.map { item in
                          .object([JSONMember("name", .string(item.name)), JSONMember("price", .int(item.price)),
                                   JSONMember("among", ids(item.among))])
                      }))]
        for (name, extra) in [("tax", bill.tax), ("tip", bill.tip), ("discount", bill.discount)] {
            switch extra {
            case nil: continue
            case .amount(let minor)?: fields.append(JSONMember(name, .object([JSONMember("amount", .int(minor))])))
            case .percent(let millionths)?: fields.append(JSONMember(name, .object([JSONMember("percent", .int(millionths))])))
            case .rest?: fields.append(JSONMember(name, .string("rest")))
            }
        }
        return JSONValue.object(fields)
    }

    /// The bill of an `items` text; nil when any part is not as ``billJSON(_:)`` writes it.
    private static func bill(_ json: JSONValue) -> SplitRule? {
        func ids(_ value: JSONValue?) -> [MemberID]? {
            guard let list = value?.arrayValue else { return nil }
            let strings = list.compactMap(\.stringValue)
            return strings.count == list.count ? strings.map(MemberID.init) : nil
        }
        func integer(_ value: JSONValue?) -> Int64? { value?.numberText.flatMap { Int64($0) } }
        func extra(_ name: String) -> (ok: Bool, value: BillExtra?) {
            guard let value = json[name] else { return (true, nil) }
            if value.stringValue == "rest" { return (true, .rest) }
            if let minor = integer(value["amount"]) { return (true, .amount(minor)) }
            if let millionths = integer(value["percent"]) { return (true, .percent(millionths)) }
            return (false, nil)
        }
        guard let among = ids(json["among"]), let list = json["items"]?.arrayValue else { return nil }
        var items: [BillItem] = []
        for entry in list {
            guard let name = entry["name"]?.stringValue, let price = integer(entry["price"]),
                  let members = ids(entry["among"]) else { return nil }
            items.append(BillItem(name: name, price: price, among: members))
        }
        let (tax, tip, discount) = (extra("tax"), extra("tip"), extra("discount"))
        guard tax.ok, tip.ok, discount.ok else { return nil }
        return .itemized(ItemizedBill(items: items, among: among, tax: tax.value, tip: tip.value, discount: discount.value))
    }
}
