import Foundation
import Testing

/// ihatemoney 7.2.1, the real app, on 127.0.0.1 with SQLite in a temporary folder: what the
/// ihatemoney import and export are checked against.
///
/// scripts/test.sh installs it from PyPI into a virtualenv and names that environment's python
/// in `SPLIT_IHATEMONEY_PYTHON`. The instance reads its own settings file
/// (`IHATEMONEY_SETTINGS_FILE_PATH`): its own database, CSRF off through Flask-WTF's
/// `WTF_CSRF_ENABLED` so `POST /<project>/import` takes a plain form, a session cookie that is not
/// HTTPS-only, and no demo project. Flask picks a free port (`--port 0`) and the instance's log
/// says which. Requests go through curl (which scripts/test.sh installs), with a cookie jar per
/// instance for the pages that need a login.
public final class IHateMoneyServer: @unchecked Sendable {
    public static let python: String? = ProcessInfo.processInfo.environment["SPLIT_IHATEMONEY_PYTHON"].flatMap {
        FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
    }
    public static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"
    public static let missing = "ihatemoney is not installed: scripts/test.sh installs it and sets SPLIT_IHATEMONEY_PYTHON; CI runs this test"

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let base: String
    private let folder: URL
    private let process: Process
    private var jar: String { folder.appendingPathComponent("cookies").path }

