import SplitCore
import SplitJSON

/// A `PATCH /api/preferences` body: the keys it sets, `null` (clear) told apart from left out,
/// and when the client made the change.
///
/// Read from the body as parsed (``ParsedBody``), because the generated type cannot tell a
/// `null` from a key left out, nor see a key it does not know. Every value goes through
/// ``PreferenceKey/normalize(_:)``, the one rule the CLI and the local copy use too, and its
/// message is the 400's.
struct PreferencePatch: Sendable {
    /// The canonical value of each key sent; nil clears the key.
    let changes: [PreferenceKey: String?]
    /// When the client made the change; nil: now.
    let setAt: Timestamp?

    static let keys = "displayName, defaultCurrency and defaultCategory"

    init(_ body: JSONValue) throws(APIError) {
        guard let members = body.objectValue else {
            throw .badRequest("the body must be a JSON object with some of \(Self.keys), not \(body.typeName)")
        }
        var changes: [PreferenceKey: String?] = [:]
        var setAt: Timestamp?
        for member in members {
            if member.key == "setAt" {
                guard let text = member.value.stringValue else {
                    throw .badRequest("setAt must be an ISO 8601 time such as 2025-01-20T09:00:00.000Z, not \(member.value.typeName)")
                }
                setAt = try WireInput.instant(text, field: "setAt")
                continue
            }
            guard let key = PreferenceKey(wireName: member.key) else {
                throw .badRequest("'\(TextRules.excerpt(member.key))' is not a preference; the body takes \(Self.keys), and setAt")
            }
            changes.updateValue(try Self.value(member.value, of: key), forKey: key)
        }
        guard !changes.isEmpty else {
            throw .badRequest("the body must give at least one of \(Self.keys) (and setAt if you like)")
        }
        self.changes = changes
        self.setAt = setAt
    }

    /// The canonical value of one key, or nil to clear it.
    private static func value(_ json: JSONValue, of key: PreferenceKey) throws(APIError) -> String? {
        let raw: String?
        switch json {
        case .string(let text):
            raw = text
        case .null:
            guard key.clearable else {
                throw .badRequest("\(key.wireName) cannot be null: an account always has a name; send \(key.accepted)")
            }
            raw = nil
        default:
            throw .badRequest("\(key.wireName) must be a string\(key.clearable ? " or null" : ""), not \(json.typeName)")
        }
        do {
            return try key.normalize(raw)
        } catch {
            throw .badRequest(error.message)
        }
    }
}
