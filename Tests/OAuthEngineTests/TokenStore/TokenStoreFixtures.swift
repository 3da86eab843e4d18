import Foundation
import OAuthEngine

/// Token sets and scratch directories for the token store tests.
enum TokenStoreFixtures {
    static let accessToken = "at-SECRET-eyJhbGciOiJIUzI1NiJ9.access"
    static let refreshToken = "rt-SECRET-refresh-value"
    static let idToken = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJVMTIzIn0.SECRET-signature"

    /// A token set with whole-second dates (they round-trip exactly through seconds since 1970).
    static func tokens(_ suffix: String = "") -> TokenSet {
        TokenSet(
            accessToken: accessToken + suffix,
            refreshToken: refreshToken + suffix,
            idToken: idToken,
            scopes: ["profile", "openid"],
            issuedAt: Date(timeIntervalSince1970: 1_700_000_000),
            expiresAt: Date(timeIntervalSince1970: 1_700_002_592)
        )
    }

    /// A fresh directory under the system temporary directory; `body` gets it and it is removed afterwards.
    static func withScratchDirectory(_ body: (URL) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("token-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try await body(root)
    }

    /// The permission bits of the item at `url`.
    static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}
