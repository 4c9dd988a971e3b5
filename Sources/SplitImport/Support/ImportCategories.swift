import SplitCore

/// The category an expense of another app's file gets: its own name, kept as one of the trip's
/// categories (`split category`), so `Rent`, `Groceries` or Spliit's `Dining Out` stay what
/// the group called them instead of being squeezed into split's six.
///
/// One of the six in any case is taken as it is. The names other apps use for "no category"
/// (Splitwise's `General` and `Uncategorized`) become Other. A name split cannot keep (longer
/// than a name may be, or holding control characters: ``NameRules/category(_:)``) becomes Other
/// and is counted in a warning, as is every category the import adds.
enum ImportCategories {
    /// Other apps' names for an expense without a category (lowercased).
    static let uncategorized: Set<String> = ["general", "uncategorized", "uncategorised", "none", "no category"]

    static func category(_ name: String?, warnings: inout ImportWarnings) -> Category {
        guard let name = name?.trimmingSpaces, !name.isEmpty else { return .other }
        if let own = Category(name: name) { return own }
        if uncategorized.contains(name.lowercased()) { return .other }
        guard let kept = try? NameRules.category(name) else {
            warnings.unknownCategory(name)
            return .other
        }
        warnings.keptCategory(kept)
        return Category(rawValue: kept)
    }
}
