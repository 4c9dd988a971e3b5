import Foundation
import PostgresNIO

/// Accounts and their login tokens.
///
/// A token is 256 random bits, sent to the client once and stored only as its SHA-256 (taken
/// by PostgreSQL), so a database leak yields no usable token. Tokens expire and are revoked
/// on logout.
struct UserRepository: Sendable {
    struct Account: Sendable {
        let id: UUID
        let email: String?
        let phone: String?
        let displayName: String
        let passwordHash: String
        let isActive: Bool
    }

    let database: ServerDatabase
    let tokenLifetimeSeconds: Int
    /// The time of logins, revocations and token expiry.
    let dependencies: ServerDependencies

    /// Creates the account and its first token in one transaction; ``AccountError/alreadyRegistered`` if the e-mail or
    /// phone is taken.
    func register(email: String?, phone: String?, passwordHash: String, displayName: String,
                  deviceName: String?) async throws -> (Account, String) {
        try await database.transaction { connection in
            let taken = try await connection.query("""
                SELECT 1 FROM users WHERE (\(email)::text IS NOT NULL AND lower(email) = lower(\(email)))
                                       OR (\(phone)::text IS NOT NULL AND phone = \(phone))
                """, logger: database.logger)
            for try await _ in taken { throw AccountError.alreadyRegistered }
            let rows = try await connection.query("""
                INSERT INTO users (email, phone, password_hash, display_name)
                VALUES (\(email), \(phone), \(passwordHash), \(displayName))
                RETURNING id, email, phone, display_name, password_hash, is_active
                """, logger: database.logger)
            guard let account = try await Self.accounts(rows).first else { throw AccountError.notCreated }
            let token = try await issueToken(for: account.id, deviceName: deviceName, deviceID: nil, on: connection)
            return (account, token)
        }
    }

    /// The account with this e-mail (case-insensitive) or phone number.
    func account(emailOrPhone: String) async throws -> Account? {
        let rows = try await database.query("""
            SELECT id, email, phone, display_name, password_hash, is_active FROM users
            WHERE lower(email) = lower(\(emailOrPhone)) OR phone = \(emailOrPhone)
            ORDER BY created_at LIMIT 1
            """)
        return try await Self.accounts(rows).first
    }

    func account(id: UUID) async throws -> Account? {
        try await Self.accounts(database.query("""
            SELECT id, email, phone, display_name, password_hash, is_active FROM users WHERE id = \(id)
            """)).first
    }

    /// A new token for a successful login, and the login time recorded.
    func login(_ account: Account, deviceName: String?, deviceID: String?) async throws -> String {
        try await database.transaction { connection in
            try await connection.query("UPDATE users SET last_login_at = \(dependencies.now()) WHERE id = \(account.id)", logger: database.logger)
            return try await issueToken(for: account.id, deviceName: deviceName, deviceID: deviceID, on: connection)
        }
    }

    /// The user of a live token: known, not expired, not revoked, account active.
    func authenticate(token: String) async throws -> AuthenticatedUser? {
        for try await (tokenID, userID, name) in try await database.execute(TokenLookup(token: token, now: dependencies.now())) {
            return AuthenticatedUser(id: userID, tokenID: tokenID, displayName: name)
        }
        return nil
    }

    func revoke(tokenID: UUID) async throws {
        try await database.query("UPDATE auth_tokens SET revoked_at = \(dependencies.now()) WHERE id = \(tokenID) AND revoked_at IS NULL")
    }

    private func issueToken(for user: UUID, deviceName: String?, deviceID: String?,
                            on connection: PostgresConnection) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = "spl_" + Self.base64URL(bytes)
        try await connection.query("""
            INSERT INTO auth_tokens (user_id, token_hash, device_name, device_id, expires_at)
            VALUES (\(user), sha256(convert_to(\(token), 'UTF8')), \(deviceName), \(deviceID),
                    \(dependencies.now().addingTimeInterval(TimeInterval(tokenLifetimeSeconds))))
            """, logger: database.logger)
        return token
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func accounts(_ rows: PostgresRowSequence) async throws -> [Account] {
        var accounts: [Account] = []
        for try await (id, email, phone, name, hash, active) in rows.decode(
            (UUID, String?, String?, String, String, Bool?).self) {
            accounts.append(Account(id: id, email: email, phone: phone, displayName: name, passwordHash: hash,
                                    isActive: active ?? true))
        }
        return accounts
    }
}
