// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer harnesses (README.md here, scripts/fuzz.sh) in a package of their own, as Benchmarks/: a libFuzzer
// binary has no `main` of its own (libFuzzer supplies it), so it links only with `-sanitize=fuzzer`, and users of
// the library never see the target. It depends on the library by path, with its default traits (the harnesses
// need OAuthEngine and LineSDK only), and reaches their internals with `@testable import` in a debug build.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "line-login-fuzz",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [.executable(name: "line-login-fuzz", targets: ["line-login-fuzz"])],
    dependencies: [
        // Named, so the identity doesn't depend on the directory the repository is cloned into.
        .package(name: "swift-line-login", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "line-login-fuzz",
            dependencies: [
                .product(name: "OAuthEngine", package: "swift-line-login"),
                .product(name: "LineSDK", package: "swift-line-login"),
            ],
            path: "Sources/line-login-fuzz",
            swiftSettings: swiftSettings
        )
    ]
)
