import Foundation

/// Where the local database lives: `--db`, else `$SPLIT_DB`, else
/// `$XDG_DATA_HOME/split/split.sqlite`, else `~/.local/share/split/split.sqlite`.
enum DatabaseLocation {
    static func resolve(flag: String?, io: CommandIO) -> String {
        let environment = io.environment
        if let flag, !flag.isEmpty { return io.resolve(expand(flag, environment)) }
        if let env = environment["SPLIT_DB"], !env.isEmpty { return io.resolve(expand(env, environment)) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/split/split.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/split/split.sqlite"
    }

    private static func expand(_ path: String, _ environment: [String: String]) -> String {
        if path == "~" || path.hasPrefix("~/") {
            return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
        }
        return path
    }
}
