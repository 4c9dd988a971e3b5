import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .long, help: "Do not send a changed preference now (also: SPLIT_OFFLINE=1); it goes at the next sync.")
    var offline = false

    var environment: [String: String] { CommandIO.current.environment }
    var files: ConfigFiles { ConfigFiles(environment: environment) }
    var output: Output { Output(json: json) }
}
