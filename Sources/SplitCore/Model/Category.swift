/// An expense category: a name from the trip's own list (``TripCategories``).
///
/// Every trip starts with the six the cloud API knows (``defaults``); people add, rename and
/// remove their own (`split category`). A category is its name as the trip spells it; two
/// names are the same category when they match case-insensitively (``key``).
///
/// Why a struct over a name rather than an enum: a trip's categories are data. The six
/// defaults stay spelled out for the servers that hold only those (the Node server), where a
/// category of the trip's own travels as ``other`` (``isDefault``).
public struct Category: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name as the trip spells it.
    public let rawValue: String

    /// Any name; callers check it with ``NameRules/category(_:)`` where a person typed it.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let meal = Category(rawValue: "Meal")
    public static let transport = Category(rawValue: "Transport")
    public static let tickets = Category(rawValue: "Tickets")
    public static let shopping = Category(rawValue: "Shopping")
    public static let hotel = Category(rawValue: "Hotel")
    public static let other = Category(rawValue: "Other")

    /// The six every trip starts with, in their listing order: the cloud API's categories.
    public static let defaults: [Category] = [.meal, .transport, .tickets, .shopping, .hotel, .other]

    /// Matches one of the six defaults case-insensitively (`meal`, `MEAL` and `Meal` are all
    /// `.meal`); nil for any other name.
    public init?(name: String) {
        let key = Category.key(for: name)
        guard let match = Category.defaults.first(where: { $0.key == key }) else { return nil }
        self = match
    }

    /// One of the six defaults spelled exactly as the cloud API spells it, else nil: what a
    /// server that holds only those may send and be sent.
    public static func builtIn(_ exact: String) -> Category? {
        defaults.first { $0.rawValue == exact }
    }

    /// True for the six defaults, as the cloud API spells them.
    public var isDefault: Bool { Category.builtIn(rawValue) != nil }

    /// The name a server that holds only the six is sent: the category itself when it is one
    /// of them, else ``other`` (the device keeps the real one: ``ServerLimits/held(_:)``).
    public var wireName: String { isDefault ? rawValue : Category.other.rawValue }

    /// The case-folded form names are compared and stored uniquely by (as member names).
    public var key: String { Category.key(for: rawValue) }

    public static func key(for name: String) -> String { name.lowercased() }

    public var description: String { rawValue }

    /// `Meal, Transport, Tickets, Shopping, Hotel, Other`, for error messages.
    public static var acceptedList: String { defaults.map(\.rawValue).joined(separator: ", ") }
}
