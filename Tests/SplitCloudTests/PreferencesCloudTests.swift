import Foundation
import SplitCloud
import SplitCore
import SplitServerQuirks
import Testing

/// The cloud client's account preferences against a real split-server on loopback: values go
/// out canonical, `nil` clears, the later write wins, and what the server holds that split
/// cannot read is dropped, never a failure.
@Suite("cloud client: account preferences against split-server", .serialized)
struct PreferencesCloudTests {
    static func at(_ text: String) throws -> Timestamp { try #require(Timestamp(iso8601: text)) }

    @Test("a new account's preferences: its name, nothing else, and a time")
    func defaults() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let read = try await client.preferences()
            #expect(read.preferences == Preferences([.displayName: "Ann"]))
            #expect(read.updatedAt != nil)
        }
    }

    @Test("update sets canonical values, clears with nil, and answers what the server holds")
    func update() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let set = try await client.updatePreferences([.defaultCurrency: "eur", .defaultCategory: "meal", .displayName: " Annie "],
                                                         setAt: try Self.at("2025-03-01T10:00:00.000Z"))
            #expect(set.preferences == Preferences([.displayName: "Annie", .defaultCurrency: "EUR", .defaultCategory: "Meal"]))
            #expect(set.updatedAt == (try Self.at("2025-03-01T10:00:00.000Z")))
            #expect(try await client.me().displayName == "Annie")

            let cleared = try await client.updatePreferences([.defaultCurrency: nil], setAt: try Self.at("2025-03-01T11:00:00.000Z"))
            #expect(cleared.preferences == Preferences([.displayName: "Annie", .defaultCategory: "Meal"]))
            #expect(try await client.preferences() == cleared)
        }
    }

    @Test("an older change loses: the answer shows the value that won")
    func laterWins() async throws {
        try await CloudTestServer.run { server in
            let phone = try await CloudTestSupport.account(server, clock: ManualClock())
            _ = try await phone.updatePreferences([.defaultCurrency: "JPY"], setAt: try Self.at("2025-03-02T10:00:00.000Z"))
            let laptop = CloudClient(transport: phone.transport, token: phone.token)
            let lost = try await laptop.updatePreferences([.defaultCurrency: "USD", .defaultCategory: "Hotel"],
                                                          setAt: try Self.at("2025-03-01T10:00:00.000Z"))
            #expect(lost.preferences[.defaultCurrency] == "JPY")
            #expect(lost.preferences[.defaultCategory] == "Hotel")
        }
    }

    @Test("a value normalize refuses is refused before anything is sent")
    func invalid() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            let at = try Self.at("2025-03-01T10:00:00.000Z")
            do throws(CloudError) {
                _ = try await client.updatePreferences([.defaultCurrency: "XYZ"], setAt: at)
                Issue.record("an unknown currency was sent")
            } catch {
                guard case .invalid(let message) = error else { throw error }
                #expect(message.contains("not 'XYZ'") && error.kind == .data, "\(message)")
            }
            #expect(try await client.preferences().preferences[.defaultCurrency] == nil)
        }
    }

    @Test("what the server holds that split cannot read is dropped as unset, never a failure")
    func unreadableValues() async throws {
        try await CloudTestServer.run { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            _ = try await client.updatePreferences([.defaultCurrency: "EUR", .defaultCategory: "Meal"],
                                                   setAt: try Self.at("2025-03-01T10:00:00.000Z"))
            _ = try await server.sql("UPDATE user_preferences SET default_currency = 'ZZZ', default_category = 'Fo' || chr(7) || 'od'")
            let read = try await client.preferences()
            #expect(read.preferences == Preferences([.displayName: "Ann"]), "\(read)")
        }
    }

    @Test("a server without preferences (the Node server) is told apart before anything is sent")
    func nodeServer() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let client = try await CloudTestSupport.account(server, clock: ManualClock())
            do throws(CloudError) {
                _ = try await client.preferences()
                Issue.record("preferences were read from a server without them")
            } catch {
                #expect(error.kind == .unavailable && error.message.contains("preferences"), "\(error.message)")
            }
        }
    }
}
