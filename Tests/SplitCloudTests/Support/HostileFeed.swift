import Foundation
import SplitCore

/// A JSON value written exactly as built: a number keeps the text it was given (`333.33`,
/// `1e300`, `-0.000001`) and an object keeps its keys in order. `JSONSerialization` would
/// rewrite numbers through `Double`, and the edges of the number grammar are what the hostile
/// server is for.
enum WireJSON: Sendable {
    case null
    case bool(Bool)
    /// The number's literal text; it must be a JSON number (RFC 8259).
    case number(String)
    case string(String)
    indirect case array([WireJSON])
    indirect case object([(key: String, value: WireJSON)])

    static func integer(_ value: Int64) -> WireJSON { .number(String(value)) }

    /// An object from its members in order; a nil value leaves the key out (an absent optional key).
    static func members(_ pairs: [(String, WireJSON?)]) -> WireJSON {
        .object(pairs.compactMap { key, value in value.map { (key: key, value: $0) } })
    }

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let text): Self.quote(text, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                Self.quote(pair.key, to: &out)
                out += ":"
                pair.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A JSON string: quotes, backslashes and U+0000–U+001F escaped, everything else as UTF-8.
    private static func quote(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// One version of one item in a `Changes` page, with what the property's oracle needs to know
/// about it besides its JSON.
struct FeedItem: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case member, expense, payment, rate
    }

    let kind: Kind
    /// The id as sent (any case); for a rate, its currency as sent.
    let id: String
    let revision: Int64
    /// A tombstone as the client must read it (a rate sent live without a value removes it,
    /// as a `setRate` without one does).
    let deleted: Bool
    /// The `MemberChange`, `ExpenseChange`, `PaymentChange` or `RateChange` object.
    let body: WireJSON
    /// Built only from values that have one sound reading split can hold (see the generator):
    /// the trip must hold it, not hold it back.
    let sound: Bool
    /// A live member's name, or a live expense's description (absent: nil).
    let text: String?
    /// What a live expense's or payment's date must read as.
    let date: ExpectedDate
    /// The members a live expense or payment names (payer, shares, from and to), lower-cased.
    let references: [String]

    /// The key split files the item under: `member:<id>`, `expense:<id>`, `payment:<id>`, `rate:<CODE>`.
    /// The item's key in the store; a rate of no currency is kept under `rate:?`.
    var key: String {
        guard kind == .rate else { return "\(kind.rawValue):" + id.lowercased() }
        return "rate:" + (id.isEmpty ? "?" : id.uppercased())
    }
}

/// The date an expense or payment must read as: `YYYY-MM-DD` from any form a server writes
/// (a timestamp reads as its nearest UTC midnight), or none (the item is then held).
enum ExpectedDate: Sendable, Equatable {
    case notApplicable
    case reads(String)
    case unreadable
}

/// One answer of the change feed.
struct FeedPage: Sendable {
    var revision: Int64
    var more: Bool
    /// The `GroupChange`, or nil for `"group": null`.
    var group: WireJSON?
    var items: [FeedItem]

    /// The `Changes` object: items grouped under their kind's key, in the order given.
    var json: WireJSON {
        func list(_ kind: FeedItem.Kind) -> WireJSON { .array(items.filter { $0.kind == kind }.map(\.body)) }
        return .object([
            (key: "revision", value: .integer(revision)), (key: "more", value: .bool(more)),
            (key: "group", value: group ?? .null),
            (key: "members", value: list(.member)), (key: "expenses", value: list(.expense)),
            (key: "payments", value: list(.payment)), (key: "rates", value: list(.rate)),
        ])
    }
}

/// Everything one hostile server serves.
struct HostileScript: Sendable {
    /// The group's id as the server writes it (any case); requests match it in any case.
    var groupID: String
    /// The `Group` object of `GET /api/groups` and `POST /api/groups/join`.
    var group: WireJSON
    /// `GET …/changes` serves these one per request, in order, then 304 for good.
    var pages: [FeedPage]
    /// The `changes` of every `POST …/sync` answer.
    var syncChanges: FeedPage
    /// The `User` of `GET /auth/me`.
    var user: WireJSON
}
