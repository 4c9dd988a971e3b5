// swift-tools-version:6.1
// `split`: an expense splitter for trips. See DESIGN.md in ../shared for the layers.
import PackageDescription

let package = Package(
    name: "split",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "split", targets: ["split"]),
        .executable(name: "split-server", targets: ["split-server"]),
        .library(name: "SplitCore", targets: ["SplitCore"]),
        .library(name: "SplitStore", targets: ["SplitStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // Domain: money, splits, balances, settlement. Pure: no I/O, no clock, no UUID().
        .target(name: "SplitCore"),
        // A strict JSON reader and writer that keeps numbers as their exact text (money never
        // passes through Double) and refuses what RFC 8259 refuses, with line and column.
        // Its own target: the domain parses nothing.
        .target(name: "SplitJSON"),
        // Local SQLite store (GRDB on the system libsqlite3) and the local backend.
        .target(
            name: "SplitStore",
            dependencies: [
                "SplitCore", "SplitJSON", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding rows of bulk inserts directly (RowInserter).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Readers of other apps' files (the iOS app's database and JSON, Splitwise CSV, split's
        // own export) into an ImportPlan the store writes. GRDB only to read the iOS database.
        .target(
            name: "SplitImport",
            dependencies: ["SplitCore", "SplitJSON", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Cloud client: the generated client (SplitAPIClient) over AsyncHTTPClient, wrapped so callers
        // get SplitCore values; retries, rate limits, keys and token as client middlewares; the
        // mapping between generated types and domain values; credentials and server settings.
        // No Hummingbird, no server stubs.
        .target(
            name: "SplitCloud",
            dependencies: [
                "SplitCore", "SplitAPI", "SplitAPIClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Everything that talks to a server about a trip, joining the store and the cloud client
        // (neither knows the other): offline-first linked trips (Feed/: push the outbox, pull the
        // change feed; Snapshot/: the Node server, by diffing the whole group), `split upload`
        // (Upload/: resumable, with the id map in the local store), and the account's claims and
        // preferences (Account/).
        .target(name: "SplitSync", dependencies: ["SplitCore", "SplitStore", "SplitCloud"]),
        // One trip as a report: text, Markdown, one self-contained HTML page with SVG charts it
        // draws itself, and the JSON document of its numbers. Takes a plain value (TripReport),
        // so the CLI and split-server render the same page. Mustache templates escape every
        // value by default (Plot escapes no attribute value); SplitJSON writes amounts exactly
        // as every other --json does. No store, no Hummingbird.
        .target(
            name: "SplitReport",
            dependencies: ["SplitCore", "SplitJSON", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // Command-line interface: commands, context, text/JSON output.
        .target(
            name: "SplitCLI",
            dependencies: [
                "SplitCore", "SplitJSON", "SplitStore", "SplitImport", "SplitCloud", "SplitSync", "SplitReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `split` executable: @main only.
        .executableTarget(name: "split", dependencies: ["SplitCLI"]),
        // The cloud API contract's types: openapi.yaml generates Components, Operations and
        // APIProtocol; WireAmount (hand-written) converts its JSON-number amounts exactly. Shared by
        // the client and the server targets below, each generated from a link to the same file.
        .target(
            name: "SplitAPI",
            dependencies: ["SplitCore", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The generated `Client` of the contract (an APIProtocol over a ClientTransport).
        .target(
            name: "SplitAPIClient",
            dependencies: ["SplitAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The generated server stubs (`registerHandlers`); linked by split-server only.
        .target(
            name: "SplitAPIServer",
            dependencies: ["SplitAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The cloud server: Hummingbird handlers, PostgreSQL repositories, auth, migrations, and
        // the read-only page of `split share` (`/s/{token}`), rendered by SplitReport as the CLI does.
        .target(
            name: "SplitServer",
            dependencies: [
                "SplitCore", "SplitJSON", "SplitAPI", "SplitAPIServer", "SplitReport",
                .product(name: "Hummingbird", package: "hummingbird"),
                // HTTP1Channel and ServerChildChannel, for connection limits (Connections/).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Test support: the Node server's quirks (date forms, rate limits, 500s for bad input)
        // as a ServerFacade over the real server, for client tests. Not linked by split-server.
        .target(
            name: "SplitServerQuirks",
            dependencies: [
                "SplitServer", "SplitCore", "SplitJSON",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The `split-server` executable: reads configuration, then runs the server.
        .executableTarget(
            name: "split-server",
            dependencies: ["SplitServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Man pages from an ArgumentParser tool's `--experimental-dump-help` JSON, written by
        // scripts/install.sh and scripts/package-deb.sh at install and package time. Foundation only.
        .executableTarget(name: "split-manual"),
        // Benchmark driver: prints figures, never part of the test run.
        .executableTarget(name: "split-bench", dependencies: ["SplitCore"]),
        // Test support: runs `split` in a sandbox, in-process or as the built binary, the JSON view
        // and the shared expectations. Nothing of the product.
        .target(name: "SplitTestSupport", dependencies: ["SplitCLI", "SplitCore"], path: "Tests/SplitTestSupport"),
        // Test support for the server and cloud tests: databases on the throwaway cluster, each
        // new one a copy of a template migrated once per test process.
        .target(
            name: "SplitServerTestSupport",
            dependencies: [
                "SplitServer", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SplitServerTestSupport"
        ),
        .testTarget(
            name: "SplitCoreTests",
            dependencies: ["SplitCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SplitJSONTests", dependencies: ["SplitJSON", "SplitCore"]),
        .testTarget(
            name: "SplitReportTests",
            dependencies: ["SplitReport", "SplitCore", "SplitJSON", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SplitStoreTests", dependencies: ["SplitStore", "SplitCore"]),
        .testTarget(
            name: "SplitImportTests",
            dependencies: ["SplitImport", "SplitStore", "SplitCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "SplitCLITests", dependencies: ["split", "SplitCLI", "SplitCore", "SplitSync", "SplitTestSupport", "SplitJSON", "SplitReport"]),
        .testTarget(
            name: "SplitServerTests",
            dependencies: [
                "SplitServer", "SplitAPI", "SplitCore", "SplitJSON", "SplitServerTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Raw client sockets from chosen source addresses, for the connection tests.
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // Read by path: SQL that the Node server's database is made of, for the upgrade test.
            exclude: ["Fixtures"]
        ),
        // The cloud client and `split` in cloud mode against a real split-server (normal and
        // Node-quirks mode) on loopback, on the throwaway PostgreSQL of scripts/test.sh.
        .testTarget(
            name: "SplitCloudTests",
            dependencies: [
                "SplitCloud", "SplitSync", "SplitStore", "SplitServer", "SplitServerQuirks", "SplitCore", "split",
                "SplitAPI", "SplitAPIClient", "SplitTestSupport", "SplitServerTestSupport", "SplitCLI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
