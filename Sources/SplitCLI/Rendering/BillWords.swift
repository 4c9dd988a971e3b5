import SplitCore
import SplitJSON

/// An itemized bill in words and JSON, for `expense show`: its items and extras, and each
/// member's items and part of the extras (their share minus their items).
enum BillWords {
    /// "items Steak 32.00 (Ana), Wine 45.00 (everyone); tax 8.875% = 8.08; tip 18% = 16.38".
    static func text(_ bill: ItemizedBill, _ directory: MemberDirectory, amount: Money) -> String {
        let currency = amount.currency
        let items = bill.items.map { item in
            let who = item.among.isEmpty ? "everyone" : item.among.map { directory.name(of: $0) }.joined(separator: ", ")
            return "\(item.name) \(Amounts.text(item.price, currency)) (\(who))"
        }
        var text = "items " + items.joined(separator: ", ")
        guard let breakdown = try? bill.breakdown(amount: amount.minorUnits, exponent: currency.exponent) else { return text }
        for (name, extra, value) in bill.extras(breakdown) {
            guard let value else { continue }
            let how: String = switch extra {
            case .amount: ""
            case .percent(let millionths): "\(DecimalText.major(millionths, exponent: 6))% = "
            case .rest: "rest = "
            }
            text += "; \(name) \(how)\(Amounts.text(value, currency))"
        }
        return text
    }

    /// `{"mode":"items","items":[…],"tax":…,"tip":…,"discount":…,"parts":[…]}`: prices and
    /// amounts as the other amounts are written; each extra with what was given (`percent`,
    /// or `rest`) and what it came to (`amount`); each part a member's items and extras.
    static func json(_ bill: ItemizedBill, _ directory: MemberDirectory, amount: Money) -> JSONValue {
        let currency = amount.currency
        var fields = [JSONMember("mode", .string("items")),
                      JSONMember("items", .array(bill.items.map { item in
                          .object([JSONMember("name", .string(item.name)),
                                   JSONMember("price", JSONRendering.amount(item.price, currency)),
                                   JSONMember("among", .array(item.among.map { .string($0.rawValue) }))])
                      }))]
        let breakdown = try? bill.breakdown(amount: amount.minorUnits, exponent: currency.exponent)
        for (name, extra, value) in bill.extras(breakdown) {
            var parts: [JSONMember] = []
            switch extra {
            case .amount: break
            case .percent(let millionths): parts.append(JSONMember("percent", .number(DecimalText.major(millionths, exponent: 6))))
            case .rest: parts.append(JSONMember("rest", .bool(true)))
            }
            if let value { parts.append(JSONMember("amount", JSONRendering.amount(value, currency))) }
            fields.append(JSONMember(name, .object(parts)))
        }
        let parts: [JSONValue] = (breakdown?.itemParts ?? []).map { part in
            .object([JSONMember("memberId", .string(part.memberID.rawValue)),
                     JSONMember("memberName", .string(directory.name(of: part.memberID))),
                     JSONMember("items", JSONRendering.amount(part.amount, currency)),
                     JSONMember("extras", JSONRendering.amount(breakdown!.extras(of: part.memberID), currency))])
        }
        fields.append(JSONMember("parts", .array(parts)))
        return .object(fields)
    }
}
