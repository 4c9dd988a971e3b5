import Foundation

/// One run of a program other than `split` through the sandbox (a shell driving completion,
/// `split-server` reading its flags): its exit status and both streams, read whole.
public struct ToolRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Runs `executable` with `arguments` and exactly `environment` to its end.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
    }
}
