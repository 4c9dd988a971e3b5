// swift-tools-version:6.1
// `split`: an expense splitter for trips. See DESIGN.md in ../shared for the layers.
import PackageDescription

let package = Package(
    name: "split",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "split", targets: ["split"]),
        .library(name: "SplitCore", targets: ["SplitCore"]),
        .library(name: "SplitStore", targets: ["SplitStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Domain: money, splits, balances, settlement. Pure: no I/O, no clock, no UUID().
        .target(name: "SplitCore"),
        // Local SQLite store (GRDB on the system libsqlite3) and the local backend.
        .target(
            name: "SplitStore",
            dependencies: ["SplitCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Command-line interface: commands, context, text/JSON output.
        .target(
            name: "SplitCLI",
            dependencies: [
                "SplitCore", "SplitStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `split` executable: @main only.
        .executableTarget(name: "split", dependencies: ["SplitCLI"]),
        // Benchmark driver: prints figures, never part of the test run.
        .executableTarget(name: "split-bench", dependencies: ["SplitCore"]),
        .testTarget(
            name: "SplitCoreTests",
            dependencies: ["SplitCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SplitStoreTests", dependencies: ["SplitStore", "SplitCore"]),
        .testTarget(name: "SplitCLITests", dependencies: ["split", "SplitCLI", "SplitCore"]),
    ],
    swiftLanguageModes: [.v6]
)
