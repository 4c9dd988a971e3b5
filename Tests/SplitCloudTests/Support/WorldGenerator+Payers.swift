import Foundation

/// Several payers as other clients might write split-server's `payers`: mostly absent (one
/// payer, as every client writes), else exact, float parts, parts short of the amount (the
/// documented readings), or parts over the amount, a payer twice, a part of zero or an
/// outsider (held).
extension WorldGenerator {
    /// The `payers` value (nil: absent), whether the documented reading holds it, and the
    /// member ids it names.
    mutating func payersFor(amount: Int64, exponent: Int, payer: String, stable: [String])
        -> (json: WireJSON?, sound: Bool, members: [String]) {
        let others = stable.filter { $0 != payer }
        guard amount >= 3, !others.isEmpty, draw.chance(0.3) else { return (nil, true, []) }
        let people = [payer] + draw.subset(others, count: draw.int(1...min(others.count, 2)))
        let kind = draw.chance(edge) ? draw.pick(["over", "twice", "zero", "outsider"]) : draw.pick(["exact", "float", "short"])
        var parts = equalShares(amount, people.count)
        var named = people
        var texts: [String] = []
        switch kind {
        case "exact":
            texts = parts.map { decimal($0, exponent) }
        case "float":
            let each = String(format: "%.2f", Double(amount) / Double(people.count) / pow(10, Double(exponent)))
            texts = people.map { _ in each }
        case "short":
            parts = parts.map { $0 / 2 }
            texts = parts.map { decimal(max($0, 1), exponent) }
        case "over":
            texts = parts.map { decimal($0 * 2, exponent) }
        case "twice":
            named = [payer, payer]
            texts = [decimal(amount / 2, exponent), decimal(amount - amount / 2, exponent)]
        case "zero":
            texts = parts.map { decimal($0, exponent) }
            texts[texts.count - 1] = "0"
        default:
            named[named.count - 1] = draw.uuid()
            texts = parts.map { decimal($0, exponent) }
        }
        var entries: [WireJSON] = []
        for (member, text) in zip(named, texts) {
            let sentMember = sent(member)
            entries.append(.members([("memberId", .string(sentMember)), ("amount", .number(text))]))
        }
        let sound = kind == "exact" || kind == "short" || (kind == "float" && exponent <= 2)
        return (.array(entries), sound, named)
    }
}
