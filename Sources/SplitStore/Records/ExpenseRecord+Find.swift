import GRDB
import SplitCore

/// Finding the expense a person names, for the backend's commands and the writer's own reads.
extension ExpenseRecord {
    /// The expense `reference` names: its id, a unique id prefix (``SplitCore/ItemReference``),
    /// or its whole description, ignoring case and accents, when one live expense has it.
    ///
    /// A prefix and a description are both tried, and the union must be one expense: `cafe`
    /// is hex, so in a big trip it may well start some id, and picking that one over the
    /// expense described "Café" would change the wrong expense. A whole id is taken at once.
    /// Deleted expenses (`includeDeleted`, for the writer's own reads) are found by id only.
    static func find(_ db: Database, _ reference: String, trip: TripID, includeDeleted: Bool = false) throws -> Expense {
        let prefix = ItemReference.idPrefix(reference)
        var ids = try prefix.map {
            try Self.ids(trip, prefix: $0, includeDeleted: includeDeleted, limit: ItemReference.listed + 1).fetchAll(db)
        } ?? []
        // The descriptions the reference only begins, to suggest one when nothing matches.
        var begun: Set<String> = []
        if let prefix, let whole = ids.first(where: { $0.lowercased() == prefix }) {
            ids = [whole]
        } else if !includeDeleted {
            let folded = ItemReference.folded(reference)
            let rows = try Row.fetchCursor(db, descriptions(trip))
            while let row = try rows.next() {
                let stored = StoredRow(row, table: databaseTableName)
                let description = try stored.text(Columns.description)
                switch ItemReference.match(description, folded: folded) {
                case .whole:
                    let id = try stored.text(Columns.id)
                    if !ids.contains(id) { ids.append(id) }
                case .start:
                    if begun.count < 2 { begun.insert(description) }
                case nil:
                    break
                }
            }
        }
        let found = try ids.prefix(ItemReference.listed).map { id in
            guard let expense = try ExpenseListing.expense(db, ExpenseID(id), trip: trip, includeDeleted: includeDeleted) else {
                throw StoreError.notFound("expense \(id) vanished")
            }
            return expense
        }
        guard let expense = found.first else {
            throw try unknownExpense(db, reference, prefix: prefix, trip: trip, begun: begun.count == 1 ? begun.first : nil)
        }
        guard ids.count == 1 else {
            throw ResolutionError.ambiguousItem(what: "expense", reference: reference,
                                                candidates: ItemReference.list(found.map(ItemReference.candidate), total: ids.count))
        }
        return expense
    }

    /// Why no expense is named `reference`: it is a payment's id, its prefix is too short, or
    /// nothing matches. `begun`: the one description the reference begins, to suggest.
    private static func unknownExpense(_ db: Database, _ reference: String, prefix: String?, trip: TripID,
                                       begun: String?) throws -> any Error {
        let list = begun.map { "did you mean '\($0)'?" } ?? "list them with: split expenses"
        guard let prefix else {
            return StoreError.notFound("no expense is described '\(reference)', and an id prefix needs at least "
                + "\(ItemReference.minimumPrefix) characters; \(list)")
        }
        if try !PaymentRecord.ids(trip, prefix: prefix, limit: 1).fetchAll(db).isEmpty {
            return StoreError.notFound("'\(reference)' is a payment, not an expense; see it with: split payment show \(reference)")
        }
        return StoreError.notFound("no expense with id or description '\(reference)' in this trip; \(list)")
    }
}
