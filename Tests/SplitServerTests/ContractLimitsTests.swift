import Foundation
import SplitCore
import Testing

/// One rule, one place: the contract's text limits are SplitCore's. Every string field that
/// `openapi.yaml` describes in characters carries the `maxLength` (and `minLength`) SplitCore
/// defines for it, and its description says the same number, so the server, the CLI, the
/// store and the fuzzer all hold to one figure.
@Suite("openapi.yaml's limits are SplitCore's")
struct ContractLimitsTests {
    /// The limits SplitCore sets, by the field's name in the contract.
    static let limits: [String: (minimum: Int?, maximum: Int)] = [
        "description": (nil, TextRules.textLimit), "note": (nil, TextRules.textLimit), "reason": (nil, TextRules.textLimit),
        "name": (1, NameRules.maxLength),
        "email": (nil, AccountRules.emailLimit), "emailOrPhone": (1, AccountRules.emailLimit),
        "phone": (nil, AccountRules.phoneLimit), "displayName": (AccountRules.displayNameMinimum, AccountRules.displayNameLimit),
        "deviceId": (nil, AccountRules.deviceIDLimit), "deviceName": (nil, AccountRules.deviceNameLimit),
    ]

    /// `(field, line)` of every string property whose description counts characters.
    static func fields() throws -> [(String, String)] {
        try String(contentsOfFile: ContractStatusTests.specPath(), encoding: .utf8)
            .split(separator: "\n").map(String.init)
            .filter { line in
                line.contains("{ type: string") && line.contains(" characters") && line.contains(where: \.isNumber)
                    && !line.contains("8 characters to")  // the password's bytes: AccountRules, checked by its own tests
            }
            .map { line in (String(line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }), line) }
    }

    static func number(after marker: String, in line: String) -> Int? {
        guard let range = line.range(of: marker) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("every field described in characters has SplitCore's limit as its maxLength, minLength and text")
    func limitsMatch() throws {
        let fields = try Self.fields()
        #expect(fields.count >= 25, "\(fields.map(\.0))")
        for (field, line) in fields {
            guard let limit = Self.limits[field] else {
                Issue.record("\(field) has a length in openapi.yaml but no limit in SplitCore: \(line)")
                continue
            }
            #expect(Self.number(after: "maxLength: ", in: line) == limit.maximum, "\(line)")
            // An answer's name states only the Node column's width: a server may hold less.
            let minimum = line.contains("VARCHAR(100)") ? nil : limit.minimum
            #expect(Self.number(after: "minLength: ", in: line) == minimum, "\(line)")
            let stated = Self.number(after: "At most ", in: line) ?? Self.number(after: "at most ", in: line)
                ?? Self.number(after: " to ", in: line)
            #expect(stated == limit.maximum, "the description states another number: \(line)")
        }
    }

    @Test("the names of answers are at most NameRules.maxLength: the Node server's VARCHAR(100), which the store holds too")
    func answerNames() throws {
        let answers = try Self.fields().filter { $0.1.contains("VARCHAR(100)") }
        #expect(answers.count == 4)
        #expect(answers.allSatisfy { Self.number(after: "maxLength: ", in: $0.1) == NameRules.maxLength })
    }
}
