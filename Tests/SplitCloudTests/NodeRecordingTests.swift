import Foundation
import SplitAPI
import SplitCLI
@testable import SplitCloud
import SplitCore
import Testing

/// Every answer the real Node server gave in `fixtures/node-bsw`, replayed byte for byte over
/// loopback HTTP (``ReplayServer``) through the real ``CloudClient``: what each call returns, or
/// the error it throws, with its one-line message and exit code.
///
/// Only the clock is a double (``ManualClock``), so retries and `Retry-After` waits cost no time.
/// The replay server repeats its recording to every request, so a retried 5xx or a 429 fails
/// for good after the client's standard retries and waits, which the tests count.
@Suite("the Node server's recorded answers, read by the cloud client")
struct NodeRecordingTests {
    @Test("the table covers every recording in the folder, and nothing else")
    func tableCoversEveryRecording() throws {
        let files = try NodeRecording.fileNames()
        #expect(files.count == 74)
        #expect(Replay.table.map(\.file) == files)
    }

    @Test("each recorded answer", arguments: Replay.table)
    func replay(_ replay: Replay) async throws {
        let recording = try NodeRecording.named(replay.file)
        try await ReplayServer.run { server in
            let clock = ManualClock()
            let client = CloudClient(transport: CloudTransport(server: server.address, clock: clock), token: "t")
            if replay.file != Replay.health {
                // As each process does once: /health tells the client it talks to the Node server.
                server.play(try NodeRecording.named(Replay.health))
                #expect(try await client.capabilities() == .node)
            }
            server.play(recording)
            let outcome: Result<any Sendable, any Error>
            do { outcome = .success(try await replay.call(client, recording)) } catch { outcome = .failure(error) }
            let request = replay.sends ?? recording.requestLine
            switch (replay.expected, outcome) {
            case (.returns(let check), .success(let answer)):
                try check(answer, recording)
                #expect(server.received.map(\.description) == [request])
                #expect(clock.sleeps.isEmpty)
            case (.returns, .failure(let error)):
                Issue.record("HTTP \(recording.response.status) threw instead of being read: \(error)")
            case (.throwsError(let failure), .failure(let error)):
                if let error = error as? CloudError {
                    failure.check(error)
                } else {
                    Issue.record("threw \(error), not a CloudError")
                }
                #expect(server.received.map(\.description) == Array(repeating: request, count: failure.pauses.count + 1))
                #expect(clock.sleeps == failure.pauses)
            case (.throwsError, .success(let answer)):
                Issue.record("HTTP \(recording.response.status) was read as a success: \(answer)")
            }
        }
    }

    @Test("54–57: every server time zone and date form reads to the same dates and the same expenses")
    func sameExpensesWhateverTheDateForm() async throws {
        let files = ["54-expenses-list-tz-utc-200.json", "55-expenses-list-tz-tokyo-200.json",
                     "56-expenses-list-tz-los-angeles-200.json", "57-expenses-list-date-as-string-200.json"]
        let readings = try await ReplayServer.run { server in
            var readings: [[ForeignResult<Expense>]] = []
            for file in files {
                let recording = try NodeRecording.named(file)
                server.play(recording)
                let client = CloudClient(transport: CloudTransport(server: server.address, clock: ManualClock()), token: "t")
                readings.append(try await client.expenses(group: TripID(recording.pathID)).map(\.reading))
            }
            return readings
        }
        #expect(readings.count == 4 && readings.allSatisfy { $0 == readings[0] })
        #expect(Set(readings[0].compactMap(\.value?.date.description)) == ["2025-01-20", "2025-01-21"])
    }
}

// MARK: - The table

/// One recording, the client call that meets it, and how the answer must read.
struct Replay: Sendable, CustomTestStringConvertible {
    typealias Call = @Sendable (CloudClient, NodeRecording) async throws -> any Sendable

    let file: String
    let call: Call
    let expected: Expected
    /// `METHOD /path` the client sends when the typed client cannot send the recording's own
    /// request (an unknown route or method); nil: the recording's.
    var sends: String?

    var testDescription: String { file }

    static let health = "01-health-200.json"

