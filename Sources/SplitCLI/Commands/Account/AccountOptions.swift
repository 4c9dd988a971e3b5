import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitSync
import SplitJSON

/// Options and steps the account commands share: which server, and saving a new token.
struct AccountOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The cloud server, e.g. http://127.0.0.1:3012 (default: $SPLIT_SERVER, else the last one).",
                               valueName: "url"))
    var server: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    var environment: [String: String] { CommandIO.current.environment }
    var files: ConfigFiles { ConfigFiles(environment: environment) }
    var output: Output { Output(json: json) }
    var dependencies: Dependencies { .of(CommandIO.current) }

    func address(_ settings: CloudSettings) throws -> ServerAddress {
        try CloudAccess.server(flag: server, settings: settings, environment: environment)
    }

    /// How this run reaches servers, with `settings` as read.
    func access(_ settings: CloudSettings) -> CloudAccess {
        CloudAccess.make(files: files, settings: settings, environment: environment, dependencies: dependencies, output: output)
    }

    /// A client of `server`: no settings are needed to make one.
    func client(server: ServerAddress, token: String?) -> CloudClient {
        access(CloudSettings()).client(server: server, token: token)
    }

    /// Saves the token for `server` and makes it the server cloud mode uses.
    func save(_ login: CloudLogin, server: ServerAddress, now: Timestamp) throws {
        try files.credentials.save(StoredCredential(token: login.token, user: login.user, savedAt: now.iso8601), for: server)
        try files.settings.update { $0.server = server.url }
    }

    /// Sends preferences set here before and fetches the account's: what `login` and
    /// `register` do once the token is saved. A failure is one line, never a failed login.
    func fetchPreferences() async -> [String] {
        do {
            let report = try await access(try files.settings.load()).preferences(force: true)
            return report?.lines ?? []
        } catch {
            let reason = (error as? UserFacingError)?.message ?? String(describing: error)
            return ["preferences were not fetched (\(reason)); they are at the next split sync"]
        }
    }
}
