public import Foundation

/// How an Apple web-authentication session recognises the redirect that ends a sign-in, decided from the
/// redirect URI on every platform (the Apple agent only applies it), so the choice is tested on Linux.
public enum WebAuthenticationCallback: Sendable, Equatable {
    /// A custom URL scheme, e.g. `line3rdp.com.example.app` or `com.example.app` (RFC 8252 §7.1).
    case customScheme(String)
    /// An `https` redirect to a host the app has an associated domain for (`webcredentials:`), matched by host
    /// and path (iOS 17.4 and macOS 14.4 or later; RFC 8252 §7.2).
    case https(host: String, path: String)

    /// The callback for `redirectURI`, or ``UserAgentError/invalidRedirectURI(_:)``: plain `http` (a loopback
    /// redirect is for ``LoopbackUserAgent``), a URI without a scheme or host, or an `https` URI with a query or
    /// fragment (a session matches host and path only).
    public init(redirectURI: URL) throws(UserAgentError) {
        guard let scheme = redirectURI.scheme?.lowercased(), !scheme.isEmpty else {
            throw .invalidRedirectURI("the redirect URI has no scheme")
        }
        switch scheme {
        case "https":
            guard let host = redirectURI.host, !host.isEmpty else { throw .invalidRedirectURI("the https redirect URI has no host") }
            guard redirectURI.query == nil, redirectURI.fragment == nil else {
                throw .invalidRedirectURI("an https redirect URI for a web-authentication session has no query or fragment")
            }
            let path = redirectURI.path
            self = .https(host: host.lowercased(), path: path.isEmpty ? "/" : path)
        case "http":
            throw .invalidRedirectURI(
                "a web-authentication session can't catch an http redirect; use LoopbackUserAgent for a loopback redirect")
        default:
            self = .customScheme(scheme)
        }
    }

    /// What a finished session means: the redirect it caught, or why there is none. `errorDomain` and
    /// `errorCode` are those of the session's error (`ASWebAuthenticationSessionError`'s domain and codes).
    public static func outcome(callbackURL: URL?, errorDomain: String?, errorCode: Int?) -> Result<URL, UserAgentError> {
        if let callbackURL { return .success(callbackURL) }
        guard errorDomain == sessionErrorDomain else {
            return .failure(.unavailable("the web-authentication session failed; try again"))
        }
        switch errorCode {
        case 1: return .failure(.cancelled) // canceledLogin: the user closed the sheet
        case 2, 3: // presentationContextNotProvided, presentationContextInvalid
            return .failure(.unavailable("the web-authentication session has no window to show in; pass the presenting window"))
        default: return .failure(.unavailable("the web-authentication session failed; try again"))
        }
    }

    /// `ASWebAuthenticationSessionErrorDomain`.
    public static let sessionErrorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"
}
