import NIOCore
@testable import SplitServer
import Testing

/// The rules behind the connection limits, with the time passed in: the deadlines of one
/// connection, the cap's count and its reports, and the client address behind proxies.
@Suite("split-server's connection rules")
struct ConnectionRulesTests {
    static let limits = ConnectionLimits(headerTimeout: .seconds(10), minBodyRate: 100, idleTimeout: .seconds(60), maxConnections: 2)

    static func at(_ seconds: Double) -> NIODeadline { .uptimeNanoseconds(UInt64(seconds * 1e9) + 1_000_000_000) }

    @Test("a request's head must come within the header timeout; a new connection that sends nothing is closed unanswered")
    func headDeadline() {
        var connection = RequestDeadlines(limits: Self.limits, openedAt: Self.at(0))
        #expect(connection.expiry(at: Self.at(9.9)) == .wait(until: Self.at(10)))
        #expect(connection.expiry(at: Self.at(10)) == .close)
        connection.bytesArrived(at: Self.at(5))
        #expect(connection.expiry(at: Self.at(10)) == .answerTimeout, "timed from the connection, answered once begun")
    }

    @Test("a body earns time as it arrives, at the minimum rate, past the header timeout's allowance")
    func bodyDeadline() {
        var connection = RequestDeadlines(limits: Self.limits, openedAt: Self.at(0))
        connection.bytesArrived(at: Self.at(0))
        connection.headRead(at: Self.at(1))
        #expect(connection.deadline == Self.at(11))
        connection.bodyRead(bytes: 500)
        #expect(connection.deadline == Self.at(16))
        #expect(connection.expiry(at: Self.at(16)) == .answerTimeout)
        connection.endRead(at: Self.at(2))
        #expect(connection.deadline == nil, "no deadline while the server works")
        connection.responseHeadWritten()
        connection.responseEndWritten(at: Self.at(100))
        #expect(connection.deadline == Self.at(160), "idle from the end of the answer")
        #expect(connection.expiry(at: Self.at(160)) == .close, "an idle connection is closed unanswered")
        connection.bytesArrived(at: Self.at(120))
        #expect(connection.deadline == Self.at(130), "the next request gets the header timeout from its first byte")
    }

    @Test("no 408 once an answer is on its way")
    func noAnswerMidResponse() {
        var connection = RequestDeadlines(limits: Self.limits, openedAt: Self.at(0))
        connection.bytesArrived(at: Self.at(0))
        connection.headRead(at: Self.at(0))
        connection.responseHeadWritten()
        #expect(connection.expiry(at: Self.at(20)) == .close, "answered early (a 413), body still trickling")
        connection.responseEndWritten(at: Self.at(1))
        #expect(connection.expiry(at: Self.at(20)) == .close)
    }

    @Test("the cap admits up to its limit, refuses past it, and reports refusals once a minute with their count")
    func cap() {
        let cap = ConnectionCap(limit: 2)
        #expect(cap.admit(at: Self.at(0)) == .admitted)
        #expect(cap.admit(at: Self.at(0)) == .admitted)
        #expect(cap.admit(at: Self.at(1)) == .refused(report: 1))
        #expect(cap.admit(at: Self.at(2)) == .refused(report: nil))
        #expect(cap.admit(at: Self.at(30)) == .refused(report: nil))
        #expect(cap.admit(at: Self.at(61)) == .refused(report: 3))
        cap.release()
        #expect(cap.admit(at: Self.at(62)) == .admitted)
        #expect(cap.open == 2)
    }

    @Test("the default cap is 80% of the file limit")
    func defaultCap() {
        #expect(ConnectionLimits.defaultMaxConnections(fileLimit: 20_000) == 16_000)
        #expect(ConnectionLimits.defaultMaxConnections(fileLimit: 1) == 1)
        #expect(ConnectionLimits.defaults.maxConnections < ConnectionLimits.fileLimit())
    }

    @Test("addresses and ranges compare by their bytes")
    func addresses() {
        #expect(IPAddress("::ffff:10.0.0.1") == IPAddress("10.0.0.1"))
        #expect(IPAddress(" [2001:DB8::1]:443 ")?.description == "2001:db8::1")
        #expect(IPAddress("10.0.0.1:5123")?.description == "10.0.0.1")
        #expect(IPAddress("10.0.0") == nil && IPAddress("unknown") == nil && IPAddress("") == nil)
        #expect(IPRange("10.0.0.0/8")!.contains(IPAddress("10.200.3.4")!))
        #expect(!IPRange("10.0.0.0/8")!.contains(IPAddress("11.0.0.1")!))
        #expect(IPRange("192.168.1.0/23")!.contains(IPAddress("192.168.0.9")!))
        #expect(!IPRange("192.168.1.0/24")!.contains(IPAddress("192.168.0.9")!))
        #expect(IPRange("fd00::/8")!.contains(IPAddress("fd12::1")!))
        #expect(!IPRange("0.0.0.0/0")!.contains(IPAddress("::1")!), "families never mix")
        for bad in ["10.0.0.0/33", "fd00::/129", "10.0.0.1:80", "[::1]", "10.0.0.0/", "proxy", "10.0.0.0/-1"] {
            #expect(IPRange(bad) == nil, "\(bad)")
        }
    }

    @Test("the client behind trusted proxies is the right-most address that is not one; anyone else's header is ignored")
    func clientAddress() {
        let proxies = TrustedProxies([IPRange("10.0.0.0/8")!, IPRange("127.0.0.1")!])
        func client(_ peer: String, _ header: [String]) -> String? {
            proxies.client(peer: IPAddress(peer), forwardedFor: header)?.description
        }
        #expect(client("192.0.2.1", ["198.51.100.1"]) == "192.0.2.1")
        #expect(client("127.0.0.1", []) == "127.0.0.1")
        #expect(client("127.0.0.1", ["198.51.100.1"]) == "198.51.100.1")
        #expect(client("127.0.0.1", ["6.6.6.6, 198.51.100.1, 10.0.0.2"]) == "198.51.100.1")
        #expect(client("127.0.0.1", ["6.6.6.6", "198.51.100.1,10.0.0.2"]) == "198.51.100.1", "several header fields in order")
        #expect(client("127.0.0.1", ["10.0.0.3, 10.0.0.2"]) == "10.0.0.3", "all trusted: the left-most")
        #expect(client("127.0.0.1", ["junk, 10.0.0.2"]) == "10.0.0.2", "not an address: the hop that reported it")
    }
}
