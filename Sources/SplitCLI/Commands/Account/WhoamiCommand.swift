import ArgumentParser
import SplitCloud
import SplitCore

/// `split whoami`: the account of the saved token. Reads the credentials file only, unless
/// `--verify` asks the server (one `/auth/me` request, which the Node server counts as auth).
struct WhoamiCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the account this machine is logged in with.",
        discussion: HelpText.reflow("""
        Examples:
          split whoami
          split whoami --verify      # ask the server whether the token still works
        """)
    )

    @Flag(help: "Ask the server (GET /auth/me) instead of only reading the saved credentials.")
    var verify = false

    @OptionGroup var account: AccountOptions

    var output: Output { account.output }

    func result() async throws -> AccountShown {
        let settings = try account.files.settings.load()
        let server = try account.address(settings)
        let override = account.environment["SPLIT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let saved = try account.files.credentials.credential(for: server)
        guard let token = override ?? saved?.token else { throw CloudError.notLoggedIn(server: server.url) }
        let user: CloudUser
        if let saved, override == nil, !verify {
            user = saved.user
        } else {
            user = try await account.client(server: server, token: token).me()
        }
        return AccountShown(user: user, server: server,
                            lines: ["\(user.displayName) (\(user.login)) on \(server)\(verify ? ", token verified" : "")"])
    }
}
