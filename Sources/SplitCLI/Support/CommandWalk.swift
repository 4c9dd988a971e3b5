import ArgumentParser

/// The leading command names of a command line, read as ArgumentParser will: `split --json trip
/// list x` names `trip list`, with `--json` among them and `x` next.
///
/// Shared by ``GlobalArguments`` (which moves the global options behind the names) and
/// ``UsageMessage`` (which names the command a usage error is about, and spots an unknown one).
struct CommandWalk {
    /// The deepest command named.
    let command: any ParsableCommand.Type
    /// The command names, in order, without `split`.
    let path: [String]
    /// The global options met among the names, as typed.
    let globals: [String]
    /// The index of the first argument that is neither a command name nor a global option.
    let next: Int

    init(_ arguments: [String], root: any ParsableCommand.Type = SplitCommand.self) {
        var command = root
        var path: [String] = []
        var globals: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if GlobalArguments.flags.contains(argument) {
                globals.append(argument)
                index += 1
            } else if GlobalArguments.valued.contains(argument), index + 1 < arguments.endIndex {
                globals += [argument, arguments[index + 1]]
                index += 2
            } else if let equals = argument.firstIndex(of: "="), GlobalArguments.valued.contains(String(argument[..<equals])) {
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
        self.command = command
        self.path = path
        self.globals = globals
        self.next = index
    }

    /// `split trip list`, as a person types it.
    var commandLine: String { (["split"] + path).joined(separator: " ") }
}
