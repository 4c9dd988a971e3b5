import Foundation

/// stdin, stdout and stderr of one in-process run of `split`: stdin is given up front, and what
/// the command writes is kept, in order, until the run ends.
final class CapturedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var input: [UInt8]
    private var out: [UInt8] = []
    private var err: [UInt8] = []

    init(stdin: String) {
        input = Array(stdin.utf8)
    }

    /// The rest of stdin.
    func readAll() -> [UInt8] {
        lock.withLock {
            defer { input = [] }
            return input
        }
    }

    /// The next line of stdin without its newline; nil once it is all read.
    func readLine() -> String? {
        lock.withLock {
            guard !input.isEmpty else { return nil }
            let end = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
            let line = String(decoding: input[..<end], as: UTF8.self)
            input.removeFirst(min(end + 1, input.count))
            return line
        }
    }

    func output(_ bytes: [UInt8]) { lock.withLock { out += bytes } }
    func error(_ bytes: [UInt8]) { lock.withLock { err += bytes } }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
