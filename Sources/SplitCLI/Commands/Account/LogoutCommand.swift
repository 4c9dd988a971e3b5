import ArgumentParser
import SplitCloud
import SplitCore

/// `split logout`: revokes the token on the server and deletes it here.
struct LogoutCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Revoke the saved token on the server and delete it from this machine.",
        discussion: HelpText.reflow("Example:\n  split logout --server http://127.0.0.1:3012")
    )

    @OptionGroup var account: AccountOptions

    var output: Output { account.output }

    func result() async throws -> LoggedOut {
        let settings = try account.files.settings.load()
        let server = try account.address(settings)
        guard let saved = try account.files.credentials.credential(for: server) else {
            throw CloudError.notLoggedIn(server: server.url)
        }
        let client = account.client(server: server, token: saved.token)
        var revokeFailure: CloudError?
        do {
            try await client.logout()
        } catch .tokenRefused {
            // Already expired or revoked: nothing left to revoke.
        } catch {
            revokeFailure = error
        }
        // The token goes from this machine in any case: that is what logging out asks for.
        try account.files.credentials.remove(for: server)
        if let revokeFailure {
            throw LogoutIncomplete(server: server.url, cause: revokeFailure)
        }
        return LoggedOut(server: server)
    }
}
