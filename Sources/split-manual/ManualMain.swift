import Foundation

/// `split-manual`: writes man pages (man(7) macros, section 1) from the JSON that an
/// ArgumentParser tool prints for `--experimental-dump-help`: one page for the tool and one
/// for each subcommand it shows in its help, named as git names its pages (`split-trip-create.1`
/// for `split trip create`). Used by scripts/install.sh and scripts/package-deb.sh at install
/// and package time, so no page is ever committed.
///
///     split --experimental-dump-help | split-manual --output DIR [--date YYYY-MM-DD]
///     split-manual --output DIR FILE
///
/// Prints the path of each page written, one a line. Every bad input is one line on stderr
/// and exit 64 (usage) or 65 (unreadable JSON); 73 when a page cannot be written.
@main
struct ManualMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            let options = try Options(arguments)
            if options.help {
                print(Options.usage)
                return
            }
            let data: Data
            if let input = options.input {
                guard let read = FileManager.default.contents(atPath: input) else {
                    throw ManualError(code: 66, "cannot read '\(input)'")
                }
                data = read
            } else {
                data = FileHandle.standardInput.readDataToEndOfFile()
            }
            let tool = try ToolDump(data)
            let pages = ManualWriter(date: options.date ?? ManualWriter.today(), source: options.source ?? tool.command.commandName)
                .pages(for: tool.command)
            try write(pages, to: options.output)
        } catch let error as ManualError {
            FileHandle.standardError.write(Data("split-manual: error: \(error.message)\n".utf8))
            exit(error.code)
        } catch {
            FileHandle.standardError.write(Data("split-manual: error: \(error)\n".utf8))
            exit(70)
        }
    }

    static func write(_ pages: [ManualPage], to directory: String) throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if !fileManager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            do {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ManualError(code: 73, "cannot create the folder '\(directory)'")
            }
        } else if !isDirectory.boolValue {
            throw ManualError(code: 73, "'\(directory)' is not a folder")
        }
        for page in pages {
            let path = (directory as NSString).appendingPathComponent(page.fileName)
            guard fileManager.createFile(atPath: path, contents: Data(page.text.utf8)) else {
                throw ManualError(code: 73, "cannot write '\(path)'")
            }
            print(path)
        }
    }
}

struct ManualError: Error {
    let code: Int32
    let message: String

    init(code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// The command line: `--output DIR` (required), `--date YYYY-MM-DD`, `--source TEXT` (the
/// footer's source, such as "split 0.1.0") and at most one input file.
struct Options {
    var output = ""
    var input: String?
    var date: String?
    var source: String?
    var help = false

    static let usage = "usage: split-manual --output DIR [--date YYYY-MM-DD] [--source TEXT] [FILE]"

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        var output: String?
        while let argument = remaining.popFirst() {
            func value() throws -> String {
                guard let next = remaining.popFirst(), !next.hasPrefix("--") || next == "-" else {
                    throw ManualError(code: 64, "\(argument) needs a value (\(Self.usage))")
                }
                return next
            }
            switch argument {
            case "-h", "--help": help = true
            case "--output": output = try value()
            case "--source": source = try value()
            case "--date":
                let text = try value()
                let shape = text.map { $0.isASCII && $0.isNumber ? "9" : String($0) }.joined()
                guard shape == "9999-99-99" else {
                    throw ManualError(code: 64, "--date '\(text)' is not a date like 2026-11-29")
                }
                date = text
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw ManualError(code: 64, "unknown option '\(argument)' (\(Self.usage))")
                }
                if input != nil {
                    throw ManualError(code: 64, "one input file at most, not '\(input!)' and '\(argument)'")
                }
                input = argument == "-" ? nil : argument
            }
        }
        if help { return }
        guard let output, !output.isEmpty else {
            throw ManualError(code: 64, "--output DIR is required (\(Self.usage))")
        }
        self.output = output
    }
}
