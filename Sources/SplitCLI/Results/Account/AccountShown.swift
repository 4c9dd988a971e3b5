import SplitCloud
import SplitJSON

/// `login`, `register` and `whoami`: the account and its server, with what the command says
/// of it (and the preference notices a login brought).
struct AccountShown: CommandResult {
    let user: CloudUser
    let server: ServerAddress
    let lines: [String]

    var json: JSONValue {
        .object([
            "server": .string(server.url),
            "user": .object([
                "id": .string(user.id), "displayName": .string(user.displayName),
                "email": .string(orNull: user.email), "phone": .string(orNull: user.phone),
            ]),
        ])
    }
}
