import ArgumentParser

/// Lets the global options (``GlobalOptions``) come before the command too, as with git and gh:
/// `split --json settle` and `split --db F trip list` mean `split settle --json` and
/// `split trip list --db F`.
///
/// ArgumentParser only accepts an option on the command that declares it, and every leaf
/// command declares these, so the options found among the leading command names are moved
/// behind them (before a `--`, if any). Everything else is left exactly as typed.
enum GlobalArguments {
    /// Global options that take a value.
    static let valued: Set<String> = ["--db", "--trip"]
    /// Global flags.
    static let flags: Set<String> = ["--json", "--offline"]

    static func hoisted(_ arguments: [String], root: any ParsableCommand.Type = SplitCommand.self) -> [String] {
        var command = root
        var path: [String] = []
        var globals: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if flags.contains(argument) {
                globals.append(argument)
                index += 1
            } else if valued.contains(argument), index + 1 < arguments.endIndex {
                globals += [argument, arguments[index + 1]]
                index += 2
            } else if let equals = argument.firstIndex(of: "="), valued.contains(String(argument[..<equals])) {
                globals.append(argument)
                index += 1
            } else if let sub = command.configuration.subcommands.first(where: { $0._commandName == argument }) {
                path.append(argument)
                command = sub
                index += 1
            } else {
                break
            }
        }
        guard !globals.isEmpty, !path.isEmpty else { return arguments }
        var rest = Array(arguments[index...])
        rest.insert(contentsOf: globals, at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return path + rest
    }
}
