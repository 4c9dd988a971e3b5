import Foundation
import SplitCloud
import SplitCore

/// Builds cloud clients the way every command should: with the standard retry policy, the
/// real clock, idempotency keys from the run's ids, and waits (rate limits) reported on stderr so a long
/// wait is never silent.
enum CloudConnector {
    /// `notice` receives the waits; default: a line on stderr.
    static func client(server: ServerAddress, token: String?, ids: IDGenerator, output: Output,
                       notice: (@Sendable (String) -> Void)? = nil, capabilities: CapabilityCache? = nil) -> CloudClient {
        let transport = CloudTransport(server: server, notice: notice ?? { output.note("split: \($0)") })
        return CloudClient(transport: transport, token: token, ids: ids, capabilities: capabilities)
    }

    /// The server's `/health` answer kept in the config folder for a day (``CapabilityStore``):
    /// what syncs use, so a sync with nothing to do asks only the feed and the preferences.
    static func capabilities(_ files: ConfigFiles, server: ServerAddress, clock: Clock) -> CapabilityCache {
        .file(files.capabilities, server: server, now: clock.now)
    }

    /// The server an account command acts on: `--server`, else `SPLIT_SERVER`, else the saved one.
    static func server(flag: String?, settings: CloudSettings, environment: [String: String]) throws -> ServerAddress {
        if let flag { return try ServerAddress(flag) }
        return try CloudSession.server(settings: settings, environment: environment)
    }
}
