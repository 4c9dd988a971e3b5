import Foundation

/// Reads and atomically replaces small owner-only files (mode 0600 in a 0700 directory).
///
/// A write goes to a new temporary file created 0600 in the same directory, is flushed to disk,
/// then renamed over the old file: a reader sees the old or the new content, never half of it,
/// and the token is never readable by others, not even for an instant.
enum PrivateFile {
    /// The file's bytes, or nil when it does not exist. Other failures are errors: an unreadable
    /// file is reported, never silently replaced.
    static func read(_ path: String) throws(CloudError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .configFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .configFile(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CloudError) {
        let directory = (path as NSString).deletingLastPathComponent
        try makeDirectory(directory, reportingAs: path)
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .configFile(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .configFile(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// The file decoded as JSON, or nil when it does not exist; `invalid` says what to do when
    /// it does not parse.
    static func readJSON<Value: Decodable>(_ type: Value.Type, from path: String, invalid: String)
        throws(CloudError) -> Value? {
        guard let bytes = try read(path) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch {
            throw .configFile(path: path, reason: invalid)
        }
    }

    /// Writes `value` as pretty, key-sorted JSON.
    static func writeJSON(_ value: some Encodable, to path: String) throws(CloudError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(value) } catch { throw .configFile(path: path, reason: "\(error)") }
        try write(Array(data) + [0x0A], to: path)
    }

    /// Deletes the file; a missing file is fine.
    static func remove(_ path: String) throws(CloudError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .configFile(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func makeDirectory(_ directory: String, reportingAs path: String) throws(CloudError) {
        var info = stat()
        if stat(directory, &info) == 0 { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .configFile(path: path, reason: "cannot create \(directory): \(error.localizedDescription)")
        }
    }
}
