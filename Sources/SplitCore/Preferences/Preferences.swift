/// The values of every ``PreferenceKey``: nil where none is set.
///
/// Values are kept in their canonical text (``PreferenceKey/normalize(_:)``), so two copies
/// compare equal exactly when a person would call them the same.
public struct Preferences: Equatable, Sendable, Codable {
    public var values: [PreferenceKey: String]

    public init(_ values: [PreferenceKey: String] = [:]) {
        self.values = values
    }

    public subscript(key: PreferenceKey) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The default currency, when one is set and still a known code.
    public var defaultCurrency: Currency? { values[.defaultCurrency].flatMap { try? Currency(code: $0) } }

    /// The default category, when one is set: one of the six, or a name a trip may have as a
    /// category of its own (each trip's list decides where it is used).
    public var defaultCategory: Category? {
        values[.defaultCategory].map { Category(name: $0) ?? Category(rawValue: $0) }
    }

    /// The keys whose values differ between two copies, in key order.
    public func changedKeys(from other: Preferences) -> [PreferenceKey] {
        PreferenceKey.allCases.filter { self[$0] != other[$0] }
    }
}
