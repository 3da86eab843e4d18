import ArgumentParser
import Foundation
import OAuthEngine

/// `line-login oauth token show|refresh|introspect|revoke`.
struct OAuthTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Show, refresh, introspect or revoke the session's tokens.",
        subcommands: [Show.self, Print.self, Refresh.self, Introspect.self, Revoke.self])

    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the bare access token, for scripts (`$(line-login oauth token print --reveal)`).",
            discussion: "The token is a secret: --reveal is required, as with `oauth token show --reveal`, the only other command that prints it.")
        @OptionGroup var options: OAuthOptions
        @Flag(help: "Confirm that the token may be printed.")
        var reveal = false

        func validate() throws {
            try options.validateOptions()
            if !reveal { throw ValidationError("oauth token print writes the access token itself to stdout: add --reveal to confirm.") }
        }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                guard options.hasClient else { throw CommandFailure(oauth: .notSignedIn) }
                let client = try await options.makeClient()
                guard let tokens = await client.session.current() else { throw CommandFailure(oauth: .notSignedIn) }
                Console.out(tokens.accessToken)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the stored tokens' scopes, expiry and ID-token claims (exit 3 if none).")
        @OptionGroup var options: OAuthOptions
        @Flag(help: "Also print the tokens (they are secrets: mind your terminal history and logs).")
        var reveal = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                guard options.hasClient else { throw CommandFailure(oauth: .notSignedIn) }
                let client = try await options.makeClient()
                guard let tokens = await client.session.current() else { throw CommandFailure(oauth: .notSignedIn) }
                let configuration = client.configuration
                if options.json || reveal {
                    Console.json(OAuthTokenSummary.dictionary(tokens, issuer: configuration.endpoints.issuer, clientID: configuration.clientID, reveal: reveal))
                } else {
                    Console.out("Signed in to \(configuration.endpoints.issuer) as client \(configuration.clientID).")
                    OAuthTokenSummary.lines(tokens).forEach(Console.out)
                }
            }
        }
    }

    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Refresh the access token now.")
        @OptionGroup var options: OAuthOptions

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                let tokens = try await client.refresh()
                if options.json {
                    Console.json(OAuthTokenSummary.dictionary(tokens, issuer: client.configuration.endpoints.issuer, clientID: client.configuration.clientID))
                } else {
                    Console.out("Refreshed.")
                    OAuthTokenSummary.lines(tokens).forEach(Console.out)
                }
            }
        }
    }

    struct Introspect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Ask the provider whether the access (or refresh) token is active (RFC 7662).")
        @OptionGroup var options: OAuthOptions
        @Flag(name: .customLong("refresh"), help: "Introspect the refresh token instead.")
        var refreshToken = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                let result = try await client.introspect(refreshToken ? .refreshToken : .accessToken)
                if options.json { Console.json(OAuthTokenSummary.introspection(result)) } else {
                    Console.out(result.isActive ? "Active." : "Not active.")
                    if let scopes = result.scopes { Console.out("scopes:  \(scopes.joined(separator: " "))") }
                    if let subject = result.subject { Console.out("user ID: \(subject)") }
                    if let expiresAt = result.expiresAt { Console.out("expires: \(ISO8601DateFormatter().string(from: expiresAt))") }
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke the access token (or, with --refresh, the refresh token) at the provider (RFC 7009).",
            discussion: "After revoking the access token the session refreshes before its next call, if it has a refresh token; otherwise it is forgotten.")
        @OptionGroup var options: OAuthOptions
        @Flag(name: .customLong("refresh"), help: "Revoke the refresh token instead.")
        var refreshToken = false

        func validate() throws { try options.validateOptions() }

        func run() async throws {
            try await reportingOAuthFailures(options.diagnostics) {
                let client = try await options.makeClient()
                try await client.revoke(refreshToken ? .refreshToken : .accessToken)
                let signedIn = await client.session.current() != nil
                if options.json { Console.json(["revoked": refreshToken ? "refresh_token" : "access_token", "signedIn": signedIn]) } else {
                    Console.out("Revoked the \(refreshToken ? "refresh" : "access") token.\(signedIn ? "" : " Signed out.")")
                }
            }
        }
    }
}
