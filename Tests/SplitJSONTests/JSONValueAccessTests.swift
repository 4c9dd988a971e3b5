import Testing
@testable import SplitJSON

@Suite("JSONValue access and building")
struct JSONValueAccessTests {
    static let record: JSONValue = .object([
        "name": "Dinner",
        "amount": .number("42.50"),
        "paid": true,
        "tags": ["food"],
        "meta": .object(["x": nil]),
        "note": nil,
    ])

    @Test func readsMembersByKey() {
        #expect(Self.record["name"] == .string("Dinner"))
        #expect(Self.record["meta"]?["x"] == .null)
        #expect(Self.record["missing"] == nil)
        #expect(JSONValue.array(["name"])["name"] == nil)
        #expect(JSONValue.string("name")["name"] == nil)
    }

    @Test func readsTypedValuesOnlyFromTheMatchingKind() {
        #expect(Self.record["name"]?.stringValue == "Dinner")
        #expect(Self.record["amount"]?.numberText == "42.50")
        #expect(Self.record["paid"]?.boolValue == true)
        #expect(Self.record["tags"]?.arrayValue == ["food"])
        #expect(Self.record["meta"]?.objectValue == [JSONMember("x", .null)])
        #expect(Self.record["note"]?.isNull == true)

        #expect(Self.record["amount"]?.stringValue == nil)
        #expect(Self.record["name"]?.numberText == nil)
        #expect(Self.record["name"]?.boolValue == nil)
        #expect(Self.record["meta"]?.arrayValue == nil)
        #expect(Self.record["tags"]?.objectValue == nil)
        #expect(Self.record["paid"]?.isNull == false)
    }

    @Test func namesEachKind() {
        let kinds: [JSONValue] = [nil, false, 0, "", [], .object([])]
        #expect(kinds.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
        let got = Self.record["meta"]!.typeName
        #expect("field 'amount' must be a number or string, got \(got)" == "field 'amount' must be a number or string, got object")
    }

    @Test func buildsFromLiteralsAndHelpers() {
        let built: JSONValue = ["a", true, nil, 7, [false]]
        #expect(built == .array([.string("a"), .bool(true), .null, .number("7"), .array([.bool(false)])]))
        #expect(JSONValue.object(["b": 1, "a": 2]) == .object([JSONMember("b", .number("1")), JSONMember("a", .number("2"))]))
        #expect(JSONValue.int(-42) == .number("-42"))
        #expect(JSONValue.int(UInt64.max) == .number("18446744073709551615"))
        #expect(JSONValue.int(Int64.min) == .number("-9223372036854775808"))
        #expect(JSONValue.string(orNull: "x") == .string("x"))
        #expect(JSONValue.string(orNull: nil) == .null)
    }

    @Test func validatesNumberTextOnRequest() {
        #expect(JSONValue.number(validating: "10.01") == .number("10.01"))
        #expect(JSONValue.number(validating: "-0e5") == .number("-0e5"))
        for bad in ["", "01", ".5", "+1", "1.", "NaN", " 1", "1 ", "\"1\"", "[1]", "1,000"] {
            #expect(JSONValue.number(validating: bad) == nil, "\(bad)")
        }
    }
}
