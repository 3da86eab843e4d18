#if Server
public import Foundation

/// What a login attempt must remember between the redirect to LINE and the callback: the secrets it
/// sent (state, nonce, PKCE verifier) and where to go afterwards. ``WebLogin/start(returnTo:disableAutoLogin:)``
/// seals it in a cookie; with ``WebLogin/begin(returnTo:disableAutoLogin:)`` the app keeps it in its own
/// server session instead.
public struct PendingLogin: Sendable, Equatable, Codable {
    /// The `state` sent (compared in constant time, then the attempt is spent).
    public let state: String
    /// The `nonce` sent (`openid` logins).
    public let nonce: String?
    /// The PKCE `code_verifier`.
    public let codeVerifier: String?
    /// The scopes requested.
    public let scopes: [String]
    /// The `max_age` sent, if any.
    public let maxAge: TimeInterval?
    /// A local path to return to after the login.
    public let returnTo: String?
    /// After this the attempt is refused.
    public let expiresAt: Date

    /// Creates an attempt.
    public init(
        state: String, nonce: String?, codeVerifier: String?, scopes: [String], maxAge: TimeInterval?,
        returnTo: String?, expiresAt: Date
    ) {
        self.state = state
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.scopes = scopes
        self.maxAge = maxAge
        self.returnTo = returnTo
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case state = "s"
        case nonce = "n"
        case codeVerifier = "cv"
        case scopes = "sc"
        case maxAge = "ma"
        case returnTo = "rt"
        case expiresAt = "exp"
    }
}

extension PendingLogin: CustomStringConvertible, CustomDebugStringConvertible {
    /// Scopes and return path; never state, nonce or verifier.
    public var description: String {
        "PendingLogin(scopes: \(scopes.joined(separator: " ")), returnTo: \(returnTo ?? "nil"), expiresAt: \(expiresAt))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }
}
#endif
