import SplitCloud
import SplitJSON

/// `logout`: the token is revoked on the server and gone from this machine.
struct LoggedOut: CommandResult {
    let server: ServerAddress

    var json: JSONValue { .object(["server": .string(server.url), "loggedOut": .bool(true)]) }
    var lines: [String] { ["Logged out of \(server); the token is revoked and deleted."] }
}
