// swift-tools-version: 6.1
import PackageDescription

// Layers (arrows point down): line-login, LineLoginServer and its glue → LineLoginPlatform (LINE's endpoints and
// wire types) ← LineSDK (LINE's iOS API); both → OAuthEngine → LineLoginPrimitives. LineLoginEmulator depends on
// no client code (a bug shared with the client must not hide itself); EmulatorBrowser, the scripted user agent
// that drives its pages over HTTP, sits on OAuthEngine.
//
// Package traits (SE-0450) keep an app's graph to what it uses. SwiftPM resolves, for a dependency, every package
// any of its products reaches unless a trait that is off guards every reference to it: so every product
// dependency beyond swift-crypto and swift-asn1 (swift-crypto's own) carries a trait condition, and the code of a
// gated target sits in `#if <Trait>` (its Trait.swift says which trait to enable). With the default (no trait), an
// app that adds LineSDK or OAuthEngine resolves swift-crypto and swift-asn1 alone. scripts/check-resolution.sh
// proves it on every CI run; docs/PACKAGE.md has the table.
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

/// A product of another package that only `trait` brings.
func gated(_ product: String, of package: String, by trait: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [trait]))
}

/// A target of this package that only `trait` builds into its dependant.
func gated(_ target: String, by trait: String) -> Target.Dependency {
    .target(name: target, condition: .when(traits: [trait]))
}

