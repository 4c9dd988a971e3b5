import Testing
@testable import SplitJSON

/// One refused input and the exact error it must produce.
struct RefusedJSON: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let expected: JSONError
    init(_ text: String, _ message: String, line: Int = 1, column: Int) {
        self.init(bytes: Array(text.utf8), message, line: line, column: column)
    }
    init(bytes: [UInt8], _ message: String, line: Int = 1, column: Int) {
        self.bytes = bytes
        self.expected = JSONError(message: message, line: line, column: column)
    }
    var testDescription: String { String(decoding: bytes.prefix(40), as: UTF8.self) }
}

@Suite("JSONParser: refused input")
struct JSONParserErrorTests {
    static let structure: [RefusedJSON] = [
        RefusedJSON("", "unexpected end of input; expected a JSON value", column: 1),
        RefusedJSON("  \n ", "unexpected end of input; expected a JSON value", line: 2, column: 2),
        RefusedJSON("[1,2,]", "trailing comma before ']'; remove it", column: 5),
        RefusedJSON(#"{"a":1,}"#, "trailing comma before '}'; remove it", column: 7),
        RefusedJSON(#"{"a":1 , }"#, "trailing comma before '}'; remove it", column: 8),
        RefusedJSON(#"{"a" 1}"#, #"expected ':' after object key "a""#, column: 6),
        RefusedJSON(#"{"a":1 "b":2}"#, "expected ',' or '}' after object member", column: 8),
        RefusedJSON("[1 2]", "expected ',' or ']' after array element", column: 4),
        RefusedJSON("[1}", "expected ',' or ']' after array element", column: 3),
        RefusedJSON(#"{"a":1]"#, "expected ',' or '}' after object member", column: 7),
        RefusedJSON("[1,", "unexpected end of input; expected a JSON value", column: 4),
        RefusedJSON("[1", "unexpected end of input; expected ',' or ']'", column: 3),
        RefusedJSON(#"{"a":1"#, "unexpected end of input; expected ',' or '}'", column: 7),
        RefusedJSON("{", "unexpected end of input; expected a string key", column: 2),
        RefusedJSON(#"{"a":"#, "unexpected end of input; expected a JSON value", column: 6),
        RefusedJSON("{a:1}", "expected a string key in double quotes or '}', found 'a'", column: 2),
        RefusedJSON(#"{"a":1,2:3}"#, "expected a string key in double quotes, found '2'", column: 8),
        RefusedJSON("{'a':1}", #"expected a string key in double quotes or '}', found "'""#, column: 2),
        RefusedJSON(#"{"a":1} x"#, "unexpected 'x' after the JSON value; a document holds exactly one value", column: 9),
        RefusedJSON("1 2", "unexpected '2' after the JSON value; a document holds exactly one value", column: 3),
        RefusedJSON("[]]", "unexpected ']' after the JSON value; a document holds exactly one value", column: 3),
        RefusedJSON("// note\n1", "unexpected '/'; expected a JSON value", column: 1),
        RefusedJSON("[1 /* c */]", "expected ',' or ']' after array element", column: 4),
    ]

    static let literals: [RefusedJSON] = [
        RefusedJSON("01", "leading zeros are not allowed in numbers; write 0 alone or drop the zeros", column: 1),
        RefusedJSON("[-007]", "leading zeros are not allowed in numbers; write 0 alone or drop the zeros", column: 2),
        RefusedJSON(".5", "numbers need a digit before the decimal point; write 0.5, not .5", column: 1),
        RefusedJSON("+1", "numbers cannot start with '+'; remove it", column: 1),
        RefusedJSON("1.", "expected a digit after the decimal point in number", column: 3),
        RefusedJSON("1.e5", "expected a digit after the decimal point in number", column: 3),
        RefusedJSON("1e", "expected a digit in the exponent of number", column: 3),
        RefusedJSON("[1E+]", "expected a digit in the exponent of number", column: 5),
        RefusedJSON("-", "expected a digit after '-' in number", column: 2),
        RefusedJSON("-x", "expected a digit after '-' in number", column: 2),
        RefusedJSON("0x1F", "unexpected 'x' after the JSON value; a document holds exactly one value", column: 2),
        RefusedJSON("NaN", "'NaN' is not valid JSON; JSON has no NaN or Infinity, use a number or null", column: 1),
        RefusedJSON(#"{"x":Infinity}"#, "'Infinity' is not valid JSON; JSON has no NaN or Infinity, use a number or null", column: 6),
        RefusedJSON("[-Infinity]", "'-Infinity' is not valid JSON; JSON has no NaN or Infinity, use a number or null", column: 2),
        RefusedJSON("tru", "invalid literal 'tru'; expected true, false, null, a number, a string, an array or an object", column: 1),
        RefusedJSON("[trueish]", "invalid literal 'trueish'; expected true, false, null, a number, a string, an array or an object", column: 2),
        RefusedJSON("None", "invalid literal 'None'; expected true, false, null, a number, a string, an array or an object", column: 1),
        RefusedJSON("['a']", "strings must be in double quotes, not single quotes", column: 2),
        RefusedJSON("[`a`]", "unexpected '`'; expected a JSON value", column: 2),
        RefusedJSON("[\u{7}]", "unexpected control character U+0007; expected a JSON value", column: 2),
    ]

    static let strings: [RefusedJSON] = [
        RefusedJSON(#""abc"#, "unterminated string; the closing '\"' is missing", column: 1),
        RefusedJSON(#"["ok", "abc\"#, "unterminated string; the closing '\"' is missing", column: 8),
        RefusedJSON(#"["a\n"#, "unterminated string; the closing '\"' is missing", column: 2),
        RefusedJSON(#""\x""#, #"invalid escape '\x' in string; use \" \\ \/ \b \f \n \r \t or \uXXXX"#, column: 2),
        RefusedJSON(#""ab\'""#, #"invalid escape '\'' in string; use \" \\ \/ \b \f \n \r \t or \uXXXX"#, column: 4),
        RefusedJSON(#""\u12""#, #"invalid \u escape in string; expected 4 hex digits, as in \u00E9"#, column: 2),
        RefusedJSON(#""\u12G4""#, #"invalid \u escape in string; expected 4 hex digits, as in \u00E9"#, column: 2),
        RefusedJSON(
            #""\uD83D""#,
            #"lone surrogate \uD83D in string; a high surrogate must be followed by a low surrogate \uDC00-\uDFFF"#,
            column: 2),
        RefusedJSON(
            #""x\ud83d\u0041""#,
            #"lone surrogate \uD83D in string; a high surrogate must be followed by a low surrogate \uDC00-\uDFFF"#,
            column: 3),
        RefusedJSON(
            #""\uDE00""#,
            #"lone surrogate \uDE00 in string; a low surrogate must follow a high surrogate \uD800-\uDBFF"#,
            column: 2),
        RefusedJSON(
            #"["\uDFFF"]"#,
            #"lone surrogate \uDFFF in string; a low surrogate must follow a high surrogate \uD800-\uDBFF"#,
            column: 3),
        RefusedJSON(
            #""\uDBFF\uE000""#,
            #"lone surrogate \uDBFF in string; a high surrogate must be followed by a low surrogate \uDC00-\uDFFF"#,
            column: 2),
        RefusedJSON("\"a\tb\"", #"control character U+0009 in string must be escaped as \t"#, column: 3),
        RefusedJSON("[\"line\nbreak\"]", #"control character U+000A in string must be escaped as \n"#, column: 7),
        RefusedJSON("\"a\\n\u{1}\"", #"control character U+0001 in string must be escaped as \u0001"#, column: 5),
        RefusedJSON(#"{"a":1,"a":2}"#, #"duplicate key "a" in object; each key may appear once"#, column: 8),
        RefusedJSON(#"{"a\n":1,"a\u000a":2}"#, #"duplicate key "a\n" in object; each key may appear once"#, column: 10),
    ]

    static let utf8: [RefusedJSON] = [
        RefusedJSON(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 sequence starting with byte 0xFF in string; the text must be UTF-8 encoded", column: 2),
        // Overlong "/", an encoded surrogate, a truncated sequence, a stray continuation byte.
        RefusedJSON(bytes: [0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 sequence starting with byte 0xC0 in string; the text must be UTF-8 encoded", column: 2),
        RefusedJSON(bytes: [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0xED in string; the text must be UTF-8 encoded", column: 3),
        RefusedJSON(bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 sequence starting with byte 0xE2 in string; the text must be UTF-8 encoded", column: 2),
        RefusedJSON(bytes: [0x22, 0x5C, 0x6E, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0x80 in string; the text must be UTF-8 encoded", column: 4),
        RefusedJSON(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0xF4 in string; the text must be UTF-8 encoded", column: 2),
        RefusedJSON(bytes: [0xFF], "unexpected byte 0xFF; expected a JSON value", column: 1),
        RefusedJSON("[1]é", "unexpected 'é' after the JSON value; a document holds exactly one value", column: 4),
    ]

    @Test(arguments: structure + literals + strings + utf8)
    func refusesWithMessageAndPosition(_ refused: RefusedJSON) {
        #expect(jsonError(refused.bytes) == refused.expected)
    }

    @Test func reportsLineAndColumnOnLaterLines() {
        let text = "{\n  \"a\": 1,\n  \"b\" 2\n}"
        #expect(jsonError(text) == JSONError(message: #"expected ':' after object key "b""#, line: 3, column: 7))
        // CRLF counts as one line break; the column is in bytes, so "é" counts twice.
        #expect(jsonError("[1,\r\n2,]") == JSONError(message: "trailing comma before ']'; remove it", line: 2, column: 2))
        #expect(jsonError("[\"é\", 01]")?.column == 8)
    }

    @Test func describesItselfWithThePosition() {
        let error = jsonError(#"{"a":1 "b":2}"#)
        #expect(error?.description == "line 1, column 8: expected ',' or '}' after object member")
    }

    @Test func stringAndByteInputsReportTheSameError() {
        let text = #"{"amount": 10.01, "amount": 3}"#
        #expect(jsonError(text) == jsonError(Array(text.utf8)))
        #expect(jsonError(text)?.message == #"duplicate key "amount" in object; each key may appear once"#)
    }

    @Test func refusesDuplicatesInLargeObjects() {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let text = "{\(members),\"k3\":0}"
        #expect(jsonError(text) == JSONError(
            message: #"duplicate key "k3" in object; each key may appear once"#, line: 1, column: text.utf8.count - 6))
    }

    @Test func refusesNestingPastTheLimit() {
        let limitMessage = "arrays and objects are nested deeper than 512 levels"
        let justOver = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(jsonError(justOver) == JSONError(message: limitMessage, line: 1, column: 513))
        let emptyObjectJustOver = String(repeating: "[", count: 512) + "{}" + String(repeating: "]", count: 512)
        #expect(jsonError(emptyObjectJustOver) == JSONError(message: limitMessage, line: 1, column: 513))
        // A hostile line must fail cleanly, not overflow the stack.
        let hostile = [UInt8](repeating: JSONByte.openBracket, count: 100_000)
        #expect(jsonError(hostile) == JSONError(message: limitMessage, line: 1, column: 513))
        let hostileObjects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(jsonError(hostileObjects) == JSONError(message: limitMessage, line: 1, column: 512 * 5 + 1))
    }
}
