import Foundation
import SplitAPI
import SplitCore

extension APIHandler {
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let email = try WireInput.text(body.email, field: "email", limit: AccountRules.emailLimit)?.lowercased()
        let phone = try WireInput.text(body.phone, field: "phone", limit: AccountRules.phoneLimit)
        guard email != nil || phone != nil else { throw APIError.badRequest("give an email or a phone number") }
        if let email, !Self.looksLikeEmail(email) {
            throw APIError.badRequest("email '\(email.prefix(64))' is not an e-mail address (name@domain)")
        }
        if let phone, !phone.allSatisfy({ $0.isNumber || "+- ()".contains($0) }) {
            throw APIError.badRequest("phone may contain only digits, spaces, '+', '-' and parentheses")
        }
        let password = try WireInput.password(body.password)
        guard password.count >= AccountRules.passwordMinimum else {
            throw APIError.badRequest("password must be at least \(AccountRules.passwordMinimum) characters")
        }
        guard password.utf8.count <= AccountRules.passwordMaxBytes else {
            throw APIError.badRequest("password must be at most \(AccountRules.passwordMaxBytes) bytes (bcrypt ignores the rest)")
        }
        let name = try WireInput.name(body.displayName, field: "displayName")
        guard name.count >= AccountRules.displayNameMinimum else {
            throw APIError.badRequest("displayName must be at least \(AccountRules.displayNameMinimum) characters")
        }
        let hash = try await services.passwords.hash(password)
        let (account, token) = try await services.users.register(
            email: email, phone: phone, passwordHash: hash, displayName: name, deviceName: nil)
        return .created(.init(body: .json(.init(user: Self.wire(account), token: token))))
    }

    func login(_ input: Operations.Login.Input) async throws -> Operations.Login.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let login = try WireInput.requiredText(body.emailOrPhone, field: "emailOrPhone", limit: AccountRules.emailLimit)
        let password = try WireInput.password(body.password)
        let deviceName = try WireInput.text(body.deviceName, field: "deviceName", limit: AccountRules.deviceNameLimit)
        let deviceID = try WireInput.text(body.deviceId, field: "deviceId", limit: AccountRules.deviceIDLimit)
        let ip = RequestOrigin.clientIP
        try await services.throttle.check(account: login, ip: ip)
        let account = try await services.users.account(emailOrPhone: login)
        let matches = try await services.passwords.verify(password, hash: account?.passwordHash ?? PasswordHasher.decoy)
        guard let account, matches else {
            try await services.throttle.recordFailure(account: login, ip: ip)
            throw APIError.unauthorized("wrong email/phone or password")
        }
        try await services.throttle.recordSuccess(account: login, ip: ip)
        guard account.isActive else { throw APIError.forbidden("this account is deactivated") }
        let token = try await services.users.login(account, deviceName: deviceName, deviceID: deviceID)
        return .ok(.init(body: .json(.init(user: Self.wire(account), token: token))))
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let user = try await AuthenticatedUser.required()
        guard let account = try await services.users.account(id: user.id) else {
            throw APIError.unauthorized("the account of this token no longer exists")
        }
        return .ok(.init(body: .json(.init(user: Self.wire(account)))))
    }

    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output {
        let user = try await AuthenticatedUser.required()
        try await services.users.revoke(tokenID: user.tokenID)
        return .ok(.init(body: .json(.init(message: "Logged out"))))
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }
}
