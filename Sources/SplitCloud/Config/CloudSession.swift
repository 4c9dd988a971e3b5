/// The server and token an ordinary cloud command uses: `SPLIT_SERVER`, else the server in
/// `config.json`; `SPLIT_TOKEN`, else the token saved for that server by `split login`.
///
/// Resolving a session reads two small files and makes no request: in particular no `/auth`
/// call, which the Node server counts against a 10-per-15-minutes limit.
public struct CloudSession: Sendable {
    public let server: ServerAddress
    public let token: String

    public init(server: ServerAddress, token: String) {
        self.server = server
        self.token = token
    }

    /// The server cloud mode uses, or ``CloudError/noServer``.
    public static func server(settings: CloudSettings, environment: [String: String]) throws(CloudError) -> ServerAddress {
        if let override = environment["SPLIT_SERVER"], !override.isEmpty { return try ServerAddress(override) }
        guard let saved = settings.server else { throw .noServer }
        return try ServerAddress(saved)
    }

    public static func resume(files: ConfigFiles, settings: CloudSettings, environment: [String: String])
        throws(CloudError) -> CloudSession {
        let server = try server(settings: settings, environment: environment)
        if let token = environment["SPLIT_TOKEN"], !token.isEmpty { return CloudSession(server: server, token: token) }
        guard let saved = try files.credentials.credential(for: server) else { throw .notLoggedIn(server: server.url) }
        return CloudSession(server: server, token: saved.token)
    }
}
