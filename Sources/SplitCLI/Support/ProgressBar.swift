import Foundation
import SplitSync

/// A one-line progress bar on stderr with counts and an ETA, for long uploads on a terminal.
///
/// `expenses [#########...........] 4210/10000  ETA 0:41`
///
/// Silent when stderr is not a terminal (or with `--json`), so logs and pipes get no control
/// characters. Redraws at most ten times a second; notices (rate-limit waits) are printed on
/// their own line and the bar is drawn again below them.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let io = CommandIO.current
    private let lock = NSLock()
    private var phaseStart = ContinuousClock.now
    private var phase: UploadProgress.Phase?
    private var lastDraw: ContinuousClock.Instant?
    private var line = ""

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// On when stderr is a terminal and the output is for people.
    static func forTerminal(json: Bool) -> ProgressBar {
        ProgressBar(enabled: !json && CommandIO.current.errorIsTerminal)
    }

    func update(_ progress: UploadProgress) {
        guard enabled else { return }
        lock.withLock {
            let now = ContinuousClock.now
            if progress.phase != phase {
                phase = progress.phase
                phaseStart = now
                lastDraw = nil
            }
            let finished = progress.done >= progress.total
            if let last = lastDraw, now - last < .milliseconds(100), !finished { return }
            lastDraw = now
            line = Self.render(progress, elapsed: now - phaseStart)
            write("\r\u{1B}[2K" + line)
        }
    }

    /// Prints `text` on its own line above the bar.
    func note(_ text: String) {
        lock.withLock {
            write((enabled && !line.isEmpty ? "\r\u{1B}[2K" : "") + text + "\n" + line)
        }
    }

    /// Removes the bar, before the final report.
    func clear() {
        guard enabled else { return }
        lock.withLock {
            if !line.isEmpty { write("\r\u{1B}[2K") }
            line = ""
        }
    }

    static func render(_ progress: UploadProgress, elapsed: Duration, width: Int = 24) -> String {
        let total = max(progress.total, 1), done = min(progress.done, total)
        let filled = width * done / total
        var text = "\(progress.phase.rawValue) [" + String(repeating: "#", count: filled)
            + String(repeating: ".", count: width - filled) + "] \(progress.done)/\(progress.total)"
        if done > 0, done < total {
            let seconds = Int((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                              * Double(total - done) / Double(done))
            text += "  ETA \(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        }
        return text
    }

    private func write(_ text: String) {
        io.error(text)
    }
}
