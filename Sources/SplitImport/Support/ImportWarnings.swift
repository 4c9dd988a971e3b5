import SplitCore

/// Things a reader changed or guessed while reading a file, reported after the import.
///
/// Each repair is one line; categories are counted per name so that a file with a thousand
/// "Groceries" rows says so once.
struct ImportWarnings {
    private(set) var lines: [String] = []
    private var unknownCategories: [String: Int] = [:]
    private var categoryOrder: [String] = []
    private var kept: [String: Int] = [:]
    private var keptOrder: [String] = []

    mutating func add(_ line: String) { lines.append(line) }

    /// A category name split cannot hold (too long, or with control characters, shown escaped).
    mutating func unknownCategory(_ raw: String) {
        let name = TextRules.escapingControls(TextRules.excerpt(raw))
        if unknownCategories[name] == nil { categoryOrder.append(name) }
        unknownCategories[name, default: 0] += 1
    }

    /// A category of another app kept as one of the trip's own (`Dining Out`), counted by
    /// its name as split compares names (any case).
    mutating func keptCategory(_ name: String) {
        let key = Category.key(for: name)
        if kept[key] == nil { keptOrder.append(name) }
        kept[key, default: 0] += 1
    }

    /// Every warning, the categories the file adds first.
    var all: [String] {
        let mappings = keptOrder.isEmpty ? [] : [
            "categories kept as the trip's own: " + keptOrder.map { name in
                "'\(name)' (\(kept[Category.key(for: name)] ?? 0))"
            }.joined(separator: ", "),
        ]
        return mappings + categoryOrder.map { name in
            let count = unknownCategories[name] ?? 0
            return "unknown category '\(name)' on \(count) expense\(count == 1 ? "" : "s") mapped to Other"
        } + lines
    }
}
