import Foundation

/// An export being written: to standard output, or to a temporary file beside the target that
/// is renamed over it once complete, so a failed export never leaves half a file.
final class ExportFile {
    /// The path as typed, for messages.
    private let target: String?
    /// The path opened and renamed onto.
    private let opened: String?
    private let temporary: String?
    private let descriptor: Int32
    private let output: Output
    private var closed = false

    init(path: String?, output: Output) throws(CLIError) {
        self.output = output
        target = path
        opened = path.map(output.io.resolve)
        guard let path, let opened else {
            temporary = nil
            descriptor = -1
            return
        }
        let temporary = opened + ".partial-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: .min ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))", kind: .io)
        }
        self.temporary = temporary
        self.descriptor = descriptor
    }

    func write(_ bytes: [UInt8]) throws(CLIError) {
        guard let target else {
            output.write(bytes: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                discard()
                throw CLIError("cannot write \(target): \(reason)", kind: .io)
            }
            offset += written
        }
    }

    /// Closes the file and moves it into place.
    func finish() throws(CLIError) {
        guard let target, let opened, let temporary, !closed else { return }
        closed = true
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError("cannot write \(target): \(reason)", kind: .io)
        }
        guard rename(temporary, opened) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError("cannot write \(target): \(reason)", kind: .io)
        }
    }

    /// Removes the partial file after a failure.
    func discard() {
        guard let temporary, !closed else { return }
        closed = true
        close(descriptor)
        unlink(temporary)
    }
}
