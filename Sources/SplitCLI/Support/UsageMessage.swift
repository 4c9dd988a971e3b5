import ArgumentParser

/// ArgumentParser's usage errors as one line in split's own style, with a suggestion when a
/// command or option looks mistyped.
///
/// ArgumentParser prints `Error: Unexpected argument 'settel'` and the usage below it; split
/// prints every error as one `split: error: …` line (``SplitProgram``), so the parser's message
/// is kept without its usage and rewritten here:
/// - a word where a command should be is an unknown command, with the nearest one
///   (`unknown command 'settel'; did you mean 'settle'?`), even after a global option, which
///   ArgumentParser would blame instead (`split --json bogus`);
/// - a common guess (`split add`, `expense list`, `report --format pdf`) gets what split calls
///   it (``CommonGuess``);
/// - an unknown option gets the nearest option of its command, when ``Suggestion`` finds it close,
///   or the one option it is the start of (`--paid`: `--paid-by`);
/// - the parser's other messages start lower-case and end by pointing at the command's help.
/// Messages split itself wrote (a `ValidationError`) are already in its style and stay as they are.
enum UsageMessage {
    static func line(for error: any Error, arguments: [String]) -> String {
        let lines = SplitCommand.message(for: error).split(separator: "\n").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        // Only a usage error is the parser's; anything else (an error of no split type) keeps its words.
        guard SplitCommand.exitCode(for: error) == .validationFailure else { return lines.joined(separator: " ") }
        let walk = CommandWalk(arguments)
        if let unknown = unknownCommand(walk, arguments) { return unknown }
        let message = lines.joined(separator: "\n")
        // ArgumentParser's own messages start with a capital; split's never do.
        guard let first = message.first, first.isUppercase else { return lines.joined(separator: "; ") }
        let help = "see '\(walk.commandLine) --help'"
        if let name = quoted(in: message, after: "Unknown option '") {
            if let suggested = quoted(in: message, after: "Did you mean '"),
               Suggestion.nearest(to: name, among: [suggested]) != nil {
                return "unknown option '\(name)'; did you mean '\(suggested)'?"
            }
            if let longer = onlyOption(startingWith: name, of: walk) {
                return "unknown option '\(name)'; did you mean '\(longer)'?"
            }
            return "unknown option '\(name)'; \(help)"
        }
        if let value = quoted(in: message, after: "The value '"), let option = quoted(in: message, after: "is invalid for '"),
           let guess = CommonGuess.value(value, option: String(option.prefix { $0 != " " }), command: walk.path) {
            return guess
        }
        // Its sentences as clauses of one line: "Can't …. / Please use … one of: / bash zsh".
        var sentence = ""
        for line in lines {
            var clause = line.first.map { $0.lowercased() + line.dropFirst() } ?? line
            if clause.hasSuffix(".") { clause.removeLast() }
            sentence += sentence.isEmpty ? clause : (sentence.hasSuffix(":") ? " " : "; ") + clause
        }
        return sentence + "; " + help
    }

    /// The message for a word where a command of `walk.command` should be, or for global
    /// options with no command after them; nil when the walk ended somewhere else.
    private static func unknownCommand(_ walk: CommandWalk, _ arguments: [String]) -> String? {
        let names = walk.command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        guard !names.isEmpty else { return nil }
        let list = "see '\(walk.commandLine) --help' for the commands"
        guard walk.next < arguments.count else {
            return walk.globals.first.map { "a command is missing after '\($0)'; \(list)" }
        }
        let word = arguments[walk.next]
        guard !word.hasPrefix("-"), word != "help" else { return nil }
        let typed = (walk.path + [word]).joined(separator: " ")
        if let meant = CommonGuess.command(word, after: walk.path) {
            return "unknown command '\(typed)'; did you mean '\(meant.joined(separator: " "))'?"
        }
        if let nearest = Suggestion.nearest(to: word, among: names) {
            return "unknown command '\(typed)'; did you mean '\((walk.path + [nearest]).joined(separator: " "))'?"
        }
        return "unknown command '\(typed)'; \(list)"
    }

    /// The one option of the walked command whose name `typed` begins (`--paid`: `--paid-by`),
    /// as people shorten a long name; nil when none or several do.
    private static func onlyOption(startingWith typed: String, of walk: CommandWalk) -> String? {
        guard typed.hasPrefix("--"), typed.count > 3 else { return nil }
        let names = CommandOptions(walk.command).options.flatMap(\.names).filter { $0.hasPrefix(typed) }
        return names.count == 1 ? names[0] : nil
    }

    /// The text between `prefix` and the next `'`.
    private static func quoted(in message: String, after prefix: String) -> String? {
        guard let start = message.range(of: prefix)?.upperBound,
              let end = message[start...].firstIndex(of: "'") else { return nil }
        return String(message[start..<end])
    }
}
