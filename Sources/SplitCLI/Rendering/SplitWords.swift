import SplitCore
import SplitJSON

/// How an expense is split, in words and in JSON, for `expense show` and `edit`: the split as
/// given when it is kept, else equal when the shares are an equal split, else exact amounts.
enum SplitWords {
    /// The rule to show: `kept`, or the equal split the shares are, or nil (exact amounts).
    static func rule(_ kept: SplitRule?, _ expense: Expense, _ directory: MemberDirectory) -> SplitRule? {
        if let kept { return kept }
        let equal = SplitRule.equal(directory.sortedByName(expense.splits.map(\.memberID)))
        return equal.reproduces(expense.splits, amount: expense.amount) ? equal : nil
    }

    /// "equal among Alex, Bea", "shares Alex 2, Bea 1", "percent Alex 60%, Bea 40%", or
    /// "exact amounts".
    static func text(_ rule: SplitRule?, _ directory: MemberDirectory, amount: Money) -> String {
        switch rule {
        case .itemized(let bill)?:
            return BillWords.text(bill, directory, amount: amount)
        case .equal(let members)?:
            return "equal among " + members.map { directory.name(of: $0) }.joined(separator: ", ")
        case .shares(let weights)?:
            return "shares " + weights.map { "\(directory.name(of: $0.memberID)) \($0.weight)" }.joined(separator: ", ")
        case .percent(let weights)?:
            return "percent " + weights.map { "\(directory.name(of: $0.memberID)) \(DecimalText.major($0.weight, exponent: 6))%" }
                .joined(separator: ", ")
        case .exact?, nil:
            return "exact amounts"
        }
    }

    /// `{"mode":"shares","parts":[{"memberId":…,"memberName":…,"value":2}]}`; percentages
    /// as decimal numbers (`33.333333`), exact amounts as the shares already list them.
    static func json(_ rule: SplitRule?, _ directory: MemberDirectory, amount: Money) -> JSONValue {
        if case .itemized(let bill) = rule { return BillWords.json(bill, directory, amount: amount) }
        func part(_ member: MemberID, _ value: JSONValue?) -> JSONValue {
            var fields = [JSONMember("memberId", .string(member.rawValue)),
                          JSONMember("memberName", .string(directory.name(of: member)))]
            if let value { fields.append(JSONMember("value", value)) }
            return .object(fields)
        }
        let (mode, parts): (String, [JSONValue]) = switch rule {
        case .equal(let members)?: ("equal", members.map { part($0, nil) })
        case .shares(let weights)?: ("shares", weights.map { part($0.memberID, .int($0.weight)) })
        case .percent(let weights)?: ("percent", weights.map { part($0.memberID, .number(DecimalText.major($0.weight, exponent: 6))) })
        case .exact?, .itemized?, nil: ("exact", [])
        }
        return .object([JSONMember("mode", .string(mode)), JSONMember("parts", .array(parts))])
    }
}
