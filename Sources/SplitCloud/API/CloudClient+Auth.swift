import SplitCore
import SplitJSON

/// `/auth/*`. Only the account commands call these: the Node server locks an IP out after 10
/// auth requests in 15 minutes, counting every one, so ordinary commands reuse the stored token.
extension CloudClient {
    /// `POST /auth/login` with device name `split-cli`.
    public func login(emailOrPhone: String, password: String, deviceID: String?) async throws(CloudError) -> CloudLogin {
        var fields = [
            JSONMember("emailOrPhone", .string(emailOrPhone)), JSONMember("password", .string(password)),
            JSONMember("deviceName", .string("split-cli")),
        ]
        if let deviceID { fields.append(JSONMember("deviceId", .string(deviceID))) }
        let request = CloudRequest(.post, "/auth/login", body: .object(fields), authenticated: false)
        let response = try await send(request)
        if response.status == 401 { throw .badCredentials(server: server.url) }
        return try await authAnswer(request, response)
    }

    /// `POST /auth/register`.
    public func register(email: String?, phone: String?, password: String, displayName: String)
        async throws(CloudError) -> CloudLogin {
        var fields: [JSONMember] = []
        if let email { fields.append(JSONMember("email", .string(email))) }
        if let phone { fields.append(JSONMember("phone", .string(phone))) }
        fields += [JSONMember("password", .string(password)), JSONMember("displayName", .string(displayName))]
        let request = CloudRequest(.post, "/auth/register", body: .object(fields), authenticated: false)
        let response = try await send(request)
        if response.status == 409 {
            throw .refused(status: 409, detail: "an account with this email or phone already exists; log in with: "
                           + "split login --server \(server.url)")
        }
        return try await authAnswer(request, response)
    }

    /// `GET /auth/me`: the token's account.
    public func me() async throws(CloudError) -> CloudUser {
        let json = try await call(CloudRequest(.get, "/auth/me"), notFound: "the server has no /auth/me")
        do { return try CloudUser(wire: json["user"]) } catch { throw bad(error) }
    }

    /// `POST /auth/logout`: revokes the token on the server.
    public func logout() async throws(CloudError) {
        _ = try await call(CloudRequest(.post, "/auth/logout"), notFound: "the server has no /auth/logout")
    }

    private func authAnswer(_ request: CloudRequest, _ response: CloudResponse) async throws(CloudError) -> CloudLogin {
        guard response.isSuccess else {
            throw .refused(status: response.status, detail: response.errorText)
        }
        guard let json = response.json, let token = json["token"]?.stringValue, !token.isEmpty else {
            throw .badResponse(server: server.url, detail: "\(request) answered without a token")
        }
        do {
            return CloudLogin(token: token, user: try CloudUser(wire: json["user"]))
        } catch {
            throw bad(error)
        }
    }
}
