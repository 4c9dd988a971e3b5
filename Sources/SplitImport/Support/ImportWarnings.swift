import SplitCore

/// Things a reader changed or guessed while reading a file, reported after the import.
///
/// Each repair is one line; unknown categories are counted per name so that a file with a
/// thousand "Groceries" rows says so once.
struct ImportWarnings {
    private(set) var lines: [String] = []
    private var unknownCategories: [String: Int] = [:]
    private var categoryOrder: [String] = []
    private var mapped: [String: (category: Category, count: Int)] = [:]
    private var mappedOrder: [String] = []

    mutating func add(_ line: String) { lines.append(line) }

    mutating func unknownCategory(_ name: String) {
        if unknownCategories[name] == nil { categoryOrder.append(name) }
        unknownCategories[name, default: 0] += 1
    }

    /// A category of another app taken as one of split's six (`Dining Out` → Meal).
    mutating func mappedCategory(_ name: String, to category: Category) {
        if mapped[name] == nil { mappedOrder.append(name) }
        mapped[name] = (category, (mapped[name]?.count ?? 0) + 1)
    }

    /// Every warning, category mappings first.
    var all: [String] {
        let mappings = mappedOrder.isEmpty ? [] : [
            "categories taken as split's six: " + mappedOrder.map { name in
                let entry = mapped[name]!
                return "'\(name)' → \(entry.category.rawValue) (\(entry.count))"
            }.joined(separator: ", "),
        ]
        return mappings + categoryOrder.map { name in
            let count = unknownCategories[name] ?? 0
            return "unknown category '\(name)' on \(count) expense\(count == 1 ? "" : "s") mapped to Other"
        } + lines
    }
}
