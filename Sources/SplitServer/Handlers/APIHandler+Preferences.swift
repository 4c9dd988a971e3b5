import Foundation
import OpenAPIRuntime
import SplitAPI
import SplitCore

/// The preferences that follow an account (``PreferenceRepository``).
extension APIHandler {
    func getPreferences(_ input: Operations.GetPreferences.Input) async throws -> Operations.GetPreferences.Output {
        let user = try await AuthenticatedUser.required()
        let stored = try await services.preferences.current(user: user.id)
        return .ok(.init(body: .json(.init(preferences: Self.wire(stored)))))
    }

    func updatePreferences(_ input: Operations.UpdatePreferences.Input) async throws -> Operations.UpdatePreferences.Output {
        let user = try await AuthenticatedUser.required()
        // The generated body has been read (types checked); the keys sent, and nulls, are in the parse.
        guard case .json = input.body, let body = ParsedBody.value else {
            throw APIError.badRequest("the body must be JSON sent with Content-Type: application/json")
        }
        let patch = try PreferencePatch(body)
        // A client's clock ahead of the server's cannot win over every later write.
        let now = services.dependencies.now()
        let setAt = patch.setAt.map { Date(timeIntervalSince1970: Double($0.millisecondsSince1970) / 1000) }.map { min($0, now) } ?? now
        let stored = try await services.preferences.update(user: user.id, changes: patch.changes, setAt: setAt)
        return .ok(.init(body: .json(.init(preferences: Self.wire(stored)))))
    }

    static func wire(_ stored: PreferenceRepository.Stored) -> Components.Schemas.AccountPreferences {
        func value(_ key: PreferenceKey) -> OpenAPIValueContainer {
            stored.values[key].map(OpenAPIValueContainer.init(stringLiteral:)) ?? nil
        }
        return .init(displayName: stored.values[.displayName] ?? "", defaultCurrency: value(.defaultCurrency),
                     defaultCategory: value(.defaultCategory), updatedAt: stored.updatedAt)
    }
}
