import ArgumentParser
import SplitCloud
import SplitCore

/// `split mode [cloud|local]`: whether `split trip create` links new trips to the logged-in
/// server (cloud) or keeps them on this device only (local), remembered in `config.json`.
/// Every trip lives in the local file either way. Switching makes no request; cloud mode
/// needs a saved token for the server.
struct ModeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mode",
        abstract: "Show or switch whether new trips are linked to a server (cloud) or kept here only (local).",
        discussion: HelpText.reflow("""
        Examples:
          split mode                 # prints the mode and the server
          split mode cloud           # after split login
          split mode local
        """)
    )

    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case cloud, local
    }

    @Argument(help: "cloud or local; leave out to print the current mode.")
    var choice: Choice?

    @OptionGroup var account: AccountOptions

    func run() async throws {
        let files = account.files
        var settings = try files.settings.load()
        switch choice {
        case .cloud:
            let server = try account.address(settings)
            let hasToken = account.environment["SPLIT_TOKEN"].map { !$0.isEmpty } ?? false
            let saved = try files.credentials.credential(for: server)
            guard hasToken || saved != nil else {
                throw CloudError.notLoggedIn(server: server.url)
            }
            settings.mode = .cloud
            settings.server = server.url
            try files.settings.save(settings)
        case .local:
            settings.mode = .local
            try files.settings.save(settings)
        case nil:
            break
        }
        try report(settings)
    }

    private func report(_ settings: CloudSettings) throws {
        let output = account.output
        guard settings.mode == .cloud else {
            let database = DatabaseLocation.resolve(flag: nil, io: CommandIO.current)
            if output.json {
                output.emit(.object(["mode": .string("local"), "database": .string(database)]))
            } else {
                output.line("local (database \(database))")
            }
            return
        }
        let server = try CloudSession.server(settings: settings, environment: account.environment)
        let user = try account.files.credentials.credential(for: server)?.user
        if output.json {
            output.emit(.object([
                "mode": .string("cloud"), "server": .string(server.url),
                "user": user.map { .string($0.login) } ?? .null,
            ]))
        } else {
            output.line("cloud (server \(server)\(user.map { ", logged in as \($0.displayName) (\($0.login))" } ?? ""))")
        }
    }
}
