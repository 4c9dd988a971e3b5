import SplitCore
import SplitJSON

/// The `--json` of `add-expense` and `expense edit` for an itemized bill: the expense object
/// with `splitGiven` as `expense show` gives it (items, extras, each member's parts). Other
/// splits add nothing: their shares say it.
enum ItemsJSON {
    static func adding(_ rule: SplitRule?, to object: JSONValue, _ expense: Expense, _ directory: MemberDirectory) -> JSONValue {
        guard case .itemized? = rule, case .object(var fields) = object else { return object }
        fields.append(JSONMember("splitGiven", SplitWords.json(rule, directory, amount: expense.amount)))
        return .object(fields)
    }
}
