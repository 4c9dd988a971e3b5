import Foundation

extension GroupWriter {
    /// Replaces the group's categories (`setCategories`); `ifMatch` is the list's revision as
    /// the client last saw it (0: the six every group starts with).
    func setCategories(_ names: [String], ifMatch: Int64?) async throws {
        let categories = CategoryCheck(database: services.database)
        let current = try await categories.list(group, on: connection).revision
        try await check("categories", current: current, expected: ifMatch) {
            try await self.services.feed.categories(group: self.group, in: .all, on: self.connection).map(ChangeItem.categories)
        } missing: { GroupError.notFound(group: self.group) }
        try await categories.set(names, group: group, revision: revision, on: connection)
    }
}
