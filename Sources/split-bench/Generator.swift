import Foundation
import SplitCore

/// Writes a deterministic mix of expenses as JSONL: equal among all, among a subset, exact,
/// shares and percent splits, in JPY with some USD, over 60 days. `multiPayerPercent` of them
/// (spread evenly) have 2 or 3 payers: equal parts (`"paidBy":"M1,M7"`), or in JPY exact
/// parts (`"paidBy":{"M1":300,"M7":150}`). `itemizedPercent` of them (spread evenly) are
/// itemized bills instead: 3 to 6 items, each for one or two members or everyone, with a
/// tax and a tip in percent, and no amount (the bill's total).
enum Generator {
    static func write(members: Int, expenses: Int, multiPayerPercent: Int = 0, itemizedPercent: Int = 0) {
        var random = SplitMix64(seed: 42)
        let names = (1...members).map { "M\($0)" }
        var out = [UInt8]()
        out.reserveCapacity(expenses * 160)
        for index in 0..<expenses {
            let payer = names[Int(random.next() % UInt64(members))]
            let usd = index % 10 == 0
            let amount = usd ? "\(1 + random.next() % 500).\(10 + random.next() % 90)" : String(100 + random.next() % 50_000)
            let day = 1 + index % 28
            var paidBy = "\"\(payer)\""
            if index * multiPayerPercent / 100 != (index + 1) * multiPayerPercent / 100 {
                let payers = Array(names.shuffledPrefix(2 + Int(random.next() % 2), using: &random))
                if usd || index % 2 == 0 {
                    paidBy = "\"" + payers.joined(separator: ",") + "\""
                } else {
                    let total = Int(amount)!
                    var parts = payers.dropLast().map { _ in total / (payers.count + 1) }
                    parts.append(total - parts.reduce(0, +))
                    paidBy = "{" + zip(payers, parts).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
                }
            }
            let itemized = index * itemizedPercent / 100 != (index + 1) * itemizedPercent / 100
            var line = "{\"description\":\"Item \(index)\",\"paidBy\":\(paidBy),"
            if !itemized { line += "\"amount\":\(amount)," }
            line += "\"date\":\"2025-0\(1 + index % 2)-\(day < 10 ? "0" : "")\(day)\""
            if usd { line += ",\"currency\":\"USD\"" }
            let sharers = Array(names.shuffledPrefix(2 + Int(random.next() % 4), using: &random))
            if itemized {
                let items = (0..<(3 + Int(random.next() % 4))).map { item -> String in
                    let price = usd ? "\(1 + random.next() % 60).\(10 + random.next() % 90)" : String(100 + random.next() % 8_000)
                    let among = Array(sharers.shuffledPrefix(Int(random.next() % 3), using: &random))
                    return "{\"name\":\"Dish \(item)\",\"price\":\(price),\"among\":[" + among.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
                }
                line += ",\"among\":[" + sharers.map { "\"\($0)\"" }.joined(separator: ",") + "],"
                line += "\"items\":[" + items.joined(separator: ",") + "],\"tax\":\"8.875%\",\"tip\":\"18%\""
            }
            switch itemized ? 0 : index % 5 {
            case 1:
                line += ",\"among\":[" + sharers.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            case 2 where !usd:
                let total = Int(amount)!
                let first = total / 2
                line += ",\"exact\":{\"\(sharers[0])\":\(first),\"\(sharers[1])\":\(total - first)}"
            case 3:
                line += ",\"shares\":{" + sharers.enumerated().map { "\"\($1)\":\($0 + 1)" }.joined(separator: ",") + "}"
            case 4:
                let percents = sharers.count == 2 ? [60, 40] : [50, 30, 20]
                line += ",\"percent\":{" + zip(sharers, percents).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
            default:
                break
            }
            line += ",\"category\":\"\(["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other"][index % 6])\"}\n"
            out.append(contentsOf: line.utf8)
            if out.count > 1 << 20 {
                FileHandle.standardOutput.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(out))
    }
}

extension Array {
    func shuffledPrefix(_ count: Int, using random: inout SplitMix64) -> ArraySlice<Element> {
        var copy = self
        for index in 0..<Swift.min(count, copy.count) {
            let other = index + Int(random.next() % UInt64(copy.count - index))
            copy.swapAt(index, other)
        }
        return copy.prefix(count)
    }
}
