public import Foundation

/// Shows the authorization page to the user and hands back the redirect.
///
/// Conformers may throw any error; the engine reports a ``UserAgentError`` (``UserAgentError/init(_:)``).
///
/// A login asks the agent for a session first, because a loopback agent only knows its redirect URI
/// (with the port it bound) once it listens; the request is built with that URI, then presented.
public protocol UserAgent: Sendable {
    /// Prepares one attempt. `redirectURI` is the configured one (for a loopback agent: `nil`, or a URI
    /// whose port is fixed because the provider needs the exact registered callback URL).
    func beginSession(redirectURI: URL?) async throws -> any UserAgentSession
}

/// One authorization attempt in a user agent.
public protocol UserAgentSession: Sendable {
    /// Where the provider must redirect; goes into the authorization request.
    var redirectURI: URL { get }
    /// Shows `authorizationURL` and returns the URL the provider redirected to (with `code`/`error` and `state`).
    func present(_ authorizationURL: URL) async throws -> URL
    /// Ends the attempt early; a pending ``present(_:)`` throws ``UserAgentError/cancelled``.
    func cancel()
}

/// Why a user agent gave no redirect.
public enum UserAgentError: Error, Sendable, Equatable {
    /// The user or the app cancelled (closed the browser sheet, Ctrl-C, `cancel()`).
    case cancelled
    /// No redirect arrived in time.
    case timedOut
    /// The redirect URI can't be used by this agent (e.g. not loopback for the loopback agent).
    case invalidRedirectURI(String)
    /// The agent could not start (e.g. the port is taken).
    case unavailable(String)

    /// `error` as a user-agent failure: itself when it is one, ``cancelled`` for a `CancellationError`,
    /// otherwise ``unavailable(_:)`` naming only its type.
    public init(_ error: any Error) {
        switch error {
        case let error as UserAgentError: self = error
        case is CancellationError: self = .cancelled
        default: self = .unavailable(String(describing: type(of: error)))
        }
    }
}
