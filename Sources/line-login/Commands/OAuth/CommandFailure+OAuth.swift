#if CLI
import ArgumentParser
import Foundation
import OAuthEngine

extension CommandFailure {
    /// A one-line message and exit code for an engine error (no token, code or secret in either).
    init(oauth error: OAuthError) {
        self.init(OAuthErrorText.describe(error), exit: OAuthErrorText.exit(for: error), underlying: error)
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

    /// The engine's sentence (`OAuthError.description`), with what to do where the CLI knows better.
    static func describe(_ error: OAuthError) -> String {
        switch error {
        case .notSignedIn: return "You are not signed in: run `line-login oauth login`."
        case .authorization(let authorization) where authorization.isAccessDenied:
            return "The login was cancelled at the provider (access_denied)."
        case .userAgent(.cancelled): return "The login was cancelled."
        default: return error.description.asSentence
        }
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
#endif
