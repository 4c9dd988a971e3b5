import Foundation
import SplitCLI
import SplitTestSupport
import Testing

/// scripts/install.sh and scripts/package-deb.sh with the debug build (`--binary`, so no
/// release build): what they put where, that `man -l` renders every page, that the bash
/// completion loads, that `--uninstall` leaves the prefix as it was, the packages' contents and
/// control fields, and a one-line refusal for each bad input. scripts/test.sh installs man-db,
/// groff-base and dpkg-dev for them.
@Suite("install script and Debian packages", .serialized)
struct InstallTests {
    /// The repository's root: this file is Tests/SplitCLITests/InstallTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func builtBinary(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: try splitBinaryPath.get()).deletingLastPathComponent().appendingPathComponent(name).path
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(name) is not built beside split (swift build --build-tests builds it)")
        return path
    }

    /// Runs a program with this process's environment (plus `extra`), to its end.
    static func run(_ program: String, _ arguments: [String], extra: [String: String] = [:]) throws -> ToolRun {
        try ToolRun(program, arguments, environment: ProcessInfo.processInfo.environment.merging(extra) { $1 })
    }

    static func script(_ name: String, _ arguments: [String]) throws -> ToolRun {
        try run("/bin/bash", [root.appendingPathComponent("scripts/\(name)").path] + arguments)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("split-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every path under `folder` with its kind and, for files, its contents' size and mode: what
    /// "the prefix as it was" compares.
    static func listing(_ folder: URL) throws -> [String] {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: folder.path) else { return ["(absent)"] }
        var lines: [String] = []
        let enumerator = try #require(fileManager.enumerator(atPath: folder.path))
        while let relative = enumerator.nextObject() as? String {
            let attributes = try fileManager.attributesOfItem(atPath: folder.appendingPathComponent(relative).path)
            let type = attributes[.type] as? FileAttributeType
            let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            lines.append(type == .typeDirectory ? "d \(relative) \(mode)" : "f \(relative) \(attributes[.size] ?? 0) \(mode)")
        }
        return lines.sorted()
    }

    /// The page names split's help shows: `split`, then `split-trip`, `split-trip-create`, ...
    static func expectedPages(_ binary: String, named tool: String = "split") throws -> Set<String> {
        let dump = try run(binary, ["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = JSON(parsing: dump.stdout)
        try #require(json["command"]["commandName"].string == tool, "\(dump.stdout.prefix(300))")
        func names(_ command: JSON, _ prefix: String) -> [String] {
            guard command["shouldDisplay"].bool ?? true, let name = command["commandName"].string else { return [] }
            let page = prefix.isEmpty ? name : prefix + "-" + name
            return [page] + command["subcommands"].array.flatMap { names($0, page) }
        }
        return Set(names(json["command"], ""))
    }

    /// `man -l` renders the page with no warning from groff, under its NAME, as `name - ...`.
    static func expectRenders(_ page: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let man = try run("/usr/bin/man", ["--warnings", "-l", "-P", "cat", page], extra: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
        #expect(man.status == 0 && man.stderr.isEmpty, "\(page): \(man.stderr)", sourceLocation: sourceLocation)
        let lines = man.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let nameIndex = lines.firstIndex(of: "NAME")
        #expect(nameIndex.map { lines[$0 + 1].hasPrefix(name + " - ") } == true, "\(page):\n\(man.stdout.prefix(400))",
                sourceLocation: sourceLocation)
        #expect(lines.contains("SYNOPSIS") && lines.contains("DESCRIPTION"), "\(page)", sourceLocation: sourceLocation)
    }

    @Test("install.sh --binary: split, a man page that renders for split and each command, completions that load; --uninstall leaves the prefix as it was")
    func installAndUninstall() throws {
        let binary = try splitBinaryPath.get()
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("usr-local")
        // A prefix in use: a program and a man page of another tool, which must stay.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(to: prefix.appendingPathComponent("bin/other"), atomically: true, encoding: .utf8)
        try ".TH OTHER 1\n".write(to: prefix.appendingPathComponent("share/man/man1/other.1"), atomically: true, encoding: .utf8)
        let before = try Self.listing(prefix)

        let install = try Self.script("install.sh", ["--binary", binary, "--prefix", prefix.path])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed split \(SplitCommand.version) into \(prefix.path)"), "\(install.stdout)")

        let installed = prefix.appendingPathComponent("bin/split").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        let version = try Self.run(installed, ["--version"])
        #expect(version.stdout == "split \(SplitCommand.version)\n")

        // One page per command that the help shows, each rendering.
        let manFolder = prefix.appendingPathComponent("share/man/man1")
        let pages = Set(try FileManager.default.contentsOfDirectory(atPath: manFolder.path).filter { $0 != "other.1" })
        let expected = try Self.expectedPages(binary)
        #expect(expected.count > 30 && expected.contains("split-trip-create") && expected.contains("split-add-expense"), "\(expected)")
        #expect(pages == Set(expected.map { $0 + ".1" }))
        for name in expected.sorted() {
            try Self.expectRenders(manFolder.appendingPathComponent(name + ".1").path, named: name)
        }
        // The options are there, with their values: add-expense's page documents --paid-by.
        let addExpense = try Self.run("/usr/bin/man", ["-l", "-P", "cat", manFolder.appendingPathComponent("split-add-expense.1").path],
                                      extra: ["MANWIDTH": "200"])
        #expect(addExpense.stdout.contains("OPTIONS") && addExpense.stdout.contains("--paid-by"), "\(addExpense.stdout)")

        // Completions where each shell looks; bash's loads and registers split.
        let bashFile = prefix.appendingPathComponent("share/bash-completion/completions/split").path
        let bash = try Self.run("/bin/bash", ["--noprofile", "--norc", "-c", "source \"$1\" && complete -p split", "bash", bashFile])
        #expect(bash.status == 0 && bash.stdout.contains("-F _split") && bash.stdout.hasSuffix(" split\n"), "\(bash.stdout)\(bash.stderr)")
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_split"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef split"))
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/split.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'split'"), "\(fish.prefix(300))")

        // The manifest lists every file written.
        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/split/install-manifest"), encoding: .utf8)
        let listed = Set(manifest.split(separator: "\n").filter { $0.hasPrefix("f ") }.map { String($0.dropFirst(2)) })
        let new = Set(try Self.listing(prefix).filter { $0.hasPrefix("f ") && !before.contains($0) }
            .map { String($0.dropFirst(2).split(separator: " ")[0]) })
        #expect(listed.union(["share/split/install-manifest"]) == new)

        let uninstall = try Self.script("install.sh", ["--uninstall", "--prefix", prefix.path])
        #expect(uninstall.status == 0 && uninstall.stdout == "removed split from \(prefix.path) (\(listed.count) files)\n",
                "\(uninstall.stdout)\(uninstall.stderr)")
        #expect(try Self.listing(prefix) == before)
    }

    @Test("a second install replaces the first; a file put in a folder the install made stays, with its folder")
    func reinstall() throws {
        let binary = try splitBinaryPath.get()
        // The prefix does not exist yet: the install makes it, and the uninstall takes it away.
        let parent = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let prefix = parent.appendingPathComponent("split-prefix")
        for _ in 0..<2 {
            let install = try Self.script("install.sh", ["--binary", binary, "--prefix", prefix.path])
            #expect(install.status == 0, "\(install.stderr)")
        }
        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/split/install-manifest"), encoding: .utf8)
        let lines = manifest.split(separator: "\n")
        #expect(Set(lines).count == lines.count, "an entry twice:\n\(manifest)")
        #expect(lines.contains("d ."))
        let uninstall = try Self.script("install.sh", ["--uninstall", "--prefix", prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path), "the install made the prefix; the uninstall removes it")
        #expect(FileManager.default.fileExists(atPath: parent.path))

        // Something of the user's in a folder the install made.
        let again = try Self.script("install.sh", ["--binary", binary, "--prefix", prefix.path])
        #expect(again.status == 0, "\(again.stderr)")
        let mine = prefix.appendingPathComponent("share/man/man1/mine.1")
        try ".TH MINE 1\n".write(to: mine, atomically: true, encoding: .utf8)
        #expect(try Self.script("install.sh", ["--uninstall", "--prefix", prefix.path]).status == 0)
        #expect(try Self.listing(prefix).map { String($0.split(separator: " ")[1]) } == ["share", "share/man", "share/man/man1", "share/man/man1/mine.1"])
    }

    @Test("install.sh: each bad input is one line and a non-zero exit, and nothing is written", arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--prefix"], "--prefix needs a value"),
        (["--prefix", "--uninstall"], "--prefix needs a value"),
        (["--binary", "/bin/true"], "'/bin/true' is not split"),
        (["--binary", "/nonexistent/split"], "'/nonexistent/split' is not an executable file"),
        (["--uninstall", "--binary", "/bin/true"], "--uninstall takes only --prefix"),
        (["--binary", "x", "--scratch-path", "y"], "give one of them"),
        (["--uninstall"], "nothing of split is installed under"),
    ])
    func installRefusals(arguments: [String], message: String) throws {
        let prefix = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let before = try Self.listing(prefix)
        var given = arguments
        if !arguments.contains("--prefix") { given += ["--prefix", prefix.path] }
        let result = try Self.script("install.sh", given)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("install.sh: error: ") && lines[0].contains(message), "\(result.stderr)")
        #expect(try Self.listing(prefix) == before)
    }

    @Test("install.sh refuses a prefix that is a file, and a manifest entry outside the prefix")
    func installRefusesPrefixes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let onFile = try Self.script("install.sh", ["--binary", try splitBinaryPath.get(), "--prefix", file.path])
        #expect(onFile.status == 73 && onFile.stderr == "install.sh: error: prefix '\(file.path)' is not a folder\n", "\(onFile.stderr)")
        let under = try Self.script("install.sh", ["--binary", try splitBinaryPath.get(), "--prefix", file.path + "/below"])
        #expect(under.status != 0 && under.stderr.split(separator: "\n").count == 1, "\(under.stderr)")

        // A manifest edited to name a file outside the prefix removes nothing.
        let prefix = folder.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/split"), withIntermediateDirectories: true)
        try "f ../a-file\n".write(to: prefix.appendingPathComponent("share/split/install-manifest"), atomically: true, encoding: .utf8)
        let uninstall = try Self.script("install.sh", ["--uninstall", "--prefix", prefix.path])
        #expect(uninstall.status == 65 && uninstall.stderr.contains("an entry outside the prefix: '../a-file'"), "\(uninstall.stderr)")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("install.sh into a prefix it may not write: one line, exit 77, nothing written (as root, run as nobody)")
    func installRefusesUnwritablePrefix() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Readable by anyone, writable by no one but root.
        let prefix = folder.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: prefix.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let script = Self.root.appendingPathComponent("scripts/install.sh").path
        let arguments = [script, "--binary", try splitBinaryPath.get(), "--prefix", prefix.path + "/usr"]
        let result = getuid() == 0
            ? try Self.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/bash"] + arguments)
            : try Self.run("/bin/bash", arguments)
        #expect(result.status == 77 && result.stderr == "install.sh: error: no permission to write in '\(prefix.path)' (for prefix '\(prefix.path)/usr'); run as root or choose another --prefix\n",
                "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path).isEmpty)
    }

    @Test("split-manual: a page per shown command; input that is not the help's JSON is one line, exit 65")
    func manualTool() throws {
        let tool = try Self.builtBinary("split-manual")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("help.json")
        // A hidden command gets no page; a discussion's indented lines and a leading dot survive.
        try """
        {"serializationVersion":0,"command":{"commandName":"tool","abstract":"Does things.",
         "discussion":"First line\\nwraps here.\\n\\nExample:\\n  tool go --fast\\n.dot line",
         "subcommands":[{"commandName":"go","superCommands":["tool"],"abstract":"Goes.","arguments":[
           {"kind":"flag","shouldDisplay":true,"isOptional":true,"isRepeating":false,"parsingStrategy":"default",
            "names":[{"kind":"long","name":"fast"}],"abstract":"Quickly."}]},
          {"commandName":"secret","superCommands":["tool"],"shouldDisplay":false}]}}
        """.write(to: input, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("man")
        let result = try Self.run(tool, ["--output", out.path, "--date", "2026-01-02", input.path])
        #expect(result.status == 0 && result.stdout == "\(out.path)/tool.1\n\(out.path)/tool-go.1\n", "\(result.stdout)\(result.stderr)")
        try Self.expectRenders(out.appendingPathComponent("tool.1").path, named: "tool")
        try Self.expectRenders(out.appendingPathComponent("tool-go.1").path, named: "tool-go")
        let page = try Self.run("/usr/bin/man", ["-l", "-P", "cat", out.appendingPathComponent("tool.1").path], extra: ["MANWIDTH": "80"])
        #expect(page.stdout.contains("First line wraps here.") && page.stdout.contains("  tool go --fast")
                && page.stdout.contains(".dot line") && page.stdout.contains("tool-go(1)"), "\(page.stdout)")

        try "{\"serializationVersion\":0}".write(to: input, atomically: true, encoding: .utf8)
        let bad = try Self.run(tool, ["--output", out.path, input.path])
        #expect(bad.status == 65 && bad.stderr == "split-manual: error: the input is not the JSON of --experimental-dump-help (no 'command' at the top)\n",
                "\(bad.stderr)")
        let unknown = try Self.run(tool, ["--out", out.path])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("split-manual: error: unknown option '--out'")
                && unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
    }

    @Test("package-deb.sh: split's and split-server's packages, their contents and control fields")
    func debianPackages() throws {
        let binary = try splitBinaryPath.get()
        let server = try Self.builtBinary("split-server")
        let output = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Self.script("package-deb.sh", ["--binary", binary, "--server-binary", server, "--output", output.path,
                                                        "--compression", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let arch = try Self.run("/usr/bin/dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let client = output.appendingPathComponent("split_\(SplitCommand.version)_\(arch).deb").path
        let serverDeb = output.appendingPathComponent("split-server_\(SplitCommand.version)_\(arch).deb").path
        #expect(result.stdout == "\(client)\n\(serverDeb)\n", "\(result.stdout)")

        // split: control fields, and every file where Debian looks for it.
        let info = try Self.run("/usr/bin/dpkg-deb", ["--info", client])
        #expect(info.status == 0, "\(info.stderr)")
        for field in [" Package: split\n", " Version: \(SplitCommand.version)\n", " Architecture: \(arch)\n", " Section: utils\n"] {
            #expect(info.stdout.contains(field), "\(field) in \(info.stdout)")
        }
        let depends = try Self.run("/usr/bin/dpkg-deb", ["--field", client, "Depends"]).stdout
        #expect(depends.contains("libc6") && depends.contains("libsqlite3-0"), "\(depends)")
        let contents = try Self.contents(client)
        let pages = try Self.expectedPages(binary)
        var expected: Set<String> = ["usr/bin/split", "usr/share/bash-completion/completions/split", "usr/share/zsh/vendor-completions/_split",
                                     "usr/share/fish/vendor_completions.d/split.fish", "usr/share/doc/split/README.md.gz",
                                     "usr/share/doc/split/copyright"]
        expected.formUnion(pages.map { "usr/share/man/man1/\($0).1.gz" })
        #expect(Set(contents.files.keys) == expected)
        #expect(contents.files["usr/bin/split"] == "-rwxr-xr-x root/root")
        #expect(contents.files["usr/share/doc/split/copyright"] == "-rw-r--r-- root/root")

        // Unpacked: the pages render, the completion loads, the licence notes name the parts.
        let unpacked = output.appendingPathComponent("split-root")
        #expect(try Self.run("/usr/bin/dpkg-deb", ["-x", client, unpacked.path]).status == 0)
        for name in ["split", "split-trip-create", "split-settle"] {
            try Self.expectRenders(unpacked.appendingPathComponent("usr/share/man/man1/\(name).1.gz").path, named: name)
        }
        let bash = try Self.run("/bin/bash", ["--noprofile", "--norc", "-c", "source \"$1\" && complete -p split", "bash",
                                              unpacked.appendingPathComponent("usr/share/bash-completion/completions/split").path])
        #expect(bash.status == 0 && bash.stdout.contains("_split"), "\(bash.stderr)")
        let copyright = try String(contentsOf: unpacked.appendingPathComponent("usr/share/doc/split/copyright"), encoding: .utf8)
        #expect(copyright.hasPrefix("split \(SplitCommand.version)\n") && copyright.contains("==== swift-argument-parser ====")
                && copyright.contains("==== GRDB.swift ===="), "\(copyright.prefix(600))")

        // split-server: binary, man page, unit, the settings as a conffile readable by its group only.
        let serverInfo = try Self.run("/usr/bin/dpkg-deb", ["--info", serverDeb]).stdout
        for member in ["conffiles", "postinst", "prerm", "postrm", "control", "md5sums"] {
            #expect(serverInfo.contains(" \(member)\n") || serverInfo.contains(" \(member) "), "\(member) in \(serverInfo)")
        }
        #expect(serverInfo.contains(" Package: split-server\n"))
        #expect(try Self.run("/usr/bin/dpkg-deb", ["--field", serverDeb, "Depends"]).stdout.hasPrefix("adduser, "))
        let serverContents = try Self.contents(serverDeb)
        let serverPages = try Self.expectedPages(server, named: "split-server")
        #expect(serverPages.contains("split-server"))
        #expect(Set(serverContents.files.keys) == Set(["usr/bin/split-server", "usr/lib/systemd/system/split-server.service",
                                                       "etc/split-server/env", "usr/share/doc/split-server/README.md.gz",
                                                       "usr/share/doc/split-server/copyright"]
                                                      + serverPages.map { "usr/share/man/man1/\($0).1.gz" }))
        #expect(serverContents.files["etc/split-server/env"] == "-rw-r----- root/root")

        let control = output.appendingPathComponent("server-control")
        #expect(try Self.run("/usr/bin/dpkg-deb", ["-e", serverDeb, control.path]).status == 0)
        #expect(try String(contentsOf: control.appendingPathComponent("conffiles"), encoding: .utf8) == "/etc/split-server/env\n")
        let postinst = try String(contentsOf: control.appendingPathComponent("postinst"), encoding: .utf8)
        #expect(postinst.contains("adduser --system --group") && postinst.contains("chown root:split-server /etc/split-server/env"))
        let serverRoot = output.appendingPathComponent("server-root")
        #expect(try Self.run("/usr/bin/dpkg-deb", ["-x", serverDeb, serverRoot.path]).status == 0)
        try Self.expectRenders(serverRoot.appendingPathComponent("usr/share/man/man1/split-server.1.gz").path, named: "split-server")
        let unit = try String(contentsOf: serverRoot.appendingPathComponent("usr/lib/systemd/system/split-server.service"), encoding: .utf8)
        for line in ["User=split-server", "EnvironmentFile=/etc/split-server/env", "ExecStart=/usr/bin/split-server", "WantedBy=multi-user.target"] {
            #expect(unit.split(separator: "\n").contains(Substring(line)), "\(line)")
        }

        // systemd reads the unit without a complaint (its paths pointed at the unpacked files).
        let unitCheck = output.appendingPathComponent("unit-check")
        try FileManager.default.createDirectory(at: unitCheck, withIntermediateDirectories: true)
        let unpackedUnit = unit
            .replacingOccurrences(of: "=/usr/bin/split-server", with: "=" + serverRoot.appendingPathComponent("usr/bin/split-server").path)
            .replacingOccurrences(of: "=/etc/split-server/env", with: "=" + serverRoot.appendingPathComponent("etc/split-server/env").path)
        try unpackedUnit.write(to: unitCheck.appendingPathComponent("split-server.service"), atomically: true, encoding: .utf8)
        let verify = try Self.run("/usr/bin/systemd-analyze", ["verify", "--man=no", unitCheck.appendingPathComponent("split-server.service").path])
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")

        // The settings file as the unit hands it over: split-server reads every value in it, and
        // listens on loopback only. With a database nobody listens on it gets past its settings
        // (exit 69, not 64) and names where it would have listened.
        let envText = try String(contentsOf: serverRoot.appendingPathComponent("etc/split-server/env"), encoding: .utf8)
        var settings: [String: String] = [:]
        for line in envText.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { settings[String(parts[0])] = String(parts[1]) }
        }
        #expect(settings["HOST"] == "127.0.0.1" && settings["DATABASE_URL"] == nil, "\(settings)")
        settings["DATABASE_URL"] = "postgres://nobody@127.0.0.1:1/none"
        settings["PATH"] = "/usr/bin:/bin"
        let started = try ToolRun(serverRoot.appendingPathComponent("usr/bin/split-server").path, [], environment: settings)
        #expect(started.status == 69 && started.stderr.contains(" on 127.0.0.1:3012: "), "\(started.stderr)")
    }

    @Test("package-deb.sh: each bad input is one line and a non-zero exit, and no package is made", arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--only", "both"], "--only 'both' is not split or split-server"),
        (["--output"], "--output needs a value"),
        (["--compression", "zip"], "--compression 'zip' is not xz, gzip or none"),
        (["--binary", "/bin/true", "--only", "split"], "'/bin/true' is not split"),
    ])
    func packageRefusals(arguments: [String], message: String) throws {
        let output = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Self.script("package-deb.sh", arguments + (arguments.contains("--output") ? [] : ["--output", output.path]))
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("package-deb.sh: error: ") && lines[0].contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }

    /// `dpkg-deb --contents` as path (without the leading ./) → "mode owner/group", files only.
    static func contents(_ deb: String) throws -> (files: [String: String], text: String) {
        let listing = try run("/usr/bin/dpkg-deb", ["--contents", deb])
        try #require(listing.status == 0, "\(listing.stderr)")
        var files: [String: String] = [:]
        for line in listing.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[0].hasPrefix("-") else { continue }
            let path = fields[5...].joined(separator: " ")
            files[String(path.dropFirst(2))] = "\(fields[0]) \(fields[1])"
        }
        return (files, listing.stdout)
    }
}
