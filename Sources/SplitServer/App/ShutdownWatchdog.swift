import Dispatch
import Foundation

/// The hard bound on a shutdown: from the first SIGTERM or SIGINT, the process ends within the
/// shutdown timeout (plus a moment for the cancellation that follows it) whatever is still
/// running. With a timeout of zero it ends at once, which is what "no drain" means.
///
/// The drain itself is the service group's (``ServerApplication/run(_:logger:)``); this only
/// catches what cancellation cannot end: a request waiting on a database future that a broken
/// connection never completes would otherwise keep the process alive for ever.
final class ShutdownWatchdog: @unchecked Sendable {
    /// Time left for cancellation once the drain's timeout has passed.
    static let cancellationGrace: Duration = .seconds(2)

    /// Kept alive (and never changed) so that the handlers stay installed.
    private let sources: [any DispatchSourceSignal]

    init(timeout: Duration) {
        let queue = DispatchQueue(label: "split-server.shutdown-watchdog")
        sources = [SIGTERM, SIGINT].map { number in
            // Dispatch sees a signal only once its default action (ending the process) is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if timeout == .zero { Self.end(status: 0, message: nil) }
                queue.asyncAfter(deadline: .now() + .milliseconds(Int((timeout + Self.cancellationGrace) / .milliseconds(1)))) {
                    Self.end(status: 1, message: "split-server: error: requests were still running \(timeout + Self.cancellationGrace) after the signal; exiting\n")
                }
            }
            source.resume()
            return source
        }
    }

    private static func end(status: Int32, message: String?) {
        if let message { FileHandle.standardError.write(Data(message.utf8)) }
        _exit(status)
    }
}
