import SplitCore

/// Splitwise's category names mapped to split's six. Names not listed become Other with a warning.
enum SplitwiseCategories {
    static let table: [String: Category] = {
        var table: [String: Category] = [:]
        let groups: [(Category, [String])] = [
            (.meal, ["Dining out", "Food and drink", "Groceries", "Liquor", "Food"]),
            (.transport, ["Transportation", "Taxi", "Bus/train", "Car", "Gas/fuel", "Parking", "Plane", "Bicycle", "Transport"]),
            (.hotel, ["Hotel", "Rent", "Mortgage", "Home"]),
            (.tickets, ["Entertainment", "Movies", "Sports", "Games", "Music", "Tickets"]),
            (.shopping, ["Clothing", "Electronics", "Gifts", "Household supplies", "Furniture", "Shopping", "Pets"]),
            (.other, ["General", "Other", "Uncategorized", "Utilities", "Insurance", "Life", "Medical expenses", "Taxes",
                      "Education", "Childcare", "Services", "Cleaning", "Maintenance", "Electricity", "Heat/gas",
                      "Water", "TV/Phone/Internet", "Trash"]),
        ]
        for (category, names) in groups {
            for name in names { table[name.lowercased()] = category }
        }
        return table
    }()

    static func category(_ name: String, warnings: inout ImportWarnings) -> Category {
        let trimmed = name.trimmingSpaces
        if trimmed.isEmpty { return .other }
        if let known = table[trimmed.lowercased()] { return known }
        return ImportValues.category(trimmed, warnings: &warnings)
    }
}
