import SplitCloud
import SplitJSON

/// `mode`: local (with the database new trips go to) or cloud (with its server and login).
enum ModeShown: CommandResult {
    case local(database: String)
    case cloud(server: ServerAddress, user: CloudUser?)

    var json: JSONValue {
        switch self {
        case .local(let database):
            .object(["mode": .string("local"), "database": .string(database)])
        case .cloud(let server, let user):
            .object(["mode": .string("cloud"), "server": .string(server.url), "user": user.map { .string($0.login) } ?? .null])
        }
    }

    var lines: [String] {
        switch self {
        case .local(let database):
            ["local (database \(database))"]
        case .cloud(let server, let user):
            ["cloud (server \(server)\(user.map { ", logged in as \($0.displayName) (\($0.login))" } ?? ""))"]
        }
    }
}
