import SplitCore

/// Parses the split flags: `--among A,B`, `--exact A=10,B=5`, `--percent A=50,B=50`,
/// `--shares A=2,B=1`. At most one may be given.
enum SplitSpecParser {
    static func parse(among: String?, exact: String?, percent: String?, shares: String?) throws -> SplitSpec? {
        let given = [among.map { ("--among", $0) }, exact.map { ("--exact", $0) },
                     percent.map { ("--percent", $0) }, shares.map { ("--shares", $0) }].compactMap { $0 }
        guard given.count <= 1 else {
            throw CLIError("use only one of --among, --exact, --percent, --shares (got \(given.map(\.0).joined(separator: " and ")))")
        }
        if let among {
            let names = among.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard !names.contains(where: \.isEmpty) else {
                throw CLIError("--among expects member names separated by commas, e.g. --among Alex,Bea")
            }
            return .among(names)
        }
        if let exact { return .exact(try pairs(exact, flag: "--exact", example: "Alex=10,Bea=5")) }
        if let percent { return .percent(try pairs(percent, flag: "--percent", example: "Alex=50,Bea=50")) }
        if let shares { return .shares(try pairs(shares, flag: "--shares", example: "Alex=2,Bea=1")) }
        return nil
    }

    static func pairs(_ text: String, flag: String, example: String) throws -> [NamedValue] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else {
                throw CLIError("\(flag) expects NAME=VALUE pairs separated by commas, e.g. \(flag) \(example); got '\(part)'")
            }
            let name = String(pieces[0]).trimmingSpaces
            let value = String(pieces[1]).trimmingSpaces
            guard !name.isEmpty, !value.isEmpty else {
                throw CLIError("\(flag) expects NAME=VALUE pairs separated by commas, e.g. \(flag) \(example); got '\(part)'")
            }
            return NamedValue(name: name, value: value)
        }
    }
}
