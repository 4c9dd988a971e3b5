import Testing
@testable import SplitJSON

@Suite("JSONParser: valid input")
struct JSONParserTests {
    @Test func parsesEachKindOfValue() throws {
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("42") == .number("42"))
        #expect(try JSONParser.parse(#""hi""#) == .string("hi"))
        #expect(try JSONParser.parse("[]") == .array([]))
        #expect(try JSONParser.parse("{}") == .object([]))
        #expect(
            try JSONParser.parse(#"{"a":[1,{"b":null}],"c":"d"}"#)
                == .object([
                    JSONMember("a", .array([.number("1"), .object([JSONMember("b", .null)])])),
                    JSONMember("c", .string("d")),
                ]))
    }

    @Test func allowsWhitespaceAroundAndBetweenTokens() throws {
        let value = try JSONParser.parse(" \t\r\n{ \"a\" :\n[ 1 ,\t2 ] , \"b\" : { } , \"c\" : [ ] }\r\n ")
        #expect(value.serialized() == #"{"a":[1,2],"b":{},"c":[]}"#)
    }

    @Test func keepsMembersInDocumentOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.map(\.key) == ["z", "a", "m"])
    }

    @Test(arguments: [
        "0", "-0", "10.01", "1e309", "-1E-7", "12345678901234567890.123", "0.000", "1E+2", "-0.0e-0",
        "100", "0.1", "99999999999999999999999999999999999999",
    ])
    func keepsNumberTextVerbatim(_ literal: String) throws {
        #expect(try JSONParser.parse(literal) == .number(literal))
        let inArray = try JSONParser.parse("[\(literal), \(literal)]")
        #expect(inArray == .array([.number(literal), .number(literal)]))
        #expect(inArray.serialized() == "[\(literal),\(literal)]")
    }

    @Test func decodesEveryEscape() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u00e9\u20AC\uD83D\uDE00\u0000""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{20AC}\u{1F600}\u{0}"))
    }

    @Test func decodesSurrogatePairsAtTheEdges() throws {
        #expect(try JSONParser.parse(#""\uD800\uDC00\udbff\udfff""#) == .string("\u{10000}\u{10FFFF}"))
        #expect(try JSONParser.parse(#""\uD7FF\uE000\uFFFF""#) == .string("\u{D7FF}\u{E000}\u{FFFF}"))
    }

    @Test func decodesEscapesBetweenPlainRuns() throws {
        let value = try JSONParser.parse(#""caf\u00e9 au lait\n, 日本 \"quoted\" end""#)
        #expect(value == .string("café au lait\n, 日本 \"quoted\" end"))
    }

    @Test func keepsRawUnicodeText() throws {
        let text = "Dîner à 東京 🍣👨‍👩‍👧 한국어"
        let value = try JSONParser.parse(#"{"\#(text)":"\#(text)"}"#)
        #expect(value == .object([JSONMember(text, .string(text))]))
        #expect(value.serialized() == #"{"\#(text)":"\#(text)"}"#)
    }

    @Test func parsesFromEveryKindOfByteCollection() throws {
        let text = #"{"amount":10.01,"who":"Zoë"}"#
        let expected = try JSONParser.parse(text)
        let bytes = Array(text.utf8)
        #expect(try JSONParser.parse(bytes) == expected)
        #expect(try JSONParser.parse(([0x20] + bytes + [0x20])[1...bytes.count]) == expected)
        #expect(try JSONParser.parse(Substring("xx" + text).dropFirst(2).utf8) == expected)
        // A lazy map has no contiguous storage, exercising the copying path.
        #expect(try JSONParser.parse(bytes.lazy.map { $0 }) == expected)
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
        #expect(try JSONParser.parse("\u{FEFF}true") == .bool(true))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONParser.parse(arrays).serialized() == arrays)
        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(try JSONParser.parse(objects).serialized() == objects)
    }

    @Test func allowsTheSameKeyInDifferentObjects() throws {
        let value = try JSONParser.parse(#"[{"a":1},{"a":2,"b":{"a":3}}]"#)
        #expect(value.arrayValue?.count == 2)
        #expect(value.arrayValue?[1]["b"]?["a"] == .number("3"))
    }

    @Test func acceptsLargeObjectsWithUniqueKeys() throws {
        let members = (0..<100).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let value = try JSONParser.parse("{\(members)}")
        #expect(value.objectValue?.count == 100)
        #expect(value["k99"] == .number("99"))
    }

    @Test func parsesManyJSONLLinesWithOneParserPerLine() throws {
        let line = #"{"id":"e1","amount":"12.50","split":[{"member":1,"share":0.5}],"note":"caf\u00e9"}"#
        let text = Array(repeating: line, count: 2_000).joined(separator: "\n")
        var count = 0
        for slice in text.utf8.split(separator: JSONByte.lineFeed) {
            let value = try JSONParser.parse(slice)
            #expect(value["note"] == "café")
            count += 1
        }
        #expect(count == 2_000)
    }
}