    static let table: [Replay] = [
        Replay("01-health-200.json", { client, _ in try await client.capabilities() },
               .reads { (found: ServerCapabilities, _) in
                   #expect(found == .node && found.currencies == ["JPY", "MYR", "SGD", "USD"])
               }),
        Replay("02-ping-200.json", ping, .reads { (ping: Components.Schemas.Ping, _) in #expect(ping.db == "ok") }),
        Replay("03-register-201.json", register, .reads { (login: CloudLogin, recording) in
            expectLogin(login, recording)
            #expect(login.user.email == "aiko.20261124151151@example.com" && login.user.phone == nil)
        }),
        Replay("04-register-duplicate-409.json", register, .fails(65, mentioning: "HTTP 409", "already exists")),
        Replay("05-register-short-password-400.json", register,
               .fails(65, mentioning: "HTTP 400", "Password must be at least 8 characters")),
        Replay("06-register-missing-displayname-400.json", register, .fails(65, mentioning: "HTTP 400", "Display name required")),
        Replay("07-register-phone-only-201.json", register, .reads { (login: CloudLogin, recording) in
            expectLogin(login, recording)
            #expect(login.user.email == nil && login.user.phone == "819066155397" && login.user.login == "819066155397")
        }),
        Replay("08-login-200.json", login, .reads(expectLogin)),
        Replay("09-login-wrong-password-401.json", login, .fails(77, mentioning: "wrong email/phone or password")),
        Replay("10-me-200.json", { client, _ in try await client.me() }, .reads { (user: CloudUser, recording) in
            expectUser(user, recording, "user")
        }),
        // The client never sends a protected request without a token (it stops with "not
        // logged in"), so the 401 meets a request that carries one.
        Replay("11-no-token-401.json", groups, .fails(77, mentioning: "refused the stored token", "split login")),
        Replay("12-garbage-token-403.json", groups, .fails(77, mentioning: "refused the stored token", "split login")),
        Replay("13-logout-200.json", { client, _ in try await client.logout() }, .succeeds),
        Replay("14-logged-out-token-401.json", { client, _ in try await client.me() },
               .fails(77, mentioning: "refused the stored token", "split login")),
        Replay("15-login-same-second-first-200.json", login, .reads(expectLogin)),
        // A login is not repeated after a 5xx, so this is the server's failure at once.
        Replay("16-login-same-second-second-500.json", login, .fails(75, mentioning: "HTTP 500", "Login failed")),
        Replay("17-groups-empty-200.json", groups, .reads { (groups: [CloudGroup], _) in #expect(groups.isEmpty) }),
        Replay("18-group-create-201.json", createGroup, .reads { (group: CloudGroup, _) in
            #expect(group == CloudGroup(id: tokyo, name: "Tokyo Trip", description: nil, ownerID: aiko, inviteCode: nil))
        }),
        Replay("19-group-create-with-description-201.json", createGroup, .reads { (group: CloudGroup, _) in
            #expect(group == osaka)
        }),
        Replay("20-groups-list-two-200.json", groups, .reads { (groups: [CloudGroup], _) in
            #expect(groups == [CloudGroup(id: tokyo, name: "Tokyo Trip", ownerID: aiko), osaka])
        }),
        Replay("21-member-add-alex-201.json", addMember, .reads(expectMember)),
        Replay("22-member-add-bea-201.json", addMember, .reads(expectMember)),
        Replay("23-member-add-chen-201.json", addMember, .reads(expectMember)),
        Replay("24-member-add-duplicate-alex-201.json", addMember, .reads(expectMember)),
        Replay("25-member-add-bea-lowercase-201.json", addMember, .reads(expectMember)),
        Replay("26-member-add-100-chars-201.json", addMember, .reads { (member: Member, recording) in
            expectMember(member, recording)
            #expect(member.name.count == 100)
        }),
        // POST is not repeated after a 5xx (the Node server honours no idempotency key).
        Replay("27-member-add-101-chars-500.json", addMember, .fails(75, mentioning: "HTTP 500", "Failed to add member")),
        Replay("28-member-add-empty-400.json", addMember, .fails(65, mentioning: "HTTP 400", "Name required")),
        // Duplicates kept; listed in the client's documented order (case-insensitive, then id),
        // not the server's byte order, which puts "bea" last.
        Replay("29-members-list-200.json", members, .reads { (members: [Member], _) in
            #expect(members.map(\.name) == ["Alex", "Alex", "bea", "Bea", "Chen", hubert])
            #expect(members.map(\.id.short) == ["02a3869a", "fd203012", "0cbad954", "cdcbd8a4", "f60c6974", "5845bdd1"])
        }),
        // "Not a member" is about the group, not the token: not a reason to log in again.
        Replay("30-members-other-users-group-403.json", members, .fails(65, mentioning: "HTTP 403", "Not a member")),
        // A GET is retried after a 5xx: 4 sends, 0.5 + 1 + 2 s apart.
        Replay("31-members-malformed-uuid-500.json", members,
               .fails(75, mentioning: "HTTP 500", "Failed to fetch members", "each of 4 attempts", pauses: retries)),
        Replay("32-expense-jpy-equal-201.json", createExpense, .reads(expectExpenseID)),
        Replay("33-expense-jpy-333.33x3-201.json", createExpense, .reads(expectExpenseID)),
        Replay("34-expense-jpy-double-thirds-201.json", createExpense, .reads(expectExpenseID)),
        Replay("35-expense-jpy-1000.5-201.json", createExpense, .reads(expectExpenseID)),
        Replay("36-expense-splits-short-201.json", createExpense, .reads(expectExpenseID)),
        Replay("37-expense-splits-empty-201.json", createExpense, .reads(expectExpenseID)),
        Replay("38-expense-splits-absent-201.json", createExpense, .reads(expectExpenseID)),
        Replay("39-expense-description-empty-201.json", createExpense, .reads(expectExpenseID)),
        Replay("40-expense-description-absent-201.json", createExpense, .reads(expectExpenseID)),
        Replay("41-expense-description-1200-chars-201.json", createExpense, .reads(expectExpenseID)),
        Replay("42-expense-usd-201.json", createExpense, .reads(expectExpenseID)),
        Replay("43-expense-myr-201.json", createExpense, .reads(expectExpenseID)),
        Replay("44-expense-sgd-201.json", createExpense, .reads(expectExpenseID)),
        Replay("45-expense-split-member-other-group-201.json", createExpense, .reads(expectExpenseID)),
        Replay("46-expense-payer-other-group-201.json", createExpense, .reads(expectExpenseID)),
        Replay("47-expense-duplicate-split-member-500.json", createExpense, addFailed),
        Replay("48-expense-amount-zero-500.json", createExpense, addFailed),
        Replay("49-expense-amount-negative-500.json", createExpense, addFailed),
        Replay("50-expense-currency-eur-500.json", createExpense, addFailed),
        Replay("51-expense-category-food-500.json", createExpense, addFailed),
        Replay("52-expense-date-feb30-500.json", createExpense, addFailed),
        Replay("53-expense-date-timestamp-201.json", createExpense, .reads(expectExpenseID)),
        Replay("54-expenses-list-tz-utc-200.json", expenses, listing),
        Replay("55-expenses-list-tz-tokyo-200.json", expenses, listing),
        Replay("56-expenses-list-tz-los-angeles-200.json", expenses, listing),
        Replay("57-expenses-list-date-as-string-200.json", expenses, listing),
        Replay("58-expense-delete-200.json", deleteExpense, .succeeds),
        // Already deleted is what was asked: the client reads this 404 as done.
        Replay("59-expense-delete-again-404.json", deleteExpense, .succeeds),
        Replay("60-expenses-list-after-delete-200.json", expenses, .reads { (list: [CloudExpense], _) in
            Listed.check(list, without: Listed.snacks)
        }),
        Replay("61-split-mark-paid-200.json", setSplitPaid, .succeeds),
        Replay("62-split-mark-paid-string-false-200.json", setSplitPaid, .succeeds),
        Replay("63-split-payment-unknown-id-404.json", setSplitPaid, .fails(65, mentioning: "share no longer exists")),
        // Setting a paid state is repeatable, so its 5xx is retried like a GET's.
        Replay("64-split-payment-malformed-id-500.json", setSplitPaid,
               .fails(75, mentioning: "HTTP 500", "Update failed", "each of 4 attempts", pauses: retries)),
        Replay("65-split-history-200.json", history, .reads { (history: [NodeHistoryEntry], recording) in
            #expect(history.map(\.action) == [.markedPaid, .markedPaid])
            #expect(history.allSatisfy { $0.expenseSplitId == recording.pathID && $0.reason == nil })
            #expect(history.allSatisfy { $0.performedByName == "Aiko Tanaka" && $0.performedByUserId == aiko })
        }),
        // The last PATCH answered "Marked paid", yet Bea's share of the ramen reads unpaid.
        Replay("66-expenses-list-after-payment-200.json", expenses, .reads { (list: [CloudExpense], _) in
            Listed.check(list, without: Listed.snacks)
            let ramen = list.first { $0.id == ExpenseID("86236579-db25-416f-9136-0d715147d308") }
            #expect(ramen?.splitIDs[bea] == "20bc95ae-1381-437c-8a82-ecb76a7ee77d")
            #expect(ramen?.expense?.splits.first { $0.memberID == bea }?.isPaid == false)
        }),
        // The client only sends well-formed JSON; the answer is what is replayed.
        Replay("67-malformed-json-400.json", createGroup,
               .fails(65, mentioning: "HTTP 400", "Bad Request")),
        // The typed client has no GET of an unknown route; the change feed is the GET it sends
        // that the Node server lacks, which express answers with this same page.
        Replay("68-unknown-route-404.json", { client, _ in try await client.changes(group: tokyo.rawValue, since: 0) },
               .fails(69, mentioning: "has no such route (Cannot GET /api/nope)"),
               sends: "GET /api/groups/\(tokyo.rawValue)/changes"),
        // Likewise the one-shot upload, the request a client really sends to a route the Node
        // server lacks; the upload falls back to step-by-step calls on this error.
        Replay("69-wrong-method-404.json", fromLocal, .fails(69, mentioning: "has no such route (Cannot PUT /api/groups)"),
               sends: "POST /api/groups/from-local"),
        Replay("70-body-200kb-413.json", createGroup,
               .fails(65, mentioning: "HTTP 413", "Payload Too Large")),
        Replay("71-api-last-allowed-200.json", ping, .reads { (ping: Components.Schemas.Ping, _) in #expect(ping.db == "ok") }),
        // Retry-After is waited out 5 times, then the client stops.
        Replay("72-api-rate-limited-429.json", ping,
               .fails(75, mentioning: "limiting requests", "60 seconds", pauses: Array(repeating: .seconds(60), count: 5))),
        Replay("73-auth-first-allowed-401.json", login, .fails(77, mentioning: "wrong email/phone or password")),
        Replay("74-auth-rate-limited-429.json", login,
               .fails(75, mentioning: "limiting requests", "900 seconds", pauses: Array(repeating: .seconds(900), count: 5))),
    ]

    init(_ file: String, _ call: @escaping Call, _ expected: Expected, sends: String? = nil) {
        self.file = file
        self.call = call
        self.expected = expected
        self.sends = sends
    }
}

// MARK: - Calls

extension Replay {
    /// The pauses of the standard policy before the 2nd, 3rd and 4th send of a retried request.
    static let retries: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2)]

    static let addFailed = Expected.fails(75, mentioning: "HTTP 500", "Failed to add expense")
    /// All 16 expenses of 32–53, read as ``Listed`` says.
    static let listing = Expected.reads { (list: [CloudExpense], _) in Listed.check(list) }

    static let register: Call = { client, recording in
        try await client.register(email: recording.sent("email"), phone: recording.sent("phone"),
                                  password: recording.sent("password") ?? "", displayName: recording.sent("displayName") ?? "")
    }
    static let login: Call = { client, recording in
        try await client.login(emailOrPhone: recording.sent("emailOrPhone") ?? "", password: recording.sent("password") ?? "",
                               deviceID: nil)
    }
    static let groups: Call = { client, _ in try await client.groups() }
    static let createGroup: Call = { client, recording in
        try await client.createGroup(name: recording.sent("name") ?? "x", description: recording.sent("description"))
    }
    static let members: Call = { client, recording in try await client.members(group: TripID(recording.pathID)) }
    static let addMember: Call = { client, recording in
        try await client.addMember(group: TripID(recording.pathID), name: recording.sent("name") ?? "")
    }
    static let expenses: Call = { client, recording in try await client.expenses(group: TripID(recording.pathID)) }
    static let deleteExpense: Call = { client, recording in try await client.deleteExpense(ExpenseID(recording.pathID)) }
    /// With a real boolean: what the recording's `"false"` meant.
    static let setSplitPaid: Call = { client, recording in
        try await client.setSplitPaid(splitID: recording.pathID, paid: recording.request.body != #"{"isPaid":"false"}"#)
    }

    /// A consistent expense (the client validates before sending, so it never sends the
    /// recordings' inconsistent bodies) to the recorded group, paid by the recorded payer.
    static let createExpense: Call = { client, recording in
        let payer = MemberID(recording.sent("paidByMemberId") ?? alex.rawValue)
        let expense = Expense(id: ExpenseID("local-1"), description: recording.sent("description") ?? "",
                              amount: Money(minorUnits: 3000, currency: try Currency(code: "JPY")), category: .meal,
                              paidBy: payer, date: CivilDate(year: 2025, month: 1, day: 20)!,
                              splits: [ExpenseSplit(memberID: payer, amount: 3000)])
        return try await client.createExpense(expense, group: TripID(recording.sent("groupId") ?? tokyo.rawValue))
    }

    static let fromLocal: Call = { client, _ in
        let trip = FromLocalTrip(name: "Tokyo Trip", description: nil, members: [Member(id: alex, name: "Alex")], expenses: [])
        return try await client.createGroupFromLocal(trip, key: "upload-1")
    }

    /// `GET /api/ping` and split history have no public method: the client's own call path
    /// (middlewares, refusal reading) with the generated operation.
    static let ping: Call = { client, _ in
        let output = try await client.call("GET /api/ping", authenticated: false, notFound: "no /api/ping") {
            try await $0.ping()
        }
        return try output.ok.body.json
    }
    static let history: Call = { client, recording in
        let operation = "GET /api/expense-splits/\(recording.pathID)/history"
        let output = try await client.call(operation, notFound: "no such share") {
            try await $0.getSplitHistory(path: .init(splitId: recording.pathID))
        }
        return try output.ok.body.json.history
    }
}

// MARK: - Values of the recording run

extension Replay {
    static let tokyo = TripID("47a235f7-3d9d-49d1-b433-69502efd22cb")
    static let aiko = "0f5ca47f-476b-4673-a768-2e582e4f23be"
    static let osaka = CloudGroup(id: TripID("24dd060e-7719-483c-a4dc-13cdcc01bedc"), name: "Osaka Day Trip",
                                  description: "Dotonbori and the castle", ownerID: aiko, inviteCode: nil)
    static let alex = MemberID("02a3869a-3e9d-422a-ade7-ec42206d984c")
    static let bea = MemberID("cdcbd8a4-65ce-427d-90e7-f96808c03e0a")
    static let chen = MemberID("f60c6974-3ac3-4d9e-9663-e60ea651a95e")
    /// A member of Osaka Day Trip: payer or sharer of two Tokyo Trip expenses.
    static let dana = MemberID("331a4abf-4ad0-44c0-ab9b-c552e9b6b7bb")
    static let hubert = "Hubert Blaine Wolfeschlegelsteinhausenbergerdorff Hubert Blaine WolfeschlegelsteinhausenbergerdorffZ"

    static func expectUser(_ user: CloudUser, _ recording: NodeRecording, _ key: String) {
        #expect(user.id == recording.answer(key, "id"))
        #expect(user.displayName == recording.answer(key, "displayName"))
        #expect(user.email == recording.answer(key, "email"))
        #expect(user.phone == recording.answer(key, "phone"))
    }

    static func expectLogin(_ login: CloudLogin, _ recording: NodeRecording) {
        #expect(login.token == recording.answer("token") && !login.token.isEmpty)
        expectUser(login.user, recording, "user")
    }

    static func expectMember(_ member: Member, _ recording: NodeRecording) {
        #expect(member.id == MemberID(recording.answer("member", "id") ?? ""))
        #expect(member.name == recording.sent("name"))
    }

    static func expectExpenseID(_ id: ExpenseID, _ recording: NodeRecording) {
        #expect(id == ExpenseID(recording.answer("expenseId") ?? ""))
    }
}

// MARK: - Outcomes

extension Replay {
    /// How an answer must read: a value the client returns, or the error it throws.
    enum Expected: Sendable {
        case returns(@Sendable (any Sendable, NodeRecording) throws -> Void)
        case throwsError(Failure)

        /// Read without throwing, as a `Value` that `check` looks at.
        static func reads<Value>(_ check: @escaping @Sendable (Value, NodeRecording) throws -> Void) -> Expected {
            .returns { answer, recording in
                let value = try #require(answer as? Value, "answered \(answer)")
                try check(value, recording)
            }
        }

        /// Read without throwing; nothing comes back.
        static let succeeds = Expected.returns { _, _ in }

        static func fails(_ exit: Int32, mentioning texts: String..., pauses: [Duration] = [],
                          known: [Failure.Check: String] = [:]) -> Expected {
            .throwsError(Failure(exit: exit, mentions: texts, pauses: pauses, known: known))
        }
    }

    /// A ``CloudError`` a demanding user can act on: the right exit code, and one readable line
    /// naming the problem.
    struct Failure: Sendable {
        enum Check: Hashable, Sendable {
            case exitCode
            /// One line, no markup.
            case oneReadableLine
            case mentions(String)
        }

        let exit: Int32
        let mentions: [String]
        /// Each wait on the clock before the final answer: retries of a 5xx, or 429 waits.
        let pauses: [Duration]
        /// The checks the client is known to fail, with why.
        let known: [Check: String]

        func check(_ error: CloudError) {
            let message = error.message
            expect(.exitCode) { #expect(ExitStatus.code(for: error.kind) == exit, "\(error)") }
            expect(.oneReadableLine) {
                #expect(!message.contains("\n") && !message.contains("<") && message.count <= 300, "\(message)")
            }
            for text in mentions {
                expect(.mentions(text)) { #expect(message.contains(text), "\(message)") }
            }
        }

        /// Runs `body`, as a known issue when `check` is one: it then fails if the defect is gone.
        private func expect(_ check: Check, _ body: () -> Void) {
            guard let why = known[check] else { return body() }
            withKnownIssue(Comment(rawValue: why)) { body() }
        }
    }
}

// MARK: - The expense listings

extension Replay {
    /// How one expense of the listings 54–57, 60 and 66 reads: the amount, date and payer, each
    /// member's share once repaired, and the repairs made.
    ///
    /// The payer or a sharer from another group (Dana) reads as usable here: the client's mapping
    /// cannot know the trip's members, and the store checks membership when it applies the
    /// expense (``ForeignReading/membershipProblem(_:isMember:)``).
    struct Listed: Sendable {
        let id: String
        let description: String
        let amount: Int64
        var currency = "JPY"
        var day = 20
        var payer = alex
        let shares: [MemberID: Int64]
        var repairs: [ForeignRepair] = []

        static let snacks: Set<ExpenseID> = [ExpenseID("38c4ce79-a803-4d44-9c6c-b722cdca954f")]

        /// In the listings' order: newest date first, then newest first.
        static let all: [Listed] = [
            Listed(id: "0996571f-4f82-4dca-820e-83c9a52f9f21", description: "Late-night karaoke", amount: 4000, day: 21,
                   shares: [alex: 2000, bea: 2000]),
            Listed(id: "9a1f33d5-65c6-455f-a7f1-99bebdb1164a", description: "Paid by an outsider", amount: 1500, payer: dana,
                   shares: [alex: 750, bea: 750]),
            Listed(id: "3918f477-a534-44d4-9e97-d7c3a4334f11", description: "Shared taxi", amount: 2000,
                   shares: [alex: 1000, dana: 1000]),
            Listed(id: "de2b5e29-4a38-4be6-877b-20198f3333c2", description: "Kaya toast", amount: 1890, currency: "SGD",
                   shares: [bea: 945, chen: 945]),
            Listed(id: "7cbe2c74-22ab-403c-ab2e-0437da8bf1cd", description: "Nasi lemak", amount: 4560, currency: "MYR",
                   shares: [alex: 2280, chen: 2280]),
            Listed(id: "1d797e48-16d0-4ed9-9c36-2cb066736fe7", description: "Souvenir", amount: 1234, currency: "USD",
                   shares: [alex: 617, bea: 617]),
            Listed(id: "8ed21cbb-acb6-4589-b7cc-de7c2acb230a", description: longDescription, amount: 1200,
                   shares: [alex: 400, bea: 400, chen: 400]),
            // 40 and 39: an absent and an empty description both list as "".
            Listed(id: "448df5c6-9568-420b-a339-6e2207da6027", description: "", amount: 600,
                   shares: [alex: 200, bea: 200, chen: 200]),
            Listed(id: "13925a3d-4665-467b-ac5b-68ac3b019284", description: "", amount: 600,
                   shares: [alex: 200, bea: 200, chen: 200]),
            // No shares: the whole amount is the payer's own share.
            Listed(id: "49b26feb-6f89-4b20-9ef4-a8e2525349d1", description: "Locker", amount: 700, shares: [alex: 700],
                   repairs: [.restToPayer(sum: 0, rest: 700)]),
            Listed(id: "e8ac70c3-4c79-4cdc-b11e-655e033e7849", description: "Hotel deposit", amount: 5000, shares: [alex: 5000],
                   repairs: [.restToPayer(sum: 0, rest: 5000)]),
            // 300 + 300 of 900: the missing 300 is the payer's.
            Listed(id: "38c4ce79-a803-4d44-9c6c-b722cdca954f", description: "Snacks", amount: 900, shares: [alex: 600, bea: 300],
                   repairs: [.restToPayer(sum: 600, rest: 300)]),
            // JPY 1000.5 rounds half to even; its shares 500.25 round to 500 and then fit.
            Listed(id: "8be0e303-1e08-401f-8119-5f636fbbb3bd", description: "Coffee", amount: 1000, shares: [alex: 500, bea: 500],
                   repairs: [.amountRounded(written: "1000.5", to: 1000), .sharesRounded(count: 2)]),
            // 333.33 × 3 of 1000: the missing yen goes to the first share.
            Listed(id: "5dd96d38-689f-4a0f-b0df-e2dbeeb4f845", description: "Museum tickets", amount: 1000,
                   shares: [alex: 334, bea: 333, chen: 333],
                   repairs: [.sharesRounded(count: 3), .sharesRepaired(sum: 999, changes: [.init(memberID: alex, delta: 1)])]),
            Listed(id: "7447f42e-db3f-4597-bb29-1b4d507ce047", description: "Taxi to Shinjuku", amount: 1000,
                   shares: [alex: 334, bea: 333, chen: 333],
                   repairs: [.sharesRounded(count: 3), .sharesRepaired(sum: 999, changes: [.init(memberID: alex, delta: 1)])]),
            Listed(id: "86236579-db25-416f-9136-0d715147d308", description: "Ramen dinner", amount: 3000,
                   shares: [alex: 1000, bea: 1000, chen: 1000]),
        ]

        /// 41's 1,200 characters, as sent.
        static let longDescription = String(
            (0..<53).map { "Long description \(String(format: "%04d", $0)). " }.joined().prefix(1200))

        /// `list` holds exactly the expected expenses but `gone`, in order, each read as expected.
        static func check(_ list: [CloudExpense], without gone: Set<ExpenseID> = []) {
            let expected = all.filter { !gone.contains(ExpenseID($0.id)) }
            #expect(list.map(\.id.rawValue) == expected.map(\.id))
            for (cloud, want) in zip(list, expected) {
                guard case .usable(let expense, let repairs) = cloud.reading else {
                    Issue.record("'\(want.description.prefix(20))' is held: \(cloud.reading)")
                    continue
                }
                #expect(expense.description == want.description)
                #expect(expense.amount.minorUnits == want.amount && expense.amount.currency.code == want.currency)
                #expect(expense.date.description == "2025-01-\(want.day)")
                #expect(expense.soloPayer == want.payer)
                #expect(Dictionary(uniqueKeysWithValues: expense.splits.map { ($0.memberID, $0.amount) }) == want.shares)
                #expect(repairs == want.repairs, "\(want.description.prefix(20))")
                // The store's invariant: shares sum exactly to the amount, none twice, none negative.
                #expect(throws: Never.self) { try expense.validate() }
            }
        }
    }
}
