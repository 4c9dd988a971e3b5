/// `--map` for `split import FILE --format csv`: which column of an arbitrary CSV (Tricount,
/// Settle Up, a bank's export) holds each thing split needs.
///
/// Written `key=Column,key=Column,…`; a column name may hold commas and spaces, since a piece
/// only ends where the next `key=` starts. Keys: `date`, `amount` and `paid-by` (required),
/// `description`, `currency`, `category` (optional), and exactly one of `shares=Prefix *`
/// (one column per member, `*` standing for the member's name, holding that member's share) or
/// `among=Column` (the names it was for, divided equally, separated by `;` or `,`).
public struct ColumnMap: Sendable, Equatable {
    public static let keys = ["date", "description", "amount", "currency", "paid-by", "shares", "among", "category"]
    static let required = ["date", "amount", "paid-by"]

    /// Column name by key.
    public let columns: [String: String]

    public init(parsing text: String) throws(ImportError) {
        func usage(_ problem: String) -> ImportError {
            ImportError("--map", problem + "; write it as date=Date,amount=Amount,paid-by=Paid by,shares=Impacted to * "
                        + "(keys: \(Self.keys.joined(separator: ", ")))", kind: .usage)
        }
        var pieces: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let key = part.split(separator: "=", maxSplits: 1).first.map { String($0).trimmingSpaces.lowercased() } ?? ""
            if part.contains("="), Self.keys.contains(key) || pieces.isEmpty {
                pieces.append(part)
            } else if !pieces.isEmpty {
                pieces[pieces.count - 1] += "," + part
            } else {
                throw usage("'\(part)' is not key=Column")
            }
        }
        var columns: [String: String] = [:]
        for piece in pieces {
            let halves = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = halves[0].trimmingSpaces.lowercased()
            guard Self.keys.contains(key) else { throw usage("unknown key '\(halves[0].trimmingSpaces)'") }
            let column = halves.count > 1 ? halves[1].trimmingSpaces.trimmingCharacters(in: "\"'") : ""
            guard !column.isEmpty else { throw usage("'\(key)' names no column") }
            guard columns[key] == nil else { throw usage("'\(key)' is given twice") }
            columns[key] = column
        }
        for key in Self.required where columns[key] == nil { throw usage("'\(key)' is missing") }
        switch (columns["shares"], columns["among"]) {
        case (nil, nil): throw usage("give shares=Column * (one column per member) or among=Column (a list of names)")
        case (.some, .some): throw usage("give shares or among, not both")
        case (.some(let shares), nil):
            guard shares.filter({ $0 == "*" }).count == 1 else { throw usage("shares needs one '*' standing for the member's name, as in shares=Impacted to *") }
        default: break
        }
        self.columns = columns
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
