#if Server
public import Foundation

/// How to send the browser to LINE: redirect to ``authorizationURL`` with ``cookie`` set.
public struct WebLoginStart: Sendable {
    /// LINE's authorize URL for this attempt (answer `302 Found` with it as `Location`).
    public let authorizationURL: URL
    /// The sealed attempt cookie (HttpOnly, SameSite=Lax, Secure unless loopback, scoped to the callback path).
    public let cookie: ResponseCookie

    /// Creates a start.
    public init(authorizationURL: URL, cookie: ResponseCookie) {
        self.authorizationURL = authorizationURL
        self.cookie = cookie
    }
}

extension WebLoginStart: CustomStringConvertible {
    /// The authorize endpoint without its query (which holds state and nonce).
    public var description: String {
        var components = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)
        components?.query = nil
        return "WebLoginStart(\(components?.string ?? "<url>"))"
    }
}
#endif
