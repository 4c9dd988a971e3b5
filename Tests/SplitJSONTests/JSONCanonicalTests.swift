import Testing
@testable import SplitJSON

@Suite("JSONValue.canonical")
struct JSONCanonicalTests {
    @Test("key order and whitespace do not change the canonical bytes, at any depth")
    func orderAndSpaceIgnored() throws {
        let one = try JSONParser.parse(#"{"b":1,"a":{"y":[{"q":true,"p":null}],"x":"é"},"c":[3,1]}"#)
        let two = try JSONParser.parse("""
            { "c": [3, 1],
              "a": { "x": "\\u00e9", "y": [ { "p": null, "q": true } ] },
              "b": 1 }
            """)
        #expect(one != two)
        #expect(one.canonicalBytes == two.canonicalBytes)
        #expect(String(decoding: one.canonicalBytes, as: UTF8.self)
                    == #"{"a":{"x":"é","y":[{"p":null,"q":true}]},"b":1,"c":[3,1]}"#)
    }

    @Test("array order, number text and string content still tell documents apart")
    func meaningKept() throws {
        let base = try JSONParser.parse(#"{"amount":1.50,"splits":[1,2],"name":"A"}"#).canonicalBytes
        for other in [#"{"amount":1.5,"splits":[1,2],"name":"A"}"#, #"{"amount":1.50,"splits":[2,1],"name":"A"}"#,
                      #"{"amount":1.50,"splits":[1,2],"name":"a"}"#] {
            #expect(try JSONParser.parse(other).canonicalBytes != base, "\(other)")
        }
    }

    @Test("keys sort by their UTF-8 bytes: upper case before lower, and by code point beyond ASCII")
    func byteOrder() throws {
        let value = try JSONParser.parse(#"{"é":1,"b":2,"B":3,"":4}"#)
        #expect(String(decoding: value.canonicalBytes, as: UTF8.self) == #"{"":4,"B":3,"b":2,"é":1}"#)
    }
}
