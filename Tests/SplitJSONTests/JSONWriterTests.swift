import Testing
@testable import SplitJSON

@Suite("JSONWriter")
struct JSONWriterTests {
    static let sample: JSONValue = .object([
        "a": 1,
        "b": [true, nil],
        "c": .object(["d": "e", "f": [], "g": .object([:])]),
        "h": [[1, 2], .object(["i": .number("-0.50")])],
    ])

    @Test func writesCompactWithoutSpaces() {
        #expect(JSONValue.object(["a": 1, "b": [true, nil]]).serialized() == #"{"a":1,"b":[true,null]}"#)
        #expect(Self.sample.serialized() == #"{"a":1,"b":[true,null],"c":{"d":"e","f":[],"g":{}},"h":[[1,2],{"i":-0.50}]}"#)
    }

    @Test func writesPrettyWithTwoSpaceIndents() {
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                null
              ],
              "c": {
                "d": "e",
                "f": [],
                "g": {}
              },
              "h": [
                [
                  1,
                  2
                ],
                {
                  "i": -0.50
                }
              ]
            }
            """
        #expect(Self.sample.serialized(pretty: true) == expected)
    }

    @Test func writesScalarsAndEmptyContainersTheSameEitherWay() {
        for value: JSONValue in [nil, true, false, .number("1e309"), "x", [], .object([])] {
            #expect(value.serialized(pretty: true) == value.serialized())
        }
        #expect(JSONValue.array([]).serialized() == "[]")
        #expect(JSONValue.object([]).serialized() == "{}")
    }

    @Test(arguments: ["10.01", "-0", "1e309", "12345678901234567890.123", "1E+2", "0.000"])
    func writesNumbersVerbatim(_ literal: String) {
        #expect(JSONValue.number(literal).serialized() == literal)
        #expect(JSONValue.object(["n": .number(literal)]).serialized(pretty: true) == "{\n  \"n\": \(literal)\n}")
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let value = JSONValue.string("q\"b\\s/n\nt\tr\rb\u{8}f\u{C}\u{0}\u{1}\u{1F}\u{7F} é€😀")
        #expect(value.serialized() == #""q\"b\\s/n\nt\tr\rb\bf\f\u0000\u0001\u001f"# + "\u{7F} é€😀\"")
    }

    @Test func escapesKeysToo() {
        let value = JSONValue.object([JSONMember("a\"b\n", .null)])
        #expect(value.serialized() == #"{"a\"b\n":null}"#)
        #expect(value.serialized(pretty: true) == "{\n  \"a\\\"b\\n\": null\n}")
    }

    @Test func writesUnicodeAsUTF8AndParsesItBack() throws {
        let value: JSONValue = ["東京 🍣", .object(["名前": "Zoë 👨‍👩‍👧", "한국어": "ok"])]
        let text = value.serialized()
        #expect(text == #"["東京 🍣",{"名前":"Zoë 👨‍👩‍👧","한국어":"ok"}]"#)
        #expect(try JSONParser.parse(text) == value)
    }

    @Test func appendsToAnExistingBufferForJSONL() throws {
        var buffer = Array("#\n".utf8)
        for id in 1...3 {
            JSONValue.object(["id": .int(id), "note": "a/b"]).write(to: &buffer)
            buffer.append(JSONByte.lineFeed)
        }
        JSONWriter.write([1], to: &buffer, pretty: true)
        let expected = "#\n{\"id\":1,\"note\":\"a/b\"}\n{\"id\":2,\"note\":\"a/b\"}\n{\"id\":3,\"note\":\"a/b\"}\n[\n  1\n]"
        #expect(String(decoding: buffer, as: UTF8.self) == expected)
    }
}
