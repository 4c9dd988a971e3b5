/// A trip's categories in listing order, and how a typed name finds one of them.
///
/// Names match case-insensitively (`rent` finds `Rent`), as member names do; an unknown name
/// is refused with the trip's list, so a typo never makes a new category.
public struct TripCategories: Sendable, Equatable {
    public let categories: [Category]

    public init(_ categories: [Category]) { self.categories = categories }

    /// The six every trip starts with.
    public static let defaults = TripCategories(Category.defaults)

    /// The trip's category named `name` (any case), spelled as the trip spells it.
    public func resolve(_ name: String) throws(CategoryError) -> Category {
        let key = Category.key(for: name.trimmingSpaces)
        guard let match = categories.first(where: { $0.key == key }) else {
            throw .unknown(name: name.trimmingSpaces, accepted: categories)
        }
        return match
    }

    public func contains(_ name: String) -> Bool { categories.contains { $0.key == Category.key(for: name) } }

    /// `Meal, Rent, Other`, for messages.
    public var list: String { categories.map(\.rawValue).joined(separator: ", ") }
}

/// A refused category name or change, one line each.
public enum CategoryError: Error, Equatable, Sendable, UserFacingError {
    case unknown(name: String, accepted: [Category])
    case duplicate(String)
    case inUse(name: String, expenses: Int)
    /// Recurring expenses would add instances in a category the trip no longer has.
    case usedByRecurring(name: String, rules: [String])
    /// `Other` is where expenses without a category go and what the Node server is sent for a
    /// category of the trip's own, so it stays.
    case keepsOther(action: String)

    public var message: String {
        switch self {
        case .unknown(let name, let accepted):
            return "unknown category '\(TextRules.excerpt(name))'; this trip's categories are "
                + accepted.map(\.rawValue).joined(separator: ", ") + " (add one with: split category add NAME)"
        case .duplicate(let name):
            return "a category named '\(name)' already exists in this trip (names are case-insensitive)"
        case .inUse(let name, let expenses):
            return "category '\(name)' is used by \(expenses) expense\(expenses == 1 ? "" : "s"); give them another "
                + "category first (split expense edit ID --category NAME), or rename it (split category rename \(name) NEW)"
        case .usedByRecurring(let name, let rules):
            return "category '\(name)' is used by recurring " + rules.map { "'\($0)'" }.joined(separator: ", ")
                + "; give \(rules.count == 1 ? "it" : "them") another category first (split recurring edit \(rules[0]) --category NAME)"
        case .keepsOther(let action):
            return "the category Other cannot be \(action): it is where expenses without a category go"
        }
    }

    public var kind: FailureKind { .data }
}
