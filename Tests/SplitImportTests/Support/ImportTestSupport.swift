import Foundation
import SplitCore
import SplitImport
@testable import SplitStore

/// A temporary folder with a fresh split database, for reading fixtures and importing them.
struct ImportSandbox {
    let directory: URL
    let backend: LocalBackend
    let database: SplitDatabase

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try SplitDatabase(path: directory.appendingPathComponent("split.sqlite").path)
        backend = LocalBackend(database: database)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Reads `path` and imports it; returns the plan's warnings and the summary.
    @discardableResult
    func importFile(_ path: String, format: ImportFormat? = nil, into: TripID? = nil, dryRun: Bool = false,
                    keepIDs: Bool = false, options: ImportOptions = ImportOptions()) throws -> (plan: ImportPlan, summary: ImportSummary) {
        let (_, plan) = try ImportReader.read(path: path, format: format, options: options)
        let summary = try backend.importPlan(plan, into: into, keepIDs: keepIDs, dryRun: dryRun,
                                             at: Timestamp(millisecondsSince1970: 1_737_360_000_000),
                                             newID: { UUID().uuidString.lowercased() })
        return (plan, summary)
    }

    /// Net per member name and currency code, in minor units, for the trip named `name`.
    func nets(_ name: String) async throws -> [String: [String: Int64]] {
        let trip = try await backend.trip(matching: name)
        let directory = MemberDirectory(try await backend.members(trip: trip.id))
        var result: [String: [String: Int64]] = [:]
        for currency in try await backend.balances(trip: trip.id) {
            for balance in currency.balances {
                result[currency.currency.code, default: [:]][directory.member(id: balance.memberID)?.name ?? "?"] = balance.net
            }
        }
        return result
    }

    /// Member ids of trip `name` by member name.
    func memberIDs(_ name: String) async throws -> [String: MemberID] {
        let trip = try await backend.trip(matching: name)
        return Dictionary(try await backend.members(trip: trip.id).map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// How many rows a table holds.
    func count(_ table: String) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
