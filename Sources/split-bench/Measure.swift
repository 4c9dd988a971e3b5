import Foundation

/// Runs a command repeatedly with stdout and stderr to /dev/null and reports the median wall
/// time and the largest peak resident set size (from `wait4`'s rusage).
enum Measure {
    static func run(command: [String], runs: Int) {
        var times: [Double] = []
        var peakKB = 0
        for _ in 0..<max(1, runs) {
            let (seconds, maxRSS, status) = once(command)
            guard status == 0 else {
                FileHandle.standardError.write(Data("command failed with status \(status): \(command.joined(separator: " "))\n".utf8))
                exit(1)
            }
            times.append(seconds)
            peakKB = max(peakKB, maxRSS)
        }
        times.sort()
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        print(String(format: "median %.2f ms  min %.2f ms  max %.2f ms  peak RSS %.1f MB  (%d runs)",
                     median * 1000, times.first! * 1000, times.last! * 1000, Double(peakKB) / 1024, times.count))
    }

    static func once(_ command: [String]) -> (Double, Int, Int32) {
        var fileActions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, command[0], &fileActions, nil, argv, environ) == 0 else { return (0, 0, 127) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (elapsed, Int(usage.ru_maxrss), exitStatus)
    }
}
