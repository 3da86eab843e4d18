// swift-tools-version: 6.1
import PackageDescription

// The benchmark in a package of its own, so that users of the library never resolve its extra
// dependencies (jwt-kit, for the comparison rows). It depends on the library by path: `scripts/bench.sh`
// builds it with `swift build -c release --package-path Benchmarks`.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "line-login-benchmarks",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "line-login-bench", targets: ["line-login-bench"]),
        .executable(name: "line-login-callgrind", targets: ["line-login-callgrind"]),
    ],
    dependencies: [
        // Named, so the identity doesn't depend on the directory the repository is cloned into.
        // With the traits the measured products need (the library's default is none): the frameworks' glue,
        // the PostgreSQL stores, the emulator and the CLI.
        .package(name: "swift-line-login", path: "..", traits: ["Hummingbird", "Vapor", "PostgreSQL", "Emulator", "CLI"]),
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.100.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
    ],
    targets: [
        // The tokens, keys and jwt-kit setup both executables measure.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "OAuthEngine", package: "swift-line-login"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "BenchmarkFixtures",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "line-login-bench",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "LineSDK", package: "swift-line-login"),
                .product(name: "OAuthEngine", package: "swift-line-login"),
                .product(name: "LineLoginEmulator", package: "swift-line-login"),
                .product(name: "EmulatorBrowser", package: "swift-line-login"),
                .product(name: "LineLoginServer", package: "swift-line-login"),
                .product(name: "LineLoginHummingbird", package: "swift-line-login"),
                .product(name: "LineLoginVapor", package: "swift-line-login"),
                .product(name: "LineLoginPostgres", package: "swift-line-login"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "line-login-bench",
            swiftSettings: swiftSettings
        ),
        // Separate from line-login-bench because its `main` is synchronous: valgrind 3.19 crashes in the
        // signal wait that an async `main` (dispatch_main) leaves the main thread in.
        .executableTarget(
            name: "line-login-callgrind",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "OAuthEngine", package: "swift-line-login"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "line-login-callgrind",
            swiftSettings: swiftSettings
        ),
    ]
)
