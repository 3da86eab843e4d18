#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension TokenCommand {
    /// `line-login token revoke`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke the access token (or, with --refresh, the refresh token) and forget the session.")
        @OptionGroup var session: SessionOptions
        @Flag(name: .customLong("refresh"), help: "Revoke the refresh token instead.")
        var refreshToken = false

        func run() async throws {
            try await reportingFailures(session.diagnostics) {
                let api = try session.makeSessionManager().api
                if refreshToken { try await api.revokeRefreshToken() } else { try await api.revokeAccessToken() }
                if session.json { Console.json(["revoked": true]) } else { Console.out("Revoked.") }
            }
        }
    }
}
#endif
