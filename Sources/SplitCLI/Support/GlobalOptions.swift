import ArgumentParser

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database file. Default: $SPLIT_DB, else $XDG_DATA_HOME/split/split.sqlite.", valueName: "path"),
        completion: .file(extensions: ["sqlite"]))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("Act on this trip (name or id) instead of the current one.", valueName: "name|id"),
            completion: ShellCompletion.trips)
    var trip: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .long, help: "Do not sync a linked trip after a change (also: SPLIT_OFFLINE=1).")
    var offline = false
}
