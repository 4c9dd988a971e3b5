/// Things a reader changed or guessed while reading a file, reported after the import.
///
/// Each repair is one line; unknown categories are counted per name so that a file with a
/// thousand "Groceries" rows says so once.
struct ImportWarnings {
    private(set) var lines: [String] = []
    private var unknownCategories: [String: Int] = [:]
    private var categoryOrder: [String] = []

    mutating func add(_ line: String) { lines.append(line) }

    mutating func unknownCategory(_ name: String) {
        if unknownCategories[name] == nil { categoryOrder.append(name) }
        unknownCategories[name, default: 0] += 1
    }

    /// Every warning, category mappings first.
    var all: [String] {
        categoryOrder.map { name in
            let count = unknownCategories[name] ?? 0
            return "unknown category '\(name)' on \(count) expense\(count == 1 ? "" : "s") mapped to Other"
        } + lines
    }
}
