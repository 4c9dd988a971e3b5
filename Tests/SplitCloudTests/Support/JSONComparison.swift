import Foundation

/// Command output made comparable across backends: the same data gets different ids locally
/// and on a server, and different creation times, so those are blanked; names, amounts,
/// dates, order and every other key must match.
enum JSONComparison {
    /// With `sortingBy`, arrays of objects are put in the order of that key first, for lists
    /// whose order is not defined (local expenses of one date and one creation time).
    static func normalized(_ text: String, sortingBy key: String? = nil) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return "not JSON: \(text)" }
        let data = try? JSONSerialization.data(withJSONObject: blank(value, sortingBy: key), options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "unserializable"
    }

    private static func blank(_ value: Any, sortingBy sortKey: String?) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, inner) in object {
                copy[key] = key == "id" || key.hasSuffix("Id") || key == "createdAt" ? "<id>" : blank(inner, sortingBy: sortKey)
            }
            return copy
        }
        if var array = value as? [Any] {
            if let sortKey, let objects = array as? [[String: Any]] {
                array = objects.sorted { "\($0[sortKey] ?? "")" < "\($1[sortKey] ?? "")" }
            }
            return array.map { blank($0, sortingBy: sortKey) }
        }
        return value
    }
}
