import HummingbirdBcrypt
import NIOPosix

/// bcrypt on NIO's blocking thread pool: at cost 12 a hash takes about a quarter of a second,
/// which must not stall the event loops or the cooperative pool.
struct PasswordHasher: Sendable {
    let cost: UInt8

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Verifies against `$2a$`, `$2b$` and `$2y$` hashes alike, so the Node server's bcryptjs
    /// hashes keep working after an upgrade.
    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash to verify against when the account does not exist, so that answer takes as long
    /// as a wrong password and does not reveal which e-mails are registered.
    static let decoy = "$2b$12$C6UzMDM.H6dfI/f/IKcEeO5gQjyVMgtIBWb9yuxbVhPT3Y6YKy/hC"
}
