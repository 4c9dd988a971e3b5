/// One-line explanations of JSON decoding failures, naming the field by its path.
enum DecodingMessage {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "field '\(path(context.codingPath))' must be \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "field '\(path(context.codingPath))' must be \(typeName(type)), not null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not valid JSON" }
            return "field '\(path(context.codingPath))' has an invalid value"
        @unknown default:
            return "the body could not be read"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(body)" : text
    }

    static func typeName(_ type: Any.Type) -> String {
        switch "\(type)" {
        case "Bool": return "a boolean (true or false)"
        case "Double", "Float", "Int", "Int64", "Int32": return "a number"
        case "String": return "a string"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            return "an object"
        }
    }
}
