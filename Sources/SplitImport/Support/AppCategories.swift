import SplitCore

/// Other apps' category names mapped to split's six, each mapping noted once per name.
///
/// Spliit's categories are Splitwise's list (`Dining Out`, `Taxi`, grouped under `Food and
/// Drink`, `Transportation`, …) and Cospend's defaults are its own (`Grocery`, `Bar/Party`,
/// `Accommodation`, …). A name that is one of split's own is taken as it is; a known name is
/// mapped and the mapping reported (split has six categories and keeps no others); anything
/// else becomes Other, also reported.
enum AppCategories {
    static let table: [String: Category] = {
        var table = SplitwiseCategories.table
        let more: [(Category, [String])] = [
            (.meal, ["Grocery", "Bar/Party", "Restaurant", "Food and Drink", "Dining Out"]),
            (.hotel, ["Accommodation", "Lodging"]),
            (.tickets, ["Excursion/Culture", "Sport", "Culture", "Leisure"]),
            (.transport, ["Transport", "Transportation"]),
            (.other, ["Bill", "Bills", "Health", "Payment", "Reimbursement"]),
        ]
        for (category, names) in more { for name in names { table[name.lowercased()] = category } }
        return table
    }()

    /// The category for `name` (with `grouping`, Spliit's family of it, as a fallback).
    static func category(_ name: String?, grouping: String? = nil, warnings: inout ImportWarnings) -> Category {
        guard let name = name?.trimmingSpaces, !name.isEmpty else { return .other }
        if let own = Category(name: name) { return own }
        if let known = table[name.lowercased()] ?? grouping.flatMap({ table[$0.trimmingSpaces.lowercased()] }) {
            warnings.mappedCategory(name, to: known)
            return known
        }
        warnings.unknownCategory(name)
        return .other
    }
}
