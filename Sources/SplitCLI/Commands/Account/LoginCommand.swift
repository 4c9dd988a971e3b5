import ArgumentParser
import Foundation
import SplitCloud
import SplitCore

/// `split login`: the one command that asks the server for a token. The token is saved and
/// reused by every later command, which never calls `/auth` again (the Node server locks an IP
/// out after 10 auth requests in 15 minutes).
struct LoginCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a cloud server and save the token for later commands.",
        discussion: HelpText.reflow("""
        The password is asked without echo on a terminal, or read from stdin with --password-stdin.
        The token is saved in $XDG_CONFIG_HOME/split/credentials.json (mode 0600), one per server.
        Examples:
          split login --server http://127.0.0.1:3012 --email ann@example.com
          printf '%s' "$PASSWORD" | split login --server https://split.example.com --email ann@example.com --password-stdin
          split mode cloud
        """)
    )

    @Option(help: ArgumentHelp("Email or phone number of the account (asked on a terminal when left out).",
                               valueName: "email"))
    var email: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the password from stdin.")
    var passwordStdin = false

    @OptionGroup var account: AccountOptions

    var output: Output { account.output }

    func result() async throws -> AccountShown {
        let settings = try account.files.settings.load()
        let server = try account.address(settings)
        let login = try SecretReader.line(email, prompt: "Email or phone: ", flag: "--email EMAIL")
        let password = try SecretReader.password(fromStdin: passwordStdin)
        var deviceID = settings.deviceID
        if deviceID == nil {
            let fresh = account.dependencies.ids()
            try account.files.settings.update { $0.deviceID = fresh }
            deviceID = fresh
        }
        let client = account.client(server: server, token: nil)
        let result = try await client.login(emailOrPhone: login, password: password, deviceID: deviceID)
        try account.save(result, server: server, now: account.dependencies.clock.now())
        // The seed plan: a login fetches the preferences (a new device starts with the account's).
        let notices = await account.fetchPreferences()
        var lines = ["Logged in to \(server) as \(result.user.displayName) (\(result.user.login))."]
        if settings.mode == .local {
            lines.append("New trips stay on this device unless created with --cloud; to link them all: split mode cloud")
        }
        return AccountShown(user: result.user, server: server, lines: lines + notices)
    }
}