let package = Package(
    name: "swift-line-login",
    // docs/APPLE_PLATFORMS.md: macOS 14 is Hummingbird's floor (platforms are package-wide); iOS, Mac Catalyst and
    // visionOS build the same UIKit code; tvOS and watchOS are not supported (their login UI is compiled out).
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .visionOS(.v1)],
    products: [
        .library(name: "OAuthEngine", targets: ["OAuthEngine"]),
        .library(name: "LineSDK", targets: ["LineSDK"]),
        .library(name: "LineLoginPlatform", targets: ["LineLoginPlatform"]),
        .library(name: "EmulatorBrowser", targets: ["EmulatorBrowser"]),
        .library(name: "LineLoginServer", targets: ["LineLoginServer"]),
        .library(name: "LineLoginHummingbird", targets: ["LineLoginHummingbird"]),
        .library(name: "LineLoginVapor", targets: ["LineLoginVapor"]),
        // Shared state on PostgreSQL for sites that run several instances (docs/POSTGRES.md).
        .library(name: "LineLoginPostgres", targets: ["LineLoginPostgres"]),
        .library(name: "LineLoginAsyncHTTPClient", targets: ["LineLoginAsyncHTTPClient"]),
        .library(name: "LineLoginEmulator", targets: ["LineLoginEmulator"]),
        // The emulator's HTTPS for LINE's host names, from a local certificate authority (EmulatorHTTPS trait).
        .library(name: "LineLoginEmulatorHTTPS", targets: ["LineLoginEmulatorHTTPS"]),
        // The emulator for an app's or a backend's own tests (Emulator trait).
        .library(name: "LineLoginTesting", targets: ["LineLoginTesting"]),
        .executable(name: "line-login", targets: ["line-login"]),
    ],
    traits: [
        .trait(name: "Server", description: "LineLoginServer: verify what apps send, web login, deauthorize (swift-log, swift-metrics)."),
        .trait(name: "Hummingbird", description: "LineLoginHummingbird: the server kit on Hummingbird 2.", enabledTraits: ["Server"]),
        .trait(name: "Vapor", description: "LineLoginVapor: the server kit on Vapor 4.", enabledTraits: ["Server"]),
        .trait(
            name: "PostgreSQL", description: "LineLoginPostgres: nonce, session and token-cache stores on PostgreSQL (postgres-nio).",
            enabledTraits: ["Server"]),
        .trait(name: "AsyncHTTPClient", description: "LineLoginAsyncHTTPClient: the server products' HTTP on AsyncHTTPClient."),
        .trait(
            name: "Emulator", description: "LineLoginEmulator, and LineLoginTesting for your tests: a local LINE Platform on Hummingbird 2."
        ),
        .trait(
            name: "EmulatorHTTPS",
            description:
                "LineLoginEmulatorHTTPS and `line-login emulator --line-hosts`: the emulator answering for LINE's host names over HTTPS, from a local CA (swift-nio-ssl, swift-certificates).",
            enabledTraits: ["Emulator"]),
        // Not EmulatorHTTPS: the demo and the plain emulator build no TLS stack (docs/PACKAGE.md).
        .trait(
            name: "CLI", description: "The line-login command: the demo, the emulator, your LINE session from a terminal, OIDC sign-in.",
            enabledTraits: ["Emulator", "Server"]),
        .trait(
            name: "ExampleSite", description: "line-login example-site: a web-login site (Hummingbird, PostgreSQL, Prometheus).",
            enabledTraits: ["CLI", "Hummingbird", "PostgreSQL"]),
        .default(enabledTraits: []),
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
        // Without its default traits: ConfigurationSupport would compile swift-configuration into every app that uses
        // the Hummingbird glue or the emulator, and no code here reads a ConfigReader; FullFoundation only changes
        // dates in its URL-encoded forms, which nothing here decodes. An app that wants them enables them on its own
        // hummingbird dependency (traits add up).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: []),
        // Already in the graph through Hummingbird; named for its server settings and remote addresses.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.100.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.20.0"),
        // The emulator's local certificate authority and its HTTPS for LINE's host names (EmulatorHTTPS trait only).
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
    ],
    targets: [
        // The primitives that hold no OAuth or LINE logic, so that the emulator can share them with the
        // client side without sharing a decision (docs: OAuthEngine's "Design" article).
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
        // LINE's platform knowledge: endpoints, the platform client, the post-login check, the wire types, the
        // button's texts and colours. LineSDK (the iOS-shaped façade, which re-exports it) and the server kit both
        // build on it.
        .target(
            name: "LineLoginPlatform",
            dependencies: ["OAuthEngine"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineSDK",
            dependencies: ["LineLoginPlatform", "OAuthEngine", "LineLoginPrimitives"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
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
                "LineLoginPlatform",
                "OAuthEngine",
                "LineLoginPrimitives",
                .product(name: "Crypto", package: "swift-crypto"),
                gated("Logging", of: "swift-log", by: "Server"),
                gated("CoreMetrics", of: "swift-metrics", by: "Server"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginHummingbird",
            dependencies: [
                "LineLoginServer",
                "LineLoginPlatform",
                "OAuthEngine",
                gated("Hummingbird", of: "hummingbird", by: "Hummingbird"),
                gated("HummingbirdCore", of: "hummingbird", by: "Hummingbird"),
                gated("NIOCore", of: "swift-nio", by: "Hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginVapor",
            dependencies: [
                "LineLoginServer",
                "LineLoginPlatform",
                "OAuthEngine",
                gated("Vapor", of: "vapor", by: "Vapor"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginPostgres",
            dependencies: [
                "LineLoginServer",
                "OAuthEngine",
                "LineLoginPrimitives",
                .product(name: "Crypto", package: "swift-crypto"),
                gated("PostgresNIO", of: "postgres-nio", by: "PostgreSQL"),
                gated("Logging", of: "swift-log", by: "PostgreSQL"),
                gated("CoreMetrics", of: "swift-metrics", by: "PostgreSQL"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginAsyncHTTPClient",
            dependencies: [
                "OAuthEngine",
                gated("AsyncHTTPClient", of: "async-http-client", by: "AsyncHTTPClient"),
                gated("NIOCore", of: "swift-nio", by: "AsyncHTTPClient"),
                gated("NIOHTTP1", of: "swift-nio", by: "AsyncHTTPClient"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginEmulator",
            dependencies: [
                "LineLoginPrimitives",
                .product(name: "Crypto", package: "swift-crypto"),
                gated("Hummingbird", of: "hummingbird", by: "Emulator"),
                gated("HummingbirdCore", of: "hummingbird", by: "Emulator"),
                gated("NIOCore", of: "swift-nio", by: "Emulator"),
                gated("Logging", of: "swift-log", by: "Emulator"),
            ],
            swiftSettings: swiftSettings
        ),
        // The emulator's HTTPS for LINE's host names: the local certificate authority and the TLS server. A target of
        // its own so that LineLoginEmulator (the demo, an app's tests) names no TLS library.
        .target(
            name: "LineLoginEmulatorHTTPS",
            dependencies: [
                "LineLoginPrimitives",
                gated("LineLoginEmulator", by: "EmulatorHTTPS"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                gated("HummingbirdCore", of: "hummingbird", by: "EmulatorHTTPS"),
                gated("HummingbirdTLS", of: "hummingbird", by: "EmulatorHTTPS"),
                gated("NIOCore", of: "swift-nio", by: "EmulatorHTTPS"),
                gated("NIOSSL", of: "swift-nio-ssl", by: "EmulatorHTTPS"),
                gated("X509", of: "swift-certificates", by: "EmulatorHTTPS"),
            ],
            swiftSettings: swiftSettings
        ),
        // The emulator in a test's process, with sign-in without a browser and its test controls: the public API
        // users' test suites (and this package's) start LINE with.
        .target(
            name: "LineLoginTesting",
            dependencies: [
                "LineSDK", "LineLoginPlatform", "OAuthEngine", "EmulatorBrowser",
                gated("LineLoginEmulator", by: "Emulator"),
            ],
            swiftSettings: swiftSettings
        ),
        // The example site `line-login example-site` serves; only the CLI (with the ExampleSite trait) uses it.
        .target(
            name: "LineLoginExampleSite",
            dependencies: [
                "LineLoginServer", "LineLoginHummingbird", "LineLoginPlatform", "OAuthEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                gated("Hummingbird", of: "hummingbird", by: "ExampleSite"),
                gated("Prometheus", of: "swift-prometheus", by: "ExampleSite"),
                gated("CoreMetrics", of: "swift-metrics", by: "ExampleSite"),
                gated("NIOCore", of: "swift-nio", by: "ExampleSite"),
                gated("Logging", of: "swift-log", by: "ExampleSite"),
            ],
            swiftSettings: swiftSettings
        ),
        // The CLI: the demo and the terminal commands need only the CLI trait (LineSDK, the emulator, the argument
        // parser); `example-site` and its PostgreSQL and Prometheus, the ExampleSite trait.
        .executableTarget(
            name: "line-login",
            dependencies: [
                "LineSDK", "OAuthEngine", "EmulatorBrowser", "LineLoginPrimitives",
                gated("LineLoginEmulator", by: "CLI"),
                gated("LineLoginEmulatorHTTPS", by: "EmulatorHTTPS"),
                gated("LineLoginServer", by: "CLI"),
                gated("ArgumentParser", of: "swift-argument-parser", by: "CLI"),
                gated("Hummingbird", of: "hummingbird", by: "CLI"),
                gated("NIOCore", of: "swift-nio", by: "CLI"),
                gated("NIOPosix", of: "swift-nio", by: "CLI"),
                gated("Logging", of: "swift-log", by: "CLI"),
                gated("CoreMetrics", of: "swift-metrics", by: "CLI"),
                gated("LineLoginExampleSite", by: "ExampleSite"),
                gated("LineLoginPostgres", by: "ExampleSite"),
                gated("PostgresNIO", of: "postgres-nio", by: "ExampleSite"),
                gated("Prometheus", of: "swift-prometheus", by: "ExampleSite"),
            ],
            swiftSettings: swiftSettings
        ),
        // The real-socket transport cases shared by the URLSession and AsyncHTTPClient transports' tests.
        .target(
            name: "TransportTestSupport",
            dependencies: ["LineLoginPrimitives", "OAuthEngine"],
            path: "Tests/TransportTestSupport",
            swiftSettings: swiftSettings
        ),
        // Test doubles and fixtures shared by the client-side test targets (and the server ones): the clocks,
        // scripted and recording transports, the token signer, a lock box, and an emulator harness (LineLoginTesting with
        // the package's own defaults) wired to the client (LineLoginEmulatorTests drive the emulator with raw HTTP instead,
        // sharing no client code).
        .target(
            name: "ClientTestSupport",
            dependencies: [
                "LineLoginPrimitives",
                "OAuthEngine", "LineSDK", "EmulatorBrowser", gated("LineLoginEmulator", by: "Emulator"),
                gated("LineLoginTesting", by: "Emulator"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/ClientTestSupport",
            swiftSettings: swiftSettings
        ),
        // Test helpers shared by the server-side test targets (fixtures, scripted transports, the refusal-table cases).
        .target(
            name: "LineLoginServerTestSupport",
            dependencies: [
                "LineLoginPrimitives",
                "LineLoginServer", "LineLoginPlatform", "LineSDK", "OAuthEngine", "ClientTestSupport", "EmulatorBrowser",
                gated("LineLoginTesting", by: "Emulator"),
                .product(name: "Crypto", package: "swift-crypto"),
                // HummingbirdRouterClient: the router answering in process, without HummingbirdTesting.
                gated("Hummingbird", of: "hummingbird", by: "Hummingbird"), gated("NIOCore", of: "swift-nio", by: "Hummingbird"),
                gated("NIOEmbedded", of: "swift-nio", by: "Hummingbird"), gated("Logging", of: "swift-log", by: "Hummingbird"),
            ],
            path: "Tests/LineLoginServerTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuthEngineTests",
            dependencies: [
                "LineLoginPrimitives",
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
            dependencies: [
                "LineLoginPrimitives", "LineSDK", "LineLoginPlatform", "OAuthEngine", "ClientTestSupport",
                gated("LineLoginTesting", by: "Emulator"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginEmulatorTests",
            dependencies: [
                "LineLoginPrimitives",
                "LineLoginEmulator", "TransportTestSupport", gated("Hummingbird", of: "hummingbird", by: "Emulator"),
                gated("NIOCore", of: "swift-nio", by: "Emulator"), gated("NIOPosix", of: "swift-nio", by: "Emulator"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The local certificate authority and the HTTPS mode, over real TLS connections.
        .testTarget(
            name: "LineLoginEmulatorHTTPSTests",
            dependencies: [
                "LineLoginPrimitives", "LineLoginEmulatorHTTPS", gated("LineLoginEmulator", by: "EmulatorHTTPS"),
                gated("NIOCore", of: "swift-nio", by: "EmulatorHTTPS"), gated("NIOPosix", of: "swift-nio", by: "EmulatorHTTPS"),
                gated("NIOSSL", of: "swift-nio-ssl", by: "EmulatorHTTPS"), gated("X509", of: "swift-certificates", by: "EmulatorHTTPS"),
                .product(name: "SwiftASN1", package: "swift-asn1"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginServerTests",
            dependencies: [
                "LineLoginPrimitives",
                "LineLoginServer", "LineLoginHummingbird", "LineLoginServerTestSupport", "ClientTestSupport", "LineLoginPlatform",
                "LineSDK", "OAuthEngine", "LineLoginEmulator", "EmulatorBrowser", gated("LineLoginTesting", by: "Emulator"),
                gated("Hummingbird", of: "hummingbird", by: "Hummingbird"),
                gated("NIOCore", of: "swift-nio", by: "Hummingbird"),
                gated("InMemoryLogging", of: "swift-log", by: "Server"), gated("Logging", of: "swift-log", by: "Server"),
                gated("MetricsTestKit", of: "swift-metrics", by: "Server"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            // The store cases every NonceStore and WebSessionStore must pass, run for the memory stores and
            // the PostgreSQL ones, and the PostgreSQL stores' own tests (LINE_LOGIN_POSTGRES_URL).
            name: "LineLoginPostgresTests",
            dependencies: [
                "LineLoginPrimitives",
                "LineLoginPostgres", "LineLoginServer", "LineSDK", "OAuthEngine", "LineLoginServerTestSupport", "ClientTestSupport",
                "TransportTestSupport",
                gated("PostgresNIO", of: "postgres-nio", by: "PostgreSQL"),
                .product(name: "Crypto", package: "swift-crypto"),
                gated("InMemoryLogging", of: "swift-log", by: "PostgreSQL"), gated("Logging", of: "swift-log", by: "PostgreSQL"),
                gated("MetricsTestKit", of: "swift-metrics", by: "PostgreSQL"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginExampleSiteTests",
            dependencies: [
                "LineLoginExampleSite", "LineLoginServer", "LineLoginPlatform", "LineLoginServerTestSupport",
                gated("Hummingbird", of: "hummingbird", by: "ExampleSite"), gated("NIOCore", of: "swift-nio", by: "ExampleSite"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginAsyncHTTPClientTests",
            dependencies: ["LineLoginAsyncHTTPClient", "OAuthEngine", "TransportTestSupport", "LineLoginServerTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginVaporTests",
            dependencies: [
                "LineLoginVapor", "LineLoginServer", "LineLoginServerTestSupport", "ClientTestSupport",
                gated("VaporTesting", of: "vapor", by: "Vapor"),
            ],
            swiftSettings: swiftSettings
        ),
        // LineLoginTesting's examples: an app's LineSDK code and a backend's verifier under `swift test`, through
        // public API only (no @testable), as a user's test target would.
        .testTarget(
            name: "LineLoginTestingExamples",
            dependencies: [
                "LineSDK", "LineLoginPlatform", "OAuthEngine",
                gated("LineLoginTesting", by: "Emulator"),
                gated("LineLoginServer", by: "Server"),
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
            dependencies: [
                "LineLoginPrimitives", "LineSDK", "OAuthEngine", "LineLoginEmulator", "EmulatorBrowser", "ClientTestSupport",
                "TransportTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
