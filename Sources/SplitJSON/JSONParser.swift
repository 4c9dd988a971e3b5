/// Strict RFC 8259 parsing that keeps every number as its exact literal text.
///
/// Money travels as JSON numbers, so `10.01` must reach the amount parser as the text `"10.01"`,
/// never through `Double`. The parser is strict so that bad input fails loudly with a position
/// instead of being half-understood: no comments, no trailing commas, no `NaN`, no duplicate keys,
/// nesting limited to ``maximumDepth``. A leading UTF-8 byte order mark is skipped, as RFC 8259 §8.1 allows.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"amount": 10.01}"#)
/// value["amount"]?.numberText  // "10.01"
/// ```
public enum JSONParser {
    /// Deepest nesting of arrays and objects accepted; deeper input is refused, not crashed on.
    public static let maximumDepth = JSONByteParser.maximumDepth

    /// Parses one JSON value, with optional whitespace around it, from a string.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONError) in try parse(buffer: bytes) }
        }
        return try result.get()
    }

    /// Parses one JSON value from UTF-8 bytes, such as one line of a JSONL file.
    ///
    /// Invalid UTF-8 inside strings is an error; contiguous collections (`[UInt8]`, `ArraySlice`,
    /// `Substring.UTF8View`) are read in place without copying.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONError) in try parse(buffer: buffer) }
        }
        if let inPlace { return try inPlace.get() }
        let copy = Array(bytes)
        let result = copy.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in try parse(buffer: buffer) }
        }
        return try result.get()
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var parser = JSONByteParser(bytes: buffer)
        return try parser.parseDocument()
    }
}
