import ArgumentParser
import SplitCloud
import SplitCore

/// The token was deleted here but the server could not be told to revoke it.
struct LogoutIncomplete: Error, UserFacingError {
    let server: String
    let cause: CloudError

    var message: String {
        "the token was deleted from this machine but not revoked on \(server): \(cause.message)"
    }

    var kind: FailureKind { cause.kind }
}
