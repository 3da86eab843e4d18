import ArgumentParser
import Foundation
import OAuthEngine

extension CommandFailure {
    /// A one-line message and exit code for an engine error (no token, code or secret in either).
    init(oauth error: OAuthError) {
        self.init(OAuthErrorText.describe(error), exit: OAuthErrorText.exit(for: error))
    }
}

/// How the `oauth` commands explain engine errors.
enum OAuthErrorText {
    static func exit(for error: OAuthError) -> CLIExit {
        switch error {
        case .configuration: return .usage
        case .transport, .invalidResponse: return .network
        case .server(let server): return server.hasCode("invalid_grant") ? .notLoggedIn : .network
        case .authorization, .userAgent, .idToken: return .loginFailed
        case .tokenStore: return .checkFailed
        case .notSignedIn, .noRefreshToken: return .notLoggedIn
        }
    }

    static func describe(_ error: OAuthError) -> String {
        switch error {
        case .configuration(let message): return "configuration: \(message)"
        case .transport(let transport): return "network: \(transport)"
        case .server(let server): return "the provider answered HTTP \(server.statusCode)" + detail(server)
        case .invalidResponse(let server): return "unexpected response (HTTP \(server.statusCode)): \(server.reason ?? "malformed")"
        case .authorization(let authorization):
            if authorization.isAccessDenied { return "login cancelled (access_denied)" }
            return "authorization response refused: \(authorization)"
        case .idToken(let idToken): return "ID token refused: " + (LinkedInProvider.explain(idToken) ?? "\(idToken)")
        case .userAgent(.cancelled): return "login cancelled"
        case .userAgent(let agent): return "browser login failed: \(agent)"
        case .tokenStore(let store): return "token store: \(store)"
        case .notSignedIn: return "not logged in: run `line-login oauth login`"
        case .noRefreshToken: return "the session has no refresh token"
        }
    }

    private static func detail(_ server: ServerError) -> String {
        var parts: [String] = []
        if let code = server.code { parts.append(code) }
        if let message = server.message { parts.append(message) }
        return parts.isEmpty ? (server.body.isEmpty ? " (empty body)" : "") : ": " + parts.joined(separator: " – ")
    }
}

extension AsyncParsableCommand {
    /// ``reportingFailures(_:)`` that also turns an ``OAuthError`` into its message and exit code.
    func reportingOAuthFailures(_ diagnostics: DiagnosticOptions? = nil, _ body: () async throws -> Void) async throws {
        try await reportingFailures(diagnostics) {
            do { try await body() } catch let error as OAuthError { throw CommandFailure(oauth: error) }
        }
    }
}
