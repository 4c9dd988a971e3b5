import SplitCloud
import SplitSync

extension CloudAccess {
    /// The run's access to servers: its files, settings, environment, clock and ids, with
    /// waits told on stderr (`split: ` first).
    static func make(files: ConfigFiles, settings: CloudSettings, environment: [String: String],
                     dependencies: Dependencies, output: Output) -> CloudAccess {
        let clock = dependencies.clock
        return CloudAccess(files: files, settings: settings, environment: environment, ids: dependencies.ids,
                           now: { clock.now() }, notice: { output.note("split: \($0)") })
    }

    /// The server an account command acts on: `--server`, else `SPLIT_SERVER`, else the saved one.
    static func server(flag: String?, settings: CloudSettings, environment: [String: String]) throws -> ServerAddress {
        if let flag { return try ServerAddress(flag) }
        return try CloudSession.server(settings: settings, environment: environment)
    }
}
