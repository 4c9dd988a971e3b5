import Testing
@testable import SplitJSON
import SplitCore

@Suite("JSON round trips")
struct JSONRoundTripTests {
    @Test(arguments: [
        ("  { \"a\" : 1 , \"b\" : [ true , null ] }  ", #"{"a":1,"b":[true,null]}"#),
        ("[ -0 , 1E+2 , 10.010 , 1e309 ]", "[-0,1E+2,10.010,1e309]"),
        (#"["\u00e9\/\ud83d\ude00"]"#, #"["é/😀"]"#),
        (#""\u0007\u001F\b""#, #""\u0007\u001f\b""#),
        ("{\"z\":{},\"y\":[],\"x\":[{}]}", "{\"z\":{},\"y\":[],\"x\":[{}]}"),
    ])
    func parseThenWriteGivesCanonicalText(_ input: String, _ canonical: String) throws {
        let value = try JSONParser.parse(input)
        #expect(value.serialized() == canonical)
        #expect(try JSONParser.parse(canonical) == value)
    }

    @Test func generatedValuesSurviveBothFormats() throws {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            #expect(try JSONParser.parse(value.serialized()) == value)
            #expect(try JSONParser.parse(value.serialized(pretty: true)) == value)
        }
    }

    private static let pieces: [String] = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "東", "😀", "👨‍👩‍👧", "\r\n",
    ]
    private static let numbers = ["0", "-0", "10.01", "1e309", "-1E-7", "12345678901234567890.123", "7"]

    private static func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let kind = depth >= 4 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<6, using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(numbers.randomElement(using: &generator)!)
        case 3: return .string(randomString(using: &generator))
        case 4:
            let count = Int.random(in: 0..<5, using: &generator)
            return .array((0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            let count = Int.random(in: 0..<5, using: &generator)
            var members: [JSONMember] = []
            for position in 0..<count {
                let key = randomString(using: &generator) + "#\(position)"
                members.append(JSONMember(key, randomValue(depth: depth + 1, using: &generator)))
            }
            return .object(members)
        }
    }

    private static func randomString(using generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0..<6, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
}
