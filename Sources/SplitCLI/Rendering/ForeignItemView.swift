import SplitCore
import SplitReport
import SplitJSON
import SplitStore

/// How `split conflicts` lists a server item split holds only with a repair, or holds back.
struct ForeignItemView {
    let item: ForeignItem

    /// `expense 7447f42e 'Taxi'`: the kind, the short id, and the description where known.
    var itemText: String {
        let id = item.item.itemID.prefix(8)
        switch item.draft {
        case .expense(let expense)?: return "\(item.item.kindName) \(id) '\(expense.shownDescription)'"
        default: return "\(item.item.kindName) \(id)"
        }
    }

    var line: String { "\(itemText): \(item.reason)" }

    var json: JSONValue {
        .object([
            "trip": .string(item.trip.rawValue), "item": .string(item.item.text), "kind": .string(item.item.kindName),
            "id": .string(item.item.itemID), "state": .string(item.state.rawValue), "reason": .string(item.reason),
            "revision": .int(item.revision), "body": .string(orNull: item.body),
        ])
    }
}
