// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tvshell",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TVShell", targets: ["ShellRuntime", "Parental"]),
        .executable(name: "tvshell", targets: ["tvshell"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .target(name: "CMPV", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd"),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium"),
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CInput", path: "Sources/CInput", pkgConfig: "libevdev"),
        .systemLibrary(name: "CXML", path: "Sources/CXML", pkgConfig: "libxml-2.0"),
        .target(
            name: "CNCurses",
            cSettings: [.define("_XOPEN_SOURCE_EXTENDED"), .define("NCURSES_WIDECHAR", to: "1")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "CPosix"),
        .target(name: "CRecorder", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CX11", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CMPRIS", linkerSettings: [.linkedLibrary("systemd")]),
        .target(name: "MediaModel"),
        .target(name: "ConfigFormat"),
        .target(name: "Canvas"),
        .target(name: "ShellCore", dependencies: ["MediaModel", "Canvas", "ConfigFormat"]),
        .target(name: "Catalog", dependencies: ["MediaModel", "CXML"]),
        .target(name: "MPVClient", dependencies: ["CMPV"]),
        .target(name: "TerminalUI", dependencies: ["CNCurses", "CPosix", "Canvas"]),
        .target(
            name: "ShellRuntime",
            dependencies: [
                "ShellCore", "MediaModel", "MPVClient", "TerminalUI", "CPosix", "Catalog", "ConfigFormat", "CSystemd", "CMPRIS", "CMosquitto", "CInput", "CRecorder", "CX11", "CCurl", "Library", "GuideStore", "Parental",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Parental",
            dependencies: [
                "ShellCore", "MediaModel", "Catalog", "ConfigFormat", "CSodium",
            ]
        ),
        .target(name: "Library", dependencies: ["MediaModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "GuideStore",
            dependencies: ["Catalog", "CXML", "MediaModel", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(name: "ShellProbes", dependencies: ["CPosix"]),
        .target(
            name: "ShellTesting",
            dependencies: ["ShellCore", "ShellRuntime", "MediaModel", "ShellProbes", "Library", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "tvshell",
            dependencies: [
                "ShellRuntime", "MediaModel", "Catalog", "ShellCore", "Parental", "Library", "GuideStore", "MPVClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "tvshell-delegate-example",
            dependencies: ["ShellRuntime", "ShellCore", "MediaModel", "Parental", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "FuzzTargets", dependencies: ["Catalog", "ConfigFormat", "MediaModel", "Parental", "ShellRuntime", "TerminalUI"]),
        .systemLibrary(name: "CFuzzer", path: "Sources/CFuzzer"),
        .executableTarget(name: "tvshell-fuzz", dependencies: ["FuzzTargets", "CFuzzer"]),
        .executableTarget(name: "tvshell-soak", dependencies: ["ShellProbes"]),
        .executableTarget(name: "tvshell-manual"),
        .executableTarget(
            name: "tvshell-bench",
            dependencies: ["MPVClient", "ShellProbes", "Catalog", "MediaModel", "TerminalUI", "CMosquitto", "ShellCore"]
        ),
        .testTarget(name: "MediaModelTests", dependencies: ["MediaModel"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "MediaModel"]),
        .testTarget(name: "ConfigFormatTests", dependencies: ["ConfigFormat"]),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "MediaModel"]),
        .testTarget(name: "GuideStoreTests", dependencies: ["GuideStore", "Catalog", "MediaModel"]),
        .testTarget(name: "ParentalTests", dependencies: ["Parental", "ShellCore", "MediaModel"]),
        .testTarget(name: "ShellCoreTests", dependencies: ["ShellCore", "ShellTesting", "MediaModel"]),
        .testTarget(
            name: "ShellViewTests",
            dependencies: ["ShellCore", "ShellRuntime", "ShellTesting", "MediaModel"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "MPVClientTests", dependencies: ["MPVClient", "ShellTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Canvas", "ShellProbes"]),
        .testTarget(name: "ShellRuntimeTests", dependencies: ["ShellRuntime", "ShellCore", "ShellTesting", "ShellProbes", "MediaModel", "TerminalUI", "MPVClient"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ShellTesting"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "ShellProbes"], exclude: ["Inputs"]),
    ]
)
