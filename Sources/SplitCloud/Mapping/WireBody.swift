import Foundation

/// The JSON text of one item of an answer, for an item kept held: what the server sent,
/// re-encoded from the decoded value with sorted keys (amounts print as the shortest text
/// that reads back as the same number, so `333.33` stays `333.33`).
enum WireBody {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
