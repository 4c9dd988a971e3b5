import SplitCore

/// Finds a recurring rule as people name one: its id or an id prefix of ``SplitCore/ItemReference/minimumPrefix`` characters or more (the
/// expenses' rule),
/// or its description, ignoring case (the one rule when a description is shared is refused
/// with the ids to choose from).
enum RecurringReference {
    static func resolve(_ reference: String, in rules: [RecurringRule]) throws -> RecurringRule {
        let typed = reference.trimmingSpaces.lowercased()
        if let prefix = ItemReference.idPrefix(reference), case let byID = rules.filter({ $0.id.rawValue.hasPrefix(prefix) }),
           !byID.isEmpty {
            if byID.count == 1 { return byID[0] }
            throw CLIError.data("'\(reference)' starts the ids of \(byID.count) recurring expenses; give more of the id")
        }
        let named = rules.filter { $0.template.description.lowercased() == typed }
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw CLIError.data("\(named.count) recurring expenses are called '\(reference)'; give one's id: "
                                + named.map(\.id.short).joined(separator: ", "))
        }
        let known = rules.map { "\($0.template.description) (\($0.id.short))" }
        throw CLIError("no recurring expense '\(reference)' in this trip"
                       + (known.isEmpty ? "; add one with: split recurring add DESC AMOUNT --every month"
                                        : " (recurring: " + known.joined(separator: ", ") + ")"), kind: .notFound)
    }
}
