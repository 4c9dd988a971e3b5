import PropertyBased
import Testing
@testable import SplitCore

/// Dates and instants as text: `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SS.sssZ`, written as bytes
/// (``CivilDate/appendText(to:)``, ``Timestamp/appendISO8601(to:)``) and read back.
@Suite struct TimeTextTests {
    @Test("examples: the epoch, either side of it, the first and last years, padding")
    func examples() {
        #expect(Timestamp(millisecondsSince1970: 0).iso8601 == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(millisecondsSince1970: 1_737_365_400_007).iso8601 == "2025-01-20T09:30:00.007Z")
        #expect(CivilDate(year: 1, month: 2, day: 3)?.description == "0001-02-03")
        #expect(CivilDate(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
        let last = Timestamp(millisecondsSince1970: CivilDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch * 86_400_000 + 86_399_999)
        #expect(last.iso8601 == "9999-12-31T23:59:59.999Z")
        var bytes = Array("[".utf8)
        CivilDate(year: 2025, month: 1, day: 5)!.appendText(to: &bytes)
        Timestamp(millisecondsSince1970: 0).appendISO8601(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[2025-01-051970-01-01T00:00:00.000Z", "appends after what is there")
    }

    @Test("readings: exact forms only; a fraction of one to nine digits; impossible dates refused")
    func readings() {
        #expect(CivilDate(parsing: "2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
        for bad in ["2025-02-29", "2025-1-05", "2025/01/05", "2025-01-05 ", "", "0000-01-01", "２０２５-01-05"] {
            #expect(CivilDate(parsing: bad) == nil, "\(bad)")
        }
        #expect(Timestamp(iso8601: "2025-01-20T09:30:00Z")?.millisecondsSince1970 == 1_737_365_400_000)
        #expect(Timestamp(iso8601: "2025-01-20T09:30:00.5Z")?.millisecondsSince1970 == 1_737_365_400_500)
        #expect(Timestamp(iso8601: "2025-01-20T09:30:00.123456789Z")?.millisecondsSince1970 == 1_737_365_400_123)
        for bad in ["2025-01-20T09:30:00", "2025-01-20 09:30:00Z", "2025-01-20T24:00:00Z", "2025-01-20T09:30:00.Z",
                    "2025-01-20T09:30:00.1234567890Z", "2025-02-30T09:30:00Z"] {
            #expect(Timestamp(iso8601: bad) == nil, "\(bad)")
        }
    }

    /// Every field is written zero-padded to its width, as plain padding of the field would,
    /// and the text reads back as the same instant.
    @Test func instantsReadBackExactly() async {
        let first = CivilDate(year: 1, month: 1, day: 1)!.daysSinceEpoch * 86_400_000
        let last = CivilDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch * 86_400_000 + 86_399_999
        await propertyCheck(count: 3_000, input: Gen.int64(in: first...last)) { ms in
            let instant = Timestamp(millisecondsSince1970: ms)
            let text = instant.iso8601
            #expect(Timestamp(iso8601: text) == instant, "\(ms) → \(text)")
            let date = instant.utcDate
            func pad(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            #expect(date.description == "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))")
            #expect(text.hasPrefix(date.description + "T") && text.count == 24 && text.hasSuffix("Z"), "\(text)")
        }
    }
}
