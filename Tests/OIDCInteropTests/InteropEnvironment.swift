import Foundation
import Testing

/// The glewlwyd setup that `scripts/glewlwyd/up.sh` writes (`.build/glewlwyd/env.json`, or the file
/// `$OIDC_INTEROP_ENV` names).
struct InteropEnvironment: Decodable, Sendable {
    struct Issuer: Decodable, Sendable {
        let issuer: String
        let plugin: String
        let algorithm: String
        let kid: String
    }

    struct User: Decodable, Sendable {
        let username: String
        let password: String
        let name: String
        let email: String
    }

    struct Client: Decodable, Sendable {
        let clientID: String
        let clientSecret: String?
    }

    let baseURL: URL
    let issuers: [Issuer]
    let user: User
    let scopes: [String]
    let redirectURIs: [URL]
    let publicClient: Client
    let confidentialClient: Client

    /// The issuer signing with `algorithm` (`ES256` or `RS256`).
    func issuer(_ algorithm: String) throws -> Issuer {
        guard let issuer = issuers.first(where: { $0.algorithm == algorithm }) else {
            throw InteropFailure("env.json has no \(algorithm) issuer")
        }
        return issuer
    }

    /// Where the file is looked for.
    static var path: URL {
        if let explicit = ProcessInfo.processInfo.environment["OIDC_INTEROP_ENV"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        // Tests/OIDCInteropTests/InteropEnvironment.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/glewlwyd/env.json")
    }

    private static let skipNoteOnce: Void = print(
        "OIDCInteropTests skipped: no glewlwyd setup at \(path.path): run scripts/glewlwyd/up.sh (or set OIDC_INTEROP_ENV)")

    /// The setup, or `nil` after a note when there is none: outside CI the tests skip, under `CI=true`
    /// a missing setup is a failure (the CI script brings glewlwyd up before the tests).
    static func load(sourceLocation: SourceLocation = #_sourceLocation) -> InteropEnvironment? {
        let path = path
        guard let data = try? Data(contentsOf: path) else {
            let note = "no glewlwyd setup at \(path.path): run scripts/glewlwyd/up.sh (or set OIDC_INTEROP_ENV)"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record(Comment(rawValue: note + " — required under CI=true"), sourceLocation: sourceLocation)
            } else {
                _ = skipNoteOnce
            }
            return nil
        }
        do {
            return try JSONDecoder().decode(InteropEnvironment.self, from: data)
        } catch {
            Issue.record(Comment(rawValue: "\(path.path) is not a glewlwyd setup: \(error)"), sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A failed precondition in an interop test.
struct InteropFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
