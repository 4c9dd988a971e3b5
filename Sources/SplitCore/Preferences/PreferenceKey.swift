/// A preference that follows the account to every device: one rule for the CLI's
/// `split config`, the local copy and split-server's `/api/preferences`.
///
/// `sync.auto` is not one: whether a device syncs by itself is the device's business.
public enum PreferenceKey: String, CaseIterable, Sendable, Codable, Hashable {
    /// The currency `trip create` uses when `--currency` is not given.
    case defaultCurrency = "default.currency"
    /// The category `add-expense` uses when `--category` is not given.
    case defaultCategory = "default.category"
    /// The account's display name (split-server's `users.display_name`).
    case displayName = "display.name"

    /// The key's name in `/api/preferences` bodies.
    public var wireName: String {
        switch self {
        case .defaultCurrency: return "defaultCurrency"
        case .defaultCategory: return "defaultCategory"
        case .displayName: return "displayName"
        }
    }

    public init?(wireName: String) {
        guard let key = Self.allCases.first(where: { $0.wireName == wireName }) else { return nil }
        self = key
    }

    /// The longest default category: a category name's longest, which split-server's
    /// `user_preferences.default_category` holds too.
    public static let categoryLimit = NameRules.maxLength

    /// Whether the key may be cleared (no default). A display name may not.
    public var clearable: Bool { self != .displayName }

    /// What a value may be, for messages.
    public var accepted: String {
        switch self {
        case .defaultCurrency: return "an ISO 4217 currency code such as EUR or JPY, or none"
        case .defaultCategory:
            return "one of \(Category.acceptedList) or a category of a trip's own (1 to \(Self.categoryLimit) characters, "
                + "one line), or none"
        case .displayName:
            return "\(AccountRules.displayNameMinimum) to \(AccountRules.displayNameLimit) characters on one line"
        }
    }

    /// `default.currency, default.category, display.name`, for messages.
    public static var acceptedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The canonical form of a value (`eur` → `EUR`, `meal` → `Meal`, a name trimmed), or a
    /// one-line refusal naming the key and what it accepts. Nil clears the key.
    public func normalize(_ raw: String?) throws(PreferenceError) -> String? {
        guard let raw else {
            guard clearable else { throw PreferenceError(key: self, value: "", accepted: accepted) }
            return nil
        }
        switch self {
        case .defaultCurrency:
            guard let currency = try? Currency(code: raw.trimmingSpaces) else {
                throw PreferenceError(key: self, value: raw, accepted: accepted)
            }
            return currency.code
        case .defaultCategory:
            // The six as the cloud API spells them; any other name as typed, for the trips
            // that have it as a category of their own (``Preferences/defaultCategory`` is
            // matched against each trip's list where it is used).
            if let category = Category(name: raw.trimmingSpaces) { return category.rawValue }
            guard let name = try? NameRules.category(raw), name.count <= Self.categoryLimit else {
                throw PreferenceError(key: self, value: raw, accepted: accepted)
            }
            return name
        case .displayName:
            let name = raw.trimmingSpaces
            // The same bounds as registration: one account, one rule for its name.
            guard name.count >= AccountRules.displayNameMinimum, name.count <= AccountRules.displayNameLimit,
                  !name.unicodeScalars.contains(where: TextRules.isControl) else {
                throw PreferenceError(key: self, value: raw, accepted: accepted)
            }
            return name
        }
    }
}

/// A value a preference does not take.
public struct PreferenceError: Error, Equatable, Sendable, UserFacingError {
    public let key: PreferenceKey
    public let value: String
    public let accepted: String

    public var message: String {
        "\(key.rawValue) is \(accepted), not '\(TextRules.excerpt(value))'"
    }

    public var kind: FailureKind { .data }
}
