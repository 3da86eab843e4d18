// swift-tools-version: 6.0
import PackageDescription

// Layers (arrows point down): line-login / LineLoginServer / LineLoginEmulator → LineSDK → OAuthEngine.
// OAuthEngine and LineSDK need only Foundation and swift-crypto, so an app that adds LineSDK
// compiles neither Hummingbird nor SwiftNIO (SwiftPM fetches them but builds only what a product uses).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // Every import a public signature needs is written `public import`; a file uses only the members
    // of modules it imports itself.
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "swift-line-login",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        .library(name: "OAuthEngine", targets: ["OAuthEngine"]),
        .library(name: "LineSDK", targets: ["LineSDK"]),
        .library(name: "LineLoginServer", targets: ["LineLoginServer"]),
        .library(name: "LineLoginEmulator", targets: ["LineLoginEmulator"]),
        .executable(name: "line-login", targets: ["line-login"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
    ],
    targets: [
        .target(
            name: "OAuthEngine",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineSDK",
            dependencies: ["OAuthEngine"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LineLoginEmulator",
            dependencies: [
                "OAuthEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: Array(swiftSettings.prefix(2))
        ),
        .target(
            name: "LineLoginServer",
            dependencies: [
                "LineSDK",
                "OAuthEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "line-login",
            dependencies: [
                "LineSDK",
                "OAuthEngine",
                "LineLoginEmulator",
                "LineLoginServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "line-login-bench",
            dependencies: [
                "LineSDK", "OAuthEngine", "LineLoginEmulator", "LineLoginServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Benchmarks/line-login-bench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuthEngineTests",
            dependencies: ["OAuthEngine", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineSDKTests",
            dependencies: ["LineSDK", "OAuthEngine"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LineLoginEmulatorTests",
            dependencies: ["LineLoginEmulator", "OAuthEngine", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: Array(swiftSettings.prefix(2))
        ),
        .testTarget(
            name: "LineLoginServerTests",
            dependencies: [
                "LineLoginServer", "LineSDK", "OAuthEngine", "LineLoginEmulator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
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
            dependencies: ["LineSDK", "OAuthEngine", "LineLoginEmulator"],
            swiftSettings: swiftSettings
        ),
    ]
)
