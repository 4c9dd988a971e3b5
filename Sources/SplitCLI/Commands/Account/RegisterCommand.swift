import ArgumentParser
import SplitCloud
import SplitCore

/// `split register`: creates an account on a cloud server and saves its first token.
struct RegisterCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account on a cloud server and log in.",
        discussion: HelpText.reflow("""
        Give an email or a phone number (or both), and a display name of 2 or more characters.
        The password (8 or more characters) is asked twice without echo, or read with --password-stdin.
        Example:
          split register --server http://127.0.0.1:3012 --email ann@example.com \\
                --name Ann
        """)
    )

    @Option(help: ArgumentHelp("The account's email.", valueName: "email"))
    var email: String?

    @Option(help: ArgumentHelp("The account's phone number.", valueName: "phone"))
    var phone: String?

    @Option(help: ArgumentHelp("The name others see (2 or more characters).", valueName: "name"))
    var name: String

    @Flag(name: .customLong("password-stdin"), help: "Read the password from stdin.")
    var passwordStdin = false

    @OptionGroup var account: AccountOptions

    func validate() throws {
        guard email != nil || phone != nil else {
            throw ValidationError("give --email or --phone (or both), e.g. split register --email ann@example.com --name Ann")
        }
        guard name.trimmingSpaces.count >= 2 else { throw ValidationError("--name must be at least 2 characters") }
    }

    var output: Output { account.output }

    func result() async throws -> AccountShown {
        let settings = try account.files.settings.load()
        let server = try account.address(settings)
        let password = try SecretReader.password(fromStdin: passwordStdin)
        guard password.count >= 8 else { throw CLIError("the password must be at least 8 characters") }
        if !passwordStdin {
            guard try SecretReader.password(fromStdin: false, prompt: "Password again: ") == password else {
                throw CLIError("the two passwords differ; nothing was created")
            }
        }
        let client = account.client(server: server, token: nil)
        let result = try await client.register(email: email, phone: phone, password: password,
                                               displayName: name.trimmingSpaces)
        try account.save(result, server: server, now: account.dependencies.clock.now())
        let notices = await account.fetchPreferences()
        return AccountShown(user: result.user, server: server,
                            lines: ["Registered \(result.user.displayName) (\(result.user.login)) on \(server) and logged in."] + notices)
    }
}
