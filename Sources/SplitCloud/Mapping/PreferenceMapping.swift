import OpenAPIRuntime
import SplitAPI
import SplitCore

/// Account preferences between the domain and the contract. What the server sends is another
/// program's data: each value goes through ``PreferenceKey/normalize(_:)`` and one that does
/// not pass is dropped (unset), never a failure of the whole answer.
enum PreferenceMapping {
    static func preferences(_ wire: Components.Schemas.AccountPreferences) -> AccountPreferences {
        var values = Preferences()
        let sent: [(PreferenceKey, String?)] = [
            (.displayName, wire.displayName),
            (.defaultCurrency, wire.defaultCurrency.value as? String),
            (.defaultCategory, wire.defaultCategory.value as? String),
        ]
        for (key, raw) in sent {
            guard let raw, let value = try? key.normalize(raw) else { continue }
            values[key] = value
        }
        return AccountPreferences(preferences: values, updatedAt: Timestamp(iso8601: wire.updatedAt))
    }

    /// A PATCH body: each key of `changes`, a nil value as an explicit `null` (clear).
    static func change(_ changes: [PreferenceKey: String?], setAt: Timestamp) -> Components.Schemas.PreferencesChange {
        var body = Components.Schemas.PreferencesChange(setAt: setAt.iso8601)
        for (key, value) in changes {
            // `.some(nil)` is sent as `null`; a key left nil is left out.
            let container: OpenAPIValueContainer = value.map(OpenAPIValueContainer.init(stringLiteral:)) ?? nil
            switch key {
            case .displayName: body.displayName = value
            case .defaultCurrency: body.defaultCurrency = .some(container)
            case .defaultCategory: body.defaultCategory = .some(container)
            }
        }
        return body
    }
}
