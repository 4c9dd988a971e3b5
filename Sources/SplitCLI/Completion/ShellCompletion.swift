import ArgumentParser
import SplitCore
import SplitStore

/// The values completion offers, by asking `split` itself: on TAB the generated scripts run
/// `split ---completion …`, which calls these callbacks (ArgumentParser's custom completion)
/// against the database and trip the typed line names (``CompletionLine``), read-only.
///
/// Categories and currencies are fixed by the domain, so they are written into the script as
/// lists, from the same sets the commands accept.
enum ShellCompletion {
    /// Trip names: `--trip`, `trip use|rename|delete|unlink`, `import --into`.
    static let trips = CompletionKind.custom { words, index, prefix in
        CompletionLine(words, index, prefix).offer { catalog, _ in
            try catalog.completionTripNames().map { CompletionCandidate($0) }
        }
    }

    /// One member of the trip: `pay FROM TO`, `--member`, `member rename|remove|me`.
    static let member = CompletionKind.custom { words, index, prefix in
        CompletionLine(words, index, prefix).offer { catalog, trip in
            try catalog.completionMembers(trip: trip).map { CompletionCandidate($0.name) }
        }
    }

    /// The receiver of `pay FROM TO`: any member but the payer typed just before.
    static let receiver = CompletionKind.custom { words, index, prefix in
        let payer = index > 0 && index - 1 < words.count ? Member.key(for: words[index - 1]) : ""
        return CompletionLine(words, index, prefix).offer { catalog, trip in
            try catalog.completionMembers(trip: trip).filter { Member.key(for: $0.name) != payer }.map { CompletionCandidate($0.name) }
        }
    }

    /// Members as a comma list, `A,B`: `--paid-by`, `--among`.
    static let memberList = CompletionKind.custom { words, index, prefix in
        memberParts(CompletionLine(words, index, prefix), suffix: "")
    }

    /// Members with a part each, `A=10,B=5`: `--exact`, `--percent`, `--shares`. The name is
    /// offered with its `=`; the number is the person's to type.
    static let memberAmounts = CompletionKind.custom { words, index, prefix in
        memberParts(CompletionLine(words, index, prefix), suffix: "=")
    }

    /// Expense ids, each with its description: `expense show|edit|delete`, `mark-paid`.
    static let expenses = CompletionKind.custom { words, index, prefix in
        CompletionLine(words, index, prefix).offer { catalog, trip in
            let expenses = try catalog.completionExpenses(trip: trip)
            let short = shortIDs(expenses.map(\.id.rawValue))
            return expenses.map { CompletionCandidate(short[$0.id.rawValue] ?? $0.id.rawValue, help: $0.description) }
        }
    }

    /// Payment ids, each with who paid whom: `payment show|edit|delete`.
    static let payments = CompletionKind.custom { words, index, prefix in
        CompletionLine(words, index, prefix).offer { catalog, trip in
            let (payments, members) = try catalog.completionPayments(trip: trip)
            let names = MemberDirectory(members)
            let short = shortIDs(payments.map(\.id.rawValue))
            return payments.map { payment in
                CompletionCandidate(short[payment.id.rawValue] ?? payment.id.rawValue, help:
                    "\(names.name(of: payment.from)) → \(names.name(of: payment.to)) \(payment.amount) \(payment.date)")
            }
        }
    }

    /// The trip's categories (`split category list`).
    static let categories = CompletionKind.custom { words, index, prefix in
        CompletionLine(words, index, prefix).offer { catalog, trip in
            try catalog.completionCategories(trip: trip).map { CompletionCandidate($0.rawValue) }
        }
    }

    /// The ISO 4217 codes ``SplitCore/CurrencyTable`` accepts.
    static let currencies = CompletionKind.list(CurrencyTable.exponents.keys.sorted())

    /// The trip's members not yet in the list being typed, each after the list so far and
    /// followed by `suffix`; nothing while an `=amount` is being typed.
    private static func memberParts(_ line: CompletionLine, suffix: String) -> [String] {
        let (head, named, tail) = line.listPrefix
        guard !tail.contains("=") else { return [] }
        return line.offer { catalog, trip in
            try catalog.completionMembers(trip: trip).filter { !named.contains($0.name.lowercased()) }
                .map { CompletionCandidate(head + $0.name + suffix) }
        }
    }

    /// Each id shortened to the fewest characters, 8 or more, that no other id starts with:
    /// what the tables show, and still unique for the command that reads it back.
    static func shortIDs(_ ids: [String]) -> [String: String] {
        let sorted = ids.sorted()
        var short: [String: String] = [:]
        for (position, id) in sorted.enumerated() {
            var length = 8
            for neighbour in [position - 1, position + 1] where sorted.indices.contains(neighbour) {
                length = max(length, commonPrefixLength(id, sorted[neighbour]) + 1)
            }
            short[id] = String(id.prefix(length))
        }
        return short
    }

    private static func commonPrefixLength(_ lhs: String, _ rhs: String) -> Int {
        zip(lhs.utf8, rhs.utf8).prefix { $0 == $1 }.count
    }
}
