import ArgumentParser

/// Refuses a single-value option given more than once, which ArgumentParser would take
/// silently, keeping the last: `--among Ana --among Beto` would split between Beto alone.
/// Because `--item` repeats, people expect repeats to add up; refusing says how instead:
/// `option --among was given twice (Ana, then Beto); give it once, as one list: --among Ana,Beto`.
///
/// One check for every command, over the raw arguments against the command's own definition
/// (``CommandOptions``): options that repeat (arrays, such as `--item`) and flags pass. Most
/// command lines repeat no option at all, which a look at the words shows without reading any
/// definition, so the check costs nothing on a normal run.
enum RepeatedOptions {
    /// The refusal of `arguments` (global options already moved behind the command names), or
    /// nil when no single-value option repeats.
    static func refusal(_ arguments: [String], root: any ParsableCommand.Type = SplitCommand.self) -> String? {
        let walk = CommandWalk(arguments, root: root)
        let words = arguments[walk.next...].prefix { $0 != "--" }
        guard mayRepeat(words) else { return nil }
        let table = CommandOptions(walk.command)
        var given: [String: [String]] = [:]
        var order: [CommandOptions.Option] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-"), let option = table.option(typed: word), option.takesValue else { continue }
            var value = ""
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                value = String(word[word.index(after: equals)...])
            } else if index < words.endIndex {
                value = words[index]
                index += 1
            }
            if given[option.name] == nil { order.append(option) }
            given[option.name, default: []].append(value)
        }
        guard let repeated = order.first(where: { !$0.isRepeating && given[$0.name, default: []].count > 1 }) else { return nil }
        let values = given[repeated.name, default: []]
        let times = values.count == 2 ? "twice" : "\(values.count) times"
        let shown = values.count == 2 ? "\(values[0]), then \(values[1])" : values.joined(separator: ", ")
        let fix = repeated.takesList
            ? "give it once, as one list: \(repeated.name) \(values.joined(separator: ","))"
            : "give it once"
        return "option \(repeated.name) was given \(times) (\(shown)); \(fix)"
    }

    /// Whether any option word appears twice (`--among` and `--among=B` count as the same).
    private static func mayRepeat(_ words: ArraySlice<String>) -> Bool {
        var seen: Set<Substring> = []
        for word in words where word.hasPrefix("-") && word.count > 1 && !SplitProgram.isNegativeNumber(word) {
            let name = word.hasPrefix("--") ? word.prefix { $0 != "=" } : word[...]
            if !seen.insert(name).inserted { return true }
        }
        return false
    }
}
