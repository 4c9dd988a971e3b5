import SplitAPI
import SplitCore

/// `/auth/*`. Only the account commands call these: the Node server locks an IP out after 10
/// auth requests in 15 minutes, counting every one, so ordinary commands reuse the stored token.
extension CloudClient {
    /// `POST /auth/login` with device name `split-cli`.
    public func login(emailOrPhone: String, password: String, deviceID: String?) async throws(CloudError) -> CloudLogin {
        let request = Components.Schemas.LoginRequest(emailOrPhone: emailOrPhone, password: password, deviceId: deviceID,
                                                      deviceName: "split-cli")
        let output: Operations.Login.Output
        do {
            output = try await call("POST /auth/login", authenticated: false, notFound: "the server has no /auth/login") {
                try await $0.login(body: .json(request))
            }
        } catch .refused(status: 401, detail: _) {
            throw .badCredentials(server: server.url)
        }
        switch output {
        case .ok(let ok): return try authAnswer { try ok.body.json }
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: "POST /auth/login", server: server.url)
        default: throw unexpected(output, "POST /auth/login")
        }
    }

    /// `POST /auth/register`.
    public func register(email: String?, phone: String?, password: String, displayName: String)
        async throws(CloudError) -> CloudLogin {
        let request = Components.Schemas.RegisterRequest(email: email, phone: phone, password: password,
                                                         displayName: displayName)
        let output: Operations.Register.Output
        do {
            output = try await call("POST /auth/register", authenticated: false, notFound: "the server has no /auth/register") {
                try await $0.register(body: .json(request))
            }
        } catch .refused(status: 409, detail: _) {
            throw .refused(status: 409, detail: "an account with this email or phone already exists; log in with: "
                           + "split login --server \(server.url)")
        }
        switch output {
        case .created(let created): return try authAnswer { try created.body.json }
        case .undocumented(let status, _):
            throw NodeForms.undocumented(status, operation: "POST /auth/register", server: server.url)
        default: throw unexpected(output, "POST /auth/register")
        }
    }

    /// `GET /auth/me`: the token's account.
    public func me() async throws(CloudError) -> CloudUser {
        let output = try await call("GET /auth/me", notFound: "the server has no /auth/me") { try await $0.getMe() }
        switch output {
        case .ok(let ok): return GroupMapping.user(try answer { try ok.body.json.user })
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: "GET /auth/me", server: server.url)
        default: throw unexpected(output, "GET /auth/me")
        }
    }

    /// `POST /auth/logout`: revokes the token on the server.
    public func logout() async throws(CloudError) {
        let output = try await call("POST /auth/logout", notFound: "the server has no /auth/logout") { try await $0.logout() }
        switch output {
        case .ok: return
        case .undocumented(let status, _): throw NodeForms.undocumented(status, operation: "POST /auth/logout", server: server.url)
        default: throw unexpected(output, "POST /auth/logout")
        }
    }

    private nonisolated func authAnswer(_ read: () throws -> Components.Schemas.AuthResponse) throws(CloudError) -> CloudLogin {
        let body = try answer(read)
        guard !body.token.isEmpty else {
            throw .badResponse(server: server.url, detail: "the login answered without a token")
        }
        return CloudLogin(token: body.token, user: GroupMapping.user(body.user))
    }
}
