/// A small HTML tokenizer for the tests: the start and end tags of a page with their
/// attribute names, and the raw text of its `<script>` elements, read the way a browser's
/// tokenizer reads them. Enough to see whether any text in the page became an element or an
/// attribute.
struct HTMLScan {
    struct Tag: Hashable {
        let name: String
        let attributes: [String]
        let closing: Bool
    }

    var tags: [Tag] = []
    /// The text of each `<script>` element, up to the first `</script` after it.
    var scripts: [String] = []

    init(_ html: String) {
        let bytes = Array(html.utf8)
        var index = 0
        func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x2F || byte == 0x3E || byte == 0x3D)
        }
        func skipSpace() { while index < bytes.count, [0x20, 0x0A, 0x09, 0x0D, 0x0C].contains(bytes[index]) { index += 1 } }
        func rawText(until end: String) -> String {
            let needle = Array(end.utf8)
            let start = index
            while index < bytes.count {
                if bytes[index] == 0x3C, index + needle.count <= bytes.count,
                   zip(bytes[index..<(index + needle.count)], needle).allSatisfy({ lower($0) == $1 }) { break }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        while index < bytes.count {
            guard bytes[index] == 0x3C else { index += 1; continue }
            index += 1
            if index < bytes.count, bytes[index] == 0x21 {  // <!DOCTYPE or <!-- comment
                while index < bytes.count, bytes[index] != 0x3E { index += 1 }
                continue
            }
            let closing = index < bytes.count && bytes[index] == 0x2F
            if closing { index += 1 }
            guard index < bytes.count, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A else { continue }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index].map(lower), as: UTF8.self)
            var attributes: [String] = []
            while index < bytes.count {
                skipSpace()
                guard index < bytes.count else { break }
                if bytes[index] == 0x3E { index += 1; break }
                if bytes[index] == 0x2F { index += 1; continue }
                let attributeStart = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                if index == attributeStart { index += 1; continue }
                attributes.append(String(decoding: bytes[attributeStart..<index].map(lower), as: UTF8.self))
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x3D else { continue }
                index += 1
                skipSpace()
                guard index < bytes.count else { break }
                if bytes[index] == 0x22 || bytes[index] == 0x27 {
                    let quote = bytes[index]
                    index += 1
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    index += 1
                } else {
                    while index < bytes.count, bytes[index] != 0x3E, ![0x20, 0x0A, 0x09].contains(bytes[index]) { index += 1 }
                }
            }
            tags.append(Tag(name: name, attributes: attributes, closing: closing))
            if !closing, name == "script" { scripts.append(rawText(until: "</script")) }
            if !closing, name == "style" { _ = rawText(until: "</style") }
            if !closing, name == "title", !tags.contains(where: { $0.name == "svg" }) { _ = rawText(until: "</title") }
        }
    }

    /// Every element name that appears.
    var elementNames: Set<String> { Set(tags.map(\.name)) }
    /// Every attribute name that appears on any element.
    var attributeNames: Set<String> { Set(tags.flatMap(\.attributes)) }
}
