import SplitCore

/// Parses the split flags: `--among A,B`, `--exact A=10,B=5`, `--percent A=50,B=50`,
/// `--shares A=2,B=1`. At most one may be given; `--item` (with `--tax`, `--tip`,
/// `--discount`) takes the place of all but `--among`, which then names who shares an item
/// that names nobody.
enum SplitSpecParser {
    static func parse(among: String?, exact: String?, percent: String?, shares: String?, items: [String] = [],
                      tax: String? = nil, tip: String? = nil, discount: String? = nil) throws -> SplitSpec? {
        // Extras alone change the extras of an edited bill, keeping its items (checked by the
        // builder, which knows the expense).
        if !items.isEmpty || tax != nil || tip != nil || discount != nil {
            let clash = [exact.map { _ in "--exact" }, percent.map { _ in "--percent" }, shares.map { _ in "--shares" }].compactMap { $0 }
            guard clash.isEmpty else {
                let flag = items.isEmpty ? ([tax.map { _ in "--tax" }, tip.map { _ in "--tip" }, discount.map { _ in "--discount" }]
                    .compactMap { $0 }.first ?? "--item") : "--item"
                throw CLIError("\(flag) makes an itemized bill, whose items decide each member's share, so it cannot go with "
                               + "\(clash.joined(separator: " or ")); use --among to say who shares the items that name nobody",
                               kind: .data)
            }
            let members = try among.map { try names($0, flag: "--among", example: "--among Alex,Bea") }
            return .items(ItemsSpec(items: try items.map(item), among: members, tax: tax, tip: tip, discount: discount))
        }
        let given = [among.map { ("--among", $0) }, exact.map { ("--exact", $0) },
                     percent.map { ("--percent", $0) }, shares.map { ("--shares", $0) }].compactMap { $0 }
        guard given.count <= 1 else {
            throw CLIError("use only one of --among, --exact, --percent, --shares (got \(given.map(\.0).joined(separator: " and ")))")
        }
        if let among { return .among(try names(among, flag: "--among", example: "--among Alex,Bea")) }
        if let exact { return .exact(try pairs(exact, flag: "--exact", example: "Alex=10,Bea=5")) }
        if let percent { return .percent(try pairs(percent, flag: "--percent", example: "Alex=50,Bea=50")) }
        if let shares { return .shares(try pairs(shares, flag: "--shares", example: "Alex=2,Bea=1")) }
        return nil
    }

    /// `Alex,Bea` as names, none empty.
    private static func names(_ text: String, flag: String, example: String) throws -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard !names.contains(where: \.isEmpty) else {
            throw CLIError("\(flag) expects member names separated by commas, e.g. \(example)")
        }
        return names
    }

    /// `Steak=32`, or `Wine=45:Ana,Ben`: the name up to the first `=`, the price up to the
    /// next `:`, then who shares it.
    static func item(_ text: String) throws -> ItemsSpec.Item {
        let example = "e.g. --item Steak=32 or --item Wine=45:Ana,Ben"
        guard let equals = text.firstIndex(of: "=") else {
            throw CLIError("--item expects NAME=PRICE, optionally :MEMBER,MEMBER..., \(example); got '\(text)'")
        }
        let name = String(text[..<equals]).trimmingSpaces
        let rest = text[text.index(after: equals)...]
        let colon = rest.firstIndex(of: ":")
        let price = String(rest[..<(colon ?? rest.endIndex)]).trimmingSpaces
        guard !name.isEmpty, !price.isEmpty else {
            throw CLIError("--item expects NAME=PRICE, optionally :MEMBER,MEMBER..., \(example); got '\(text)'")
        }
        let members = try colon.map { try names(String(rest[rest.index(after: $0)...]), flag: "--item", example: "--item Wine=45:Ana,Ben") } ?? []
        return ItemsSpec.Item(name: name, price: price, members: members)
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
