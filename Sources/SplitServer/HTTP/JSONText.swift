import SplitCore
import SplitJSON

/// Small JSON text helpers for responses built without the generated encoder.
enum JSONText {
    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONValue.string(text).write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
