import Foundation

/// Reads the login name and password for the account commands.
///
/// On a terminal the password is typed without echo (the terminal's ECHO flag is switched off
/// and always restored); `--password-stdin` reads it from a pipe instead, so scripts never put
/// it on a command line where `ps` would show it.
enum SecretReader {
    /// The password from stdin (`--password-stdin`) or a prompt without echo.
    static func password(fromStdin: Bool, prompt: String = "Password: ") throws -> String {
        let io = CommandIO.current
        if fromStdin {
            var text = String(decoding: io.readInput(), as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty else { throw CLIError("--password-stdin read an empty password") }
            return text
        }
        guard io.inputIsTerminal else {
            throw CLIError("no password: pipe it with --password-stdin, or run on a terminal to be asked")
        }
        io.error(prompt)
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            io.error("\n")
        }
        guard let line = io.readLine(), !line.isEmpty else {
            throw CLIError("no password given")
        }
        return line
    }

    /// `given`, else a line typed at a prompt on a terminal.
    static func line(_ given: String?, prompt: String, flag: String) throws -> String {
        if let given, !given.trimmingCharacters(in: .whitespaces).isEmpty {
            return given.trimmingCharacters(in: .whitespaces)
        }
        let io = CommandIO.current
        guard io.inputIsTerminal else { throw CLIError("give \(flag)") }
        io.error(prompt)
        guard let line = io.readLine()?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
            throw CLIError("give \(flag)")
        }
        return line
    }
}
