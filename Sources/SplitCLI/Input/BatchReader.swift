import Foundation
import SplitCore
import SplitJSON

/// Reads `--batch` input: one JSON object per line, with the same fields as `add-expense`.
///
/// ```
/// {"description":"Dinner","amount":12000,"paidBy":"Alex"}
/// {"description":"Taxi","amount":"30.5","currency":"USD","paidBy":"Bea","among":["Bea","Chen"]}
/// {"description":"Hotel","amount":400,"paidBy":"Chen","exact":{"Alex":100,"Bea":100,"Chen":200},"category":"Hotel","date":"2025-01-20","note":"2 nights"}
/// ```
/// `percent` and `shares` take objects like `exact`; so may `paidBy`, for several payers
/// An itemized bill: `"items":[{"name":"Steak","price":32,"among":["Ana"]}]` (`among` left
/// out: everyone, or the line's `among`), with `"tax":"8.875%"`, `"tip":18` or `"tip":"rest"`,
/// `"discount"`; `amount` may then be left out.
/// (`"paidBy":{"Alex":300,"Bea":100}`). Blank lines are skipped. Amounts may be
/// JSON numbers or strings; both are read exactly. Any problem names its line.
enum BatchReader {
    static let fields: Set<String> = [
        "description", "amount", "currency", "paidBy", "among", "exact", "percent", "shares", "items", "tax", "tip",
        "discount", "category", "date", "note",
    ]

    static func read(path: String) throws -> [UInt8] {
        if path == "-" {
            return CommandIO.current.readInput()
        }
        guard let data = FileManager.default.contents(atPath: CommandIO.current.resolve(path)) else {
            throw CLIError("cannot read batch file \(path); give a readable JSONL file, or - for stdin", kind: .noInput)
        }
        return [UInt8](data)
    }

