@testable import SplitCLI
import SplitSync
import Testing

@Suite("Upload progress bar")
struct ProgressBarTests {
    @Test("counts, a bar in proportion and an ETA from the pace so far")
    func rendering() {
        let quarter = ProgressBar.render(UploadProgress(phase: .expenses, done: 2500, total: 10_000), elapsed: .seconds(10))
        #expect(quarter == "expenses [######..................] 2500/10000  ETA 0:30")
        let slow = ProgressBar.render(UploadProgress(phase: .paidFlags, done: 1, total: 200), elapsed: .seconds(1))
        #expect(slow == "paid flags [........................] 1/200  ETA 3:19")
        let done = ProgressBar.render(UploadProgress(phase: .members, done: 4, total: 4), elapsed: .seconds(2))
        #expect(done == "members [########################] 4/4")
    }
}
