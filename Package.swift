// swift-tools-version: 6.0
import PackageDescription

// Layers (arrows point down): line-login / LineLoginServer → LineSDK → OAuthEngine.
// OAuthEngine and LineSDK need only Foundation and swift-crypto, so an app that adds LineSDK
// compiles neither Hummingbird nor SwiftNIO (SwiftPM fetches them but builds only what a product uses).
// LineLoginEmulator depends on no client code (a bug shared with the client must not hide itself);
// EmulatorBrowser, the scripted user agent that drives its pages over HTTP, sits on OAuthEngine.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // Every import a public signature needs is written `public import`; a file uses only the members
    // of modules it imports itself.
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// The platforms with no Security framework (swift-crypto builds BoringSSL for the same list).
let nonApplePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "swift-line-login",
    // docs/APPLE_PLATFORMS.md: macOS 14 is Hummingbird's floor (platforms are package-wide); iOS, Mac Catalyst and
    // visionOS build the same UIKit code; tvOS and watchOS are not supported (their login UI is compiled out).
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .visionOS(.v1)],
    products: [
        .library(name: "OAuthEngine", targets: ["OAuthEngine"]),
        .library(name: "LineSDK", targets: ["LineSDK"]),
        .library(name: "LineLoginServer", targets: ["LineLoginServer"]),
        .library(name: "LineLoginHummingbird", targets: ["LineLoginHummingbird"]),
        // Shared state on PostgreSQL for sites that run several instances (docs/POSTGRES.md). Its own
        // product, so only an app that adds it builds postgres-nio.
        .library(name: "LineLoginPostgres", targets: ["LineLoginPostgres"]),
        .library(name: "LineLoginEmulator", targets: ["LineLoginEmulator"]),
        .library(name: "EmulatorBrowser", targets: ["EmulatorBrowser"]),
        .executable(name: "line-login", targets: ["line-login"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        // PKCS #1 DER for RSA keys (JOSE/RSAPublicKey.swift); swift-crypto depends on it already.
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // The server kit's metrics API (the app picks the backend); swift-prometheus is the example site's.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        // Already in the graph through Hummingbird; named for its server settings and remote addresses.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        // For LineLoginPostgres (and the example site's --postgres); no library but LineLoginPostgres depends on it.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
    ],
    targets: [
        // The primitives that hold no OAuth or LINE logic, so that the emulator can share them with the
        // client side without sharing a decision (the README's Design section).
        .target(name: "LineLoginPrimitives", resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: swiftSettings),
        .target(
            name: "OAuthEngine",
            dependencies: [
                "LineLoginPrimitives",
                .product(name: "Crypto", package: "swift-crypto"),
                // RS256 only, and only where there is no Security framework: on Apple platforms Security
                // verifies RSA, so an app builds no BoringSSL (swift-crypto's Crypto is CryptoKit there).
                .product(name: "CryptoExtras", package: "swift-crypto", condition: .when(platforms: nonApplePlatforms)),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            // Apple's privacy manifest: the required-reason APIs the target calls (PrivacyManifestTests checks it
            // against the sources). Resources can't depend on the platform; the bundle is unused off Apple's.
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineSDK",
            dependencies: ["OAuthEngine"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginEmulator",
            dependencies: [
                "LineLoginPrimitives",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "EmulatorBrowser",
            dependencies: ["OAuthEngine"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginServer",
            dependencies: [
                "LineSDK",
                "OAuthEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginHummingbird",
            dependencies: [
                "LineLoginServer",
                "LineSDK",
                "OAuthEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginExampleSite",
            dependencies: [
                "LineLoginServer", "LineLoginHummingbird", "LineSDK", "OAuthEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginPostgres",
            dependencies: [
                "LineLoginServer",
                "OAuthEngine",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "line-login",
            dependencies: [
                "LineLoginExampleSite", "LineLoginPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "LineSDK",
                "OAuthEngine",
                "LineLoginEmulator",
                "EmulatorBrowser",
                "LineLoginServer",
                "LineLoginPrimitives",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // The real-socket transport cases shared by the URLSession and AsyncHTTPClient transports' tests.
        .target(
            name: "TransportTestSupport",
            dependencies: ["OAuthEngine"],
            path: "Tests/TransportTestSupport",
            swiftSettings: swiftSettings
        ),
        // Test doubles and fixtures shared by the client-side test targets (and the server ones): the clocks,
        // scripted and recording transports, the token signer, a lock box, and an emulator harness wired
        // to the client (LineLoginEmulatorTests drive the emulator with raw HTTP instead, sharing no client code).
        .target(
            name: "ClientTestSupport",
            dependencies: [
                "OAuthEngine", "LineSDK", "LineLoginEmulator", "EmulatorBrowser",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/ClientTestSupport",
            swiftSettings: swiftSettings
        ),
        // Test helpers shared by the server-side test targets (fixtures, scripted transports, the refusal-table cases).
        .target(
            name: "LineLoginServerTestSupport",
            dependencies: [
                "LineLoginServer", "LineSDK", "OAuthEngine", "ClientTestSupport", "EmulatorBrowser",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/LineLoginServerTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuthEngineTests",
            dependencies: [
                "OAuthEngine", "TransportTestSupport", "ClientTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            // Wycheproof's vectors travel with the tests (a fresh clone runs every case); see Vectors/README.md.
            resources: [.copy("Vectors")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginPrimitivesTests",
            dependencies: ["LineLoginPrimitives"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineSDKTests",
            dependencies: ["LineSDK", "OAuthEngine", "ClientTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginEmulatorTests",
            dependencies: [
                "LineLoginEmulator", "TransportTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginServerTests",
            dependencies: [
                "LineLoginServer", "LineLoginHummingbird", "LineLoginServerTestSupport", "ClientTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"), .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"), "LineSDK", "OAuthEngine", "LineLoginEmulator",
                "EmulatorBrowser",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            // The store cases every NonceStore and WebSessionStore must pass, run for the memory stores and
            // the PostgreSQL ones, and the PostgreSQL stores' own tests (LINE_LOGIN_POSTGRES_URL).
            name: "LineLoginPostgresTests",
            dependencies: [
                "LineLoginPostgres", "LineLoginServer", "LineSDK", "OAuthEngine", "LineLoginServerTestSupport", "ClientTestSupport",
                "TransportTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "InMemoryLogging", package: "swift-log"), .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginExampleSiteTests",
            dependencies: [
                "LineLoginExampleSite", "LineLoginServer", "LineSDK",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OIDCInteropTests",
            dependencies: ["OAuthEngine", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["LineSDK", "OAuthEngine", "LineLoginEmulator", "EmulatorBrowser", "ClientTestSupport", "TransportTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)

// The libFuzzer harnesses (Fuzz/README.md, scripts/fuzz.sh). Gated: a libFuzzer binary has no `main` of
// its own (libFuzzer supplies it), so it links only with `-sanitize=fuzzer`; a normal build or `swift test`
// must never see the target.
if Context.environment["LINE_LOGIN_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "line-login-fuzz",
            dependencies: ["OAuthEngine", "LineSDK"],
            path: "Fuzz/Sources/line-login-fuzz",
            swiftSettings: swiftSettings
        )
    )
    package.products.append(.executable(name: "line-login-fuzz", targets: ["line-login-fuzz"]))
}

// The Vapor glue and the AsyncHTTPClient transport build the Vapor and AsyncHTTPClient stacks (SwiftNIO's
// TLS and HTTP/2 with BoringSSL), which the sanitizer and fuzzing builds (scripts/sanitize.sh,
// scripts/fuzz.sh) leave out with LINE_LOGIN_LEAN=1, to stay within CI's time: the Vapor glue renders the
// core's refusal table, whose cases the Hummingbird glue runs under the sanitizers too, and the transport's
// deadline cases are URLSession's too.
if Context.environment["LINE_LOGIN_LEAN"] != "1" {
    package.dependencies.append(.package(url: "https://github.com/vapor/vapor.git", from: "4.100.0"))
    package.dependencies.append(.package(url: "https://github.com/swift-server/async-http-client.git", from: "1.20.0"))
    package.targets.append(contentsOf: [
        .target(
            name: "LineLoginAsyncHTTPClient",
            dependencies: [
                "OAuthEngine",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginAsyncHTTPClientTests",
            dependencies: ["LineLoginAsyncHTTPClient", "OAuthEngine", "TransportTestSupport", "LineLoginServerTestSupport"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginVapor",
            dependencies: [
                "LineLoginServer",
                "LineSDK",
                "OAuthEngine",
                .product(name: "Vapor", package: "vapor"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginVaporTests",
            dependencies: [
                "LineLoginVapor", "LineLoginServer", "LineLoginServerTestSupport", "ClientTestSupport",
                .product(name: "VaporTesting", package: "vapor"),
            ],
            swiftSettings: swiftSettings
        ),
    ])
    package.products.append(.library(name: "LineLoginVapor", targets: ["LineLoginVapor"]))
    package.products.append(.library(name: "LineLoginAsyncHTTPClient", targets: ["LineLoginAsyncHTTPClient"]))
}