    /// Parses every line into a draft, paired with its 1-based line number.
    static func drafts(from bytes: [UInt8]) throws -> [(line: Int, draft: ExpenseDraft)] {
        var result: [(Int, ExpenseDraft)] = []
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = bytes[start..<end]
            start = end + 1
            if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) {
                if end == bytes.count { break }
                continue
            }
            do {
                result.append((lineNumber, try draft(JSONParser.parse(line))))
            } catch let error as JSONError {
                throw CLIError.data("batch line \(lineNumber): invalid JSON: \(error.description)")
            } catch let error as CLIError {
                throw CLIError.data("batch line \(lineNumber): \(error.message)")
            }
            if end == bytes.count { break }
        }
        guard !result.isEmpty else { throw CLIError.data("the batch input has no expenses") }
        return result
    }

    static func draft(_ value: JSONValue) throws -> ExpenseDraft {
        guard let object = value.objectValue else {
            throw CLIError.data("expected a JSON object, got \(value.typeName)")
        }
        for member in object where !fields.contains(member.key) {
            throw CLIError.data("unknown field '\(member.key)'; fields are \(fields.sorted().joined(separator: ", "))")
        }
        var draft = ExpenseDraft()
        draft.description = try string(value, "description")
        draft.amount = try number(value, "amount")
        draft.currency = try string(value, "currency")
        draft.payers = try payers(value)
        draft.category = try string(value, "category")
        draft.date = try string(value, "date")
        draft.note = try string(value, "note")
        let modes = ["among", "exact", "percent", "shares"].filter { value[$0] != nil }
        guard modes.count <= 1 else { throw CLIError.data("use only one of among, exact, percent, shares") }
        if let among = value["among"] {
            if let list = among.arrayValue {
                draft.split = .among(try list.map { item in
                    guard let name = item.stringValue else { throw CLIError.data("field 'among' must list names as strings") }
                    return name
                })
            } else if let text = among.stringValue {
                draft.split = try SplitSpecParser.parse(among: text, exact: nil, percent: nil, shares: nil)
            } else {
                throw CLIError.data("field 'among' must be an array of names, got \(among.typeName)")
            }
        }
        for mode in ["exact", "percent", "shares"] {
            guard let mapping = value[mode] else { continue }
            guard let pairs = mapping.objectValue else {
                throw CLIError.data("field '\(mode)' must be an object of name: number, got \(mapping.typeName)")
            }
            let values = try pairs.map { pair in
                NamedValue(name: pair.key, value: try numberText(pair.value, field: "\(mode).\(pair.key)"))
            }
            switch mode {
            case "exact": draft.split = .exact(values)
            case "percent": draft.split = .percent(values)
            default: draft.split = .shares(values)
            }
        }
        if let items = value["items"] {
            guard modes.allSatisfy({ $0 == "among" }) else {
                throw CLIError.data("'items' decides each member's share, so it cannot go with \(modes.filter { $0 != "among" }.joined(separator: " or "))")
            }
            var among: [String]?
            if case .among(let names)? = draft.split { among = names }
            draft.split = .items(ItemsSpec(items: try billItems(items), among: among, tax: try extra(value, "tax"),
                                           tip: try extra(value, "tip"), discount: try extra(value, "discount")))
        } else if let extra = ["tax", "tip", "discount"].first(where: { value[$0] != nil }) {
            throw CLIError.data("field '\(extra)' goes with 'items'")
        }
        return draft
    }

    /// `items`: objects with `name`, `price` and an optional `among` (names).
    private static func billItems(_ value: JSONValue) throws -> [ItemsSpec.Item] {
        guard let list = value.arrayValue, !list.isEmpty else {
            throw CLIError.data("field 'items' must be a non-empty array of {\"name\", \"price\", \"among\"}")
        }
        return try list.enumerated().map { index, item in
            guard item.objectValue != nil else { throw CLIError.data("items[\(index)] must be an object, got \(item.typeName)") }
            for member in item.objectValue! where !["name", "price", "among"].contains(member.key) {
                throw CLIError.data("unknown field 'items[\(index)].\(member.key)'; fields are name, price, among")
            }
            guard let name = try string(item, "name") else { throw CLIError.data("items[\(index)] needs a 'name'") }
            guard let price = try number(item, "price") else { throw CLIError.data("items[\(index)] needs a 'price'") }
            var members: [String] = []
            if let among = item["among"], among != .null {
                guard let names = among.arrayValue?.compactMap(\.stringValue), names.count == among.arrayValue?.count else {
                    throw CLIError.data("items[\(index)].among must be an array of names")
                }
                members = names
            }
            return ItemsSpec.Item(name: name, price: price, members: members)
        }
    }

    /// `tax`, `tip` or `discount`: a number (an amount) or a string (`"10"`, `"8.875%"`, `"rest"`).
    private static func extra(_ object: JSONValue, _ key: String) throws -> String? {
        try number(object, key)
    }

    /// `paidBy`: a name (or `"Ann,Ben"`, `"Ann=30,Ben=20"` as on the command line), or an
    /// object of name: amount.
    private static func payers(_ object: JSONValue) throws -> PayerSpec? {
        guard let value = object["paidBy"], value != .null else { return nil }
        if let text = value.stringValue { return .typed(text) }
        guard let pairs = value.objectValue else {
            throw CLIError.data("field 'paidBy' must be a name or an object of name: amount, got \(value.typeName)")
        }
        guard !pairs.isEmpty else { throw CLIError.data("field 'paidBy' names nobody; give at least one payer") }
        return .amounts(try pairs.map { pair in
            NamedValue(name: pair.key, value: try numberText(pair.value, field: "paidBy.\(pair.key)"))
        })
    }

    private static func string(_ object: JSONValue, _ key: String) throws -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw CLIError.data("field '\(key)' must be a string, got \(value.typeName)")
        }
        return text
    }

    private static func number(_ object: JSONValue, _ key: String) throws -> String? {
        guard let value = object[key], value != .null else { return nil }
        return try numberText(value, field: key)
    }

    private static func numberText(_ value: JSONValue, field: String) throws -> String {
        if let text = value.numberText ?? value.stringValue { return text }
        throw CLIError.data("field '\(field)' must be a number or a string, got \(value.typeName)")
    }
}
