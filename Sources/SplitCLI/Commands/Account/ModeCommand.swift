import ArgumentParser
import SplitCloud
import SplitCore

/// `split mode [cloud|local]`: whether `split trip create` links new trips to the logged-in
/// server (cloud) or keeps them on this device only (local), remembered in `config.json`.
/// Every trip lives in the local file either way. Switching makes no request; cloud mode
/// needs a saved token for the server.
struct ModeCommand: AccountCommand {
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

    var output: Output { account.output }

    func result() async throws -> ModeShown {
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
        return try shown(settings)
    }

    private func shown(_ settings: CloudSettings) throws -> ModeShown {
        guard settings.mode == .cloud else {
            return .local(database: DatabaseLocation.resolve(flag: nil, io: CommandIO.current))
        }
        let server = try CloudSession.server(settings: settings, environment: account.environment)
        return .cloud(server: server, user: try account.files.credentials.credential(for: server)?.user)
    }
}
