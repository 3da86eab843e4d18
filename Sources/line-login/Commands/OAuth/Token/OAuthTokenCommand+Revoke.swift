#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthTokenCommand {
    /// `line-login oauth token revoke`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke the access token (or, with --refresh, the refresh token) at the provider (RFC 7009).",
            discussion:
                "After revoking the access token the session refreshes before its next call, if it has a refresh token; otherwise it is forgotten."
        )
        @OptionGroup var options: OAuthOptions
        @Flag(name: .customLong("refresh"), help: "Revoke the refresh token instead.")
        var refreshToken = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                try await client.revoke(refreshToken ? .refreshToken : .accessToken)
                let signedIn = await client.session.current() != nil
                if options.json {
                    Console.json(["revoked": refreshToken ? "refresh_token" : "access_token", "signedIn": signedIn])
                } else {
                    Console.out("Revoked the \(refreshToken ? "refresh" : "access") token.\(signedIn ? "" : " Signed out.")")
                }
            }
        }
    }
}
#endif
