/// The expense categories of the cloud API. `other` is the default.
public enum Category: String, CaseIterable, Sendable, Hashable, Codable {
    case meal = "Meal"
    case transport = "Transport"
    case tickets = "Tickets"
    case shopping = "Shopping"
    case hotel = "Hotel"
    case other = "Other"

    /// Matches a category name case-insensitively (`meal`, `MEAL` and `Meal` are all `.meal`).
    public init?(name: String) {
        guard let match = Category.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }

    /// `Meal, Transport, Tickets, Shopping, Hotel, Other`, for error messages.
    public static var acceptedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
