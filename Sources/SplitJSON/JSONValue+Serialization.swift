/// Convenience entry points to ``JSONWriter`` on the value itself.
extension JSONValue {
    /// This value as JSON text: compact (`{"a":1,"b":[true,null]}`) or pretty with two-space indents.
    public func serialized(pretty: Bool = false) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(128)
        JSONWriter.write(self, to: &buffer, pretty: pretty)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends this value's JSON text to `buffer`; see ``JSONWriter/write(_:to:pretty:)``.
    public func write(to buffer: inout [UInt8], pretty: Bool = false) {
        JSONWriter.write(self, to: &buffer, pretty: pretty)
    }
}
