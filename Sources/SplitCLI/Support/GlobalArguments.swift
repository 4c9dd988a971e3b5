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
        let walk = CommandWalk(arguments, root: root)
        guard !walk.globals.isEmpty, !walk.path.isEmpty else { return arguments }
        var rest = Array(arguments[walk.next...])
        rest.insert(contentsOf: walk.globals, at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return walk.path + rest
    }
}
