#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension OAuthOptions: TokenSessionOptions {
    static var text: TokenCommandText { .oauth }

    func openSession(_ use: TokenSessionUse) async throws -> OAuthTokenSession {
        // With no client named or remembered there is no session to read; a call needs the client's flags.
        if use == .reading, !hasClient { throw CommandFailure(oauth: .notSignedIn) }
        return OAuthTokenSession(client: try await makeClient())
    }
}

/// Any provider's side of `line-login oauth token …`: the session `line-login oauth login` stored for an
/// issuer and client, shown with its scopes and checked by RFC 7662 introspection.
struct OAuthTokenSession: TokenSession {
    let client: OAuthClient

    /// `--refresh`: introspect the refresh token.
    struct CheckOptions: ParsableArguments {
        @Flag(name: .customLong("refresh"), help: "Introspect the refresh token instead.")
        var refreshToken = false
    }

    var notLoggedIn: CommandFailure { CommandFailure(oauth: .notSignedIn) }

    func current() async -> OAuthTokens? { await client.session.current().map(tokens) }

    func refresh() async throws -> OAuthTokens { tokens(try await explained { try await client.refresh() }) }

    func revoke(refreshToken: Bool) async throws -> TokenReport {
        try await explained { try await client.revoke(refreshToken ? .refreshToken : .accessToken) }
        let signedIn = await client.session.current() != nil
        return TokenReport(
            json: ["revoked": refreshToken ? "refresh_token" : "access_token", "signedIn": signedIn],
            lines: ["Revoked the \(refreshToken ? "refresh" : "access") token.\(signedIn ? "" : " Signed out.")"])
    }

    func check(_ options: CheckOptions) async throws -> TokenReport {
        let result = try await explained { try await client.introspect(options.refreshToken ? .refreshToken : .accessToken) }
        var lines = [result.isActive ? "Active." : "Not active."]
        if let scopes = result.scopes { lines.append("scopes:  \(TerminalText.field(scopes.joined(separator: " ")))") }
        if let subject = result.subject { lines.append("user ID: \(TerminalText.field(subject))") }
        if let expiresAt = result.expiresAt { lines.append("expires: \(ISO8601DateFormatter().string(from: expiresAt))") }
        return TokenReport(json: OAuthTokenSummary.introspection(result), lines: lines)
    }

    private func tokens(_ tokens: TokenSet) -> OAuthTokens {
        OAuthTokens(tokens: tokens, issuer: client.configuration.endpoints.issuer, clientID: client.configuration.clientID)
    }

    /// An engine error as the `oauth` commands explain it (``OAuthErrorText``).
    private func explained<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as OAuthError { throw CommandFailure(oauth: error) }
    }
}

/// An OAuth token set as the CLI shows it: ``OAuthTokenSummary``, headed by the issuer and client.
struct OAuthTokens: SessionTokens {
    let tokens: TokenSet
    let issuer: String
    let clientID: String

    var accessToken: String { tokens.accessToken }
    var heading: String? { "Signed in to \(issuer) as client \(clientID)." }
    func summary(reveal: Bool) -> [String: Any] {
        OAuthTokenSummary.dictionary(tokens, issuer: issuer, clientID: clientID, reveal: reveal)
    }
    var lines: [String] { OAuthTokenSummary.lines(tokens) }
}
#endif
