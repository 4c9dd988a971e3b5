import SplitCore
import SplitJSON

/// The stored form of a split as given (`expense.split_given`): JSON such as
/// `{"mode":"shares","parts":[{"member":"…","value":2},…]}`, with `mode` one of `equal`,
/// `exact`, `percent` (values in millionths of a percent) or `shares`. The parts keep the
/// rule's order, which breaks largest-remainder ties.
enum SplitRuleText {
    static func text(_ rule: SplitRule) -> String {
        let (mode, parts): (String, [(MemberID, Int64?)]) = switch rule {
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
        return JSONValue.object([JSONMember("mode", .string(mode)), JSONMember("parts", .array(list))]).serialized(pretty: false)
    }

    /// The rule `text` holds; nil when it is not one this version wrote (read as unknown,
    /// like NULL: the expense then reads as exact amounts).
    static func rule(_ text: String) -> SplitRule? {
        guard let json = try? JSONParser.parse(text), let mode = json["mode"]?.stringValue,
              let items = json["parts"]?.arrayValue else { return nil }
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
}