    /// Starts an instance and waits until it answers.
    public init(python: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("split-ihatemoney-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = folder.appendingPathComponent("ihatemoney.cfg")
        try """
        SQLALCHEMY_DATABASE_URI = "sqlite:///\(folder.appendingPathComponent("ihatemoney.db").path)"
        SECRET_KEY = "split-tests-\(UUID().uuidString)"
        WTF_CSRF_ENABLED = False
        SESSION_COOKIE_SECURE = False
        ACTIVATE_DEMO_PROJECT = False
        ENABLE_CAPTCHA = False
        ALLOW_PUBLIC_PROJECT_CREATION = True

        """.write(to: settings, atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-m", "flask", "--app", "ihatemoney.wsgi", "run", "--host", "127.0.0.1", "--port", "0", "--no-reload"]
        var environment = ProcessInfo.processInfo.environment
        environment["IHATEMONEY_SETTINGS_FILE_PATH"] = settings.path
        environment["NO_PROXY"] = "127.0.0.1"
        process.environment = environment
        process.currentDirectoryURL = folder
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var found: String?
        for _ in 0 ..< 600 where found == nil && process.isRunning {
            Thread.sleep(forTimeInterval: 0.1)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"Running on http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                found = String(text[range].dropFirst("Running on ".count))
            }
        }
        guard let found else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw Failure(description: "ihatemoney did not start:\n\(text.suffix(2000))")
        }
        base = found
        for _ in 0 ..< 100 {
            if (try? curl(["\(base)/healthcheck"]))?.status == 200 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure(description: "ihatemoney at \(base) never answered /healthcheck")
    }

    /// Stops the instance and removes its folder.
    public func stop() {
        // Flask's development server does not stop on SIGTERM; nothing of it is worth keeping.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Its API

    /// Creates a project (`POST /api/projects`) in `currency` and logs this instance's cookie jar in.
    public func createProject(_ id: String, password: String, currency: String) throws {
        let answer = try curl(["-X", "POST", "\(base)/api/projects", "--data-urlencode", "name=\(id)", "--data-urlencode", "id=\(id)",
                               "--data-urlencode", "password=\(password)", "--data-urlencode", "contact_email=split@example.com",
                               "--data-urlencode", "default_currency=\(currency)"])
        guard answer.status == 201 else { throw Failure(description: "creating project \(id): \(answer)") }
        let login = try curl(["-c", jar, "-b", jar, "-X", "POST", "\(base)/authenticate", "--data-urlencode", "id=\(id)",
                              "--data-urlencode", "password=\(password)"])
        guard login.status == 302 else { throw Failure(description: "logging in to \(id): \(login)") }
    }

    /// Adds a member and returns ihatemoney's id for them.
    public func addMember(_ project: String, password: String, name: String, weight: String = "1") throws -> Int {
        let answer = try curl(["-u", "\(project):\(password)", "-X", "POST", "\(base)/api/projects/\(project)/members",
                               "--data-urlencode", "name=\(name)", "--data-urlencode", "weight=\(weight)"])
        guard answer.status == 201, let id = Int(answer.body.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "adding member \(name): \(answer)")
        }
        return id
    }

    /// Adds a bill through the API: `payer` and `owers` are member ids, `amount` a decimal.
    public func addBill(_ project: String, password: String, what: String, payer: Int, owers: [Int], amount: String,
                        date: String, currency: String, reimbursement: Bool = false) throws {
        var arguments = ["-u", "\(project):\(password)", "-X", "POST", "\(base)/api/projects/\(project)/bills",
                         "--data-urlencode", "what=\(what)", "--data-urlencode", "payer=\(payer)", "--data-urlencode", "amount=\(amount)",
                         "--data-urlencode", "date=\(date)", "--data-urlencode", "original_currency=\(currency)",
                         "--data-urlencode", "bill_type=\(reimbursement ? "Reimbursement" : "Expense")"]
        for ower in owers { arguments += ["--data-urlencode", "payed_for=\(ower)"] }
        let answer = try curl(arguments)
        guard answer.status == 201 else { throw Failure(description: "adding bill \(what): \(answer)") }
    }

    /// `GET /<project>/export/<file>` (`bills.json`, `bills.csv`, `transactions.json`), logged in.
    public func export(_ project: String, _ file: String) throws -> String {
        let answer = try curl(["-b", jar, "\(base)/\(project)/export/\(file)"])
        guard answer.status == 200 else { throw Failure(description: "exporting \(file): \(answer)") }
        return answer.body
    }

    /// `POST /<project>/import` with the file as `type` (ihatemoney picks the reader by it). It
    /// answers with a redirect either way: to the bills on success, back otherwise; the bills
    /// are checked by the caller.
    public func importFile(_ project: String, path: String, type: String) throws {
        let answer = try curl(["-b", jar, "-X", "POST", "\(base)/\(project)/import", "-F", "file=@\(path);type=\(type)"])
        guard answer.status == 302 else { throw Failure(description: "importing \(path): \(answer)") }
    }

    /// Each member's balance as ihatemoney computes it (`GET /api/projects/<id>`), by name, in
    /// major units (its floats).
    public func balances(_ project: String, password: String) throws -> [String: Double] {
        let answer = try curl(["-u", "\(project):\(password)", "\(base)/api/projects/\(project)"])
        guard answer.status == 200, let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
              let members = object["members"] as? [[String: Any]] else {
            throw Failure(description: "reading project \(project): \(answer)")
        }
        var result: [String: Double] = [:]
        for member in members {
            guard let name = member["name"] as? String, let balance = member["balance"] as? Double else { continue }
            result[name] = balance
        }
        return result
    }

    /// How many bills the project holds.
    public func billCount(_ project: String, password: String) throws -> Int {
        let answer = try curl(["-u", "\(project):\(password)", "\(base)/api/projects/\(project)/bills"])
        let bills = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [Any]
        return bills?.count ?? 0
    }

    // MARK: - curl

    public struct Answer: CustomStringConvertible {
        public let status: Int
        public let body: String
        public var description: String { "HTTP \(status): \(body.prefix(500))" }
    }

    /// Runs curl (loopback only: `--noproxy '*'`), returning the status and body.
    private func curl(_ arguments: [String]) throws -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--noproxy", "*", "--max-time", "60", "-w", "\n%{http_code}"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let newline = text.lastIndex(of: "\n"), let status = Int(text[text.index(after: newline)...]) else {
            throw Failure(description: "curl \(arguments.joined(separator: " ")) gave no status")
        }
        return Answer(status: status, body: String(text[..<newline]))
    }
}
