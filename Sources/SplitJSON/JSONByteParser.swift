/// The engine behind ``JSONParser``: a cursor over contiguous UTF-8 bytes.
///
/// Nesting is tracked on explicit stacks instead of the call stack, so a hostile `[[[[…` line
/// fails cleanly at the depth limit whatever the thread's stack size. Finished values wait on
/// one shared `values` stack and move into their container when it closes, which avoids
/// copy-on-write churn from appending to arrays held inside enum payloads.
struct JSONByteParser {
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Reused for strings with escapes, so each such string does not allocate its own buffer.
    var scratch: [UInt8] = []

    /// An array or object that is open at the cursor.
    private struct Frame {
        let isObject: Bool
        /// Where this container's elements (or member values) start in `values`.
        let valuesStart: Int
        /// Where this object's keys start in `keys`.
        let keysStart: Int
        /// Built only for large objects; small ones check duplicates by a linear scan.
        var keySet: Set<String>?
    }

    private var frames: [Frame] = []
    private var values: [JSONValue] = []
    private var keys: [String] = []

    /// Objects with at least this many keys switch from a linear duplicate scan to a set.
    private static let keySetThreshold = 16

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Room for a typical JSONL record up front, instead of regrowing each stack several times per line.
        frames.reserveCapacity(8)
        values.reserveCapacity(32)
        keys.reserveCapacity(16)
    }

    /// Parses exactly one value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error(
                "unexpected \(describeByte(at: index)) after the JSON value; a document holds exactly one value",
                at: index)
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count, JSONByte.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Parses a value, iteratively descending into arrays and objects.
    private mutating func parseValue() throws(JSONError) -> JSONValue {
        nextValue: while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected a JSON value", at: index)
            }
            var value: JSONValue
            switch bytes[index] {
            case JSONByte.openBrace, JSONByte.openBracket:
                let isObject = bytes[index] == JSONByte.openBrace
                guard frames.count < Self.maximumDepth else {
                    throw error("arrays and objects are nested deeper than \(Self.maximumDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                let close = isObject ? JSONByte.closeBrace : JSONByte.closeBracket
                if index < bytes.count, bytes[index] == close {
                    index += 1
                    value = isObject ? .object([]) : .array([])
                } else {
                    frames.append(Frame(isObject: isObject, valuesStart: values.count, keysStart: keys.count))
                    if isObject { try parseKey(commaOffset: nil) }
                    continue nextValue
                }
            case JSONByte.quote:
                value = .string(try parseString())
            case JSONByte.minus, JSONByte.zero...(JSONByte.zero + 9):
                value = try parseNumber()
            default:
                value = try parseLiteral()
            }
            // Hand the finished value to the open containers, closing each one that ends here.
            while let top = frames.last {
                values.append(value)
                skipWhitespace()
                let closer = top.isObject ? "'}'" : "']'"
                guard index < bytes.count else {
                    throw error("unexpected end of input; expected ',' or \(closer)", at: index)
                }
                let byte = bytes[index]
                if byte == JSONByte.comma {
                    let commaOffset = index
                    index += 1
                    if top.isObject {
                        try parseKey(commaOffset: commaOffset)
                    } else {
                        skipWhitespace()
                        if index < bytes.count, bytes[index] == JSONByte.closeBracket {
                            throw error("trailing comma before ']'; remove it", at: commaOffset)
                        }
                    }
                    continue nextValue
                }
                if top.isObject, byte == JSONByte.closeBrace {
                    index += 1
                    value = closeObject()
                } else if !top.isObject, byte == JSONByte.closeBracket {
                    index += 1
                    value = closeArray()
                } else {
                    let after = top.isObject ? "object member" : "array element"
                    throw error("expected ',' or \(closer) after \(after)", at: index)
                }
            }
            return value
        }
    }

    /// Reads `"key" :` inside an object, refusing duplicates; the cursor ends before the value.
    private mutating func parseKey(commaOffset: Int?) throws(JSONError) {
        skipWhitespace()
        guard index < bytes.count else {
            throw error("unexpected end of input; expected a string key", at: index)
        }
        guard bytes[index] == JSONByte.quote else {
            if let commaOffset, bytes[index] == JSONByte.closeBrace {
                throw error("trailing comma before '}'; remove it", at: commaOffset)
            }
            let expected = commaOffset == nil ? "a string key in double quotes or '}'" : "a string key in double quotes"
            throw error("expected \(expected), found \(describeByte(at: index))", at: index)
        }
        let keyOffset = index
        let key = try parseString()
        try checkUnique(key, at: keyOffset)
        keys.append(key)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == JSONByte.colon else {
            throw error("expected ':' after object key \(JSONValue.string(key).serialized())", at: index)
        }
        index += 1
    }

    private mutating func checkUnique(_ key: String, at offset: Int) throws(JSONError) {
        let top = frames.count - 1
        let start = frames[top].keysStart
        var isDuplicate = false
        if keys.count - start < Self.keySetThreshold {
            for existing in keys[start...] where existing == key {
                isDuplicate = true
                break
            }
        } else {
            if frames[top].keySet == nil { frames[top].keySet = Set(keys[start...]) }
            isDuplicate = !frames[top].keySet!.insert(key).inserted
        }
        if isDuplicate {
            throw error("duplicate key \(JSONValue.string(key).serialized()) in object; each key may appear once", at: offset)
        }
    }

    private mutating func closeArray() -> JSONValue {
        let frame = frames.removeLast()
        let elements = Array(values[frame.valuesStart...])
        values.removeSubrange(frame.valuesStart...)
        return .array(elements)
    }

    private mutating func closeObject() -> JSONValue {
        let frame = frames.removeLast()
        var members: [JSONMember] = []
        members.reserveCapacity(values.count - frame.valuesStart)
        for (key, value) in zip(keys[frame.keysStart...], values[frame.valuesStart...]) {
            members.append(JSONMember(key, value))
        }
        values.removeSubrange(frame.valuesStart...)
        keys.removeSubrange(frame.keysStart...)
        return .object(members)
    }
}
