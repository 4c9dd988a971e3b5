import SplitCloud
import SplitCore
import SplitStore
import SplitSync

/// Builds the sync engine for a linked trip: its own server (the link's, whatever the mode
/// says) with the token `split login` saved for it, or `SPLIT_TOKEN`. Makes no request.
enum SyncConnector {
    static func engine(for link: TripLink, context: CommandContext) throws -> SyncEngine {
        let clock = context.clock
        return SyncEngine(store: context.syncStore, client: try client(for: link, context: context), clock: { clock.now() })
    }

    /// A client of the server `link` was made on.
    static func client(for link: TripLink, context: CommandContext) throws -> CloudClient {
        let server = try ServerAddress(link.server)
        return CloudConnector.client(server: server, token: try token(for: server, context: context),
                                     ids: context.dependencies.ids, output: context.output,
                                     capabilities: CloudConnector.capabilities(context.files, server: server, clock: context.clock))
    }

    /// `SPLIT_TOKEN`, else the token saved for `server`.
    static func token(for server: ServerAddress, context: CommandContext) throws -> String {
        if let token = context.environment["SPLIT_TOKEN"], !token.isEmpty { return token }
        guard let saved = try context.files.credentials.credential(for: server) else {
            throw CloudError.notLoggedIn(server: server.url)
        }
        return saved.token
    }

    /// The logged-in server and a client for it, with the account id: what linking a trip
    /// needs (`trip create --cloud`, `trip pull`, `join`).
    static func session(_ context: CommandContext) async throws -> (client: CloudClient, account: String) {
        let session = try CloudSession.resume(files: context.files, settings: context.settings, environment: context.environment)
        let client = CloudConnector.client(server: session.server, token: session.token, ids: context.dependencies.ids,
                                           output: context.output)
        if let saved = try context.files.credentials.credential(for: session.server), saved.token == session.token {
            return (client, saved.userID)
        }
        return (client, try await client.me().id)
    }
}
