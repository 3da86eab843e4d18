public import Foundation

/// A user agent for command-line and desktop apps: opens the system browser and receives the
/// redirect on a short-lived HTTP listener on the loopback interface (RFC 8252 §7.3).
///
/// The listener binds the literal loopback address only (never all interfaces), accepts exactly one
/// callback on the expected path, answers it with a small page and closes. Checking `state` and
/// `code` is the engine's job, not the agent's.
public struct LoopbackUserAgent: UserAgent {
    /// The loopback address to listen on: `127.0.0.1` (or another 127.0.0.0/8 address) or `::1`.
    public let host: String
    /// The port to listen on; `nil` or 0 lets the kernel choose a free one.
    public let port: Int?
    /// The percent-encoded callback path, e.g. `/callback`.
    public let path: String
    /// How long ``UserAgentSession/present(_:)`` waits for the redirect.
    public let timeout: Duration
    /// Opens the authorization URL.
    public let browser: any BrowserOpener
    /// HTML shown after a successful redirect; `nil` for the built-in page.
    public let successPage: String?

    /// Creates a loopback agent. A redirect URI passed to ``beginSession(redirectURI:)`` overrides
    /// the host, the port (when it has a non-zero one) and the path.
    public init(
        host: String = "127.0.0.1", port: Int? = nil, path: String = "/callback",
        timeout: Duration = .seconds(300), browser: any BrowserOpener = SystemBrowserOpener(),
        successPage: String? = nil
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.timeout = timeout
        self.browser = browser
        self.successPage = successPage
    }

    /// Binds the listener and returns a session whose ``UserAgentSession/redirectURI`` carries the
    /// bound port. Throws ``UserAgentError/invalidRedirectURI(_:)`` for a redirect URI that is not
    /// plain `http` on a literal loopback address, ``UserAgentError/unavailable(_:)`` when the port is taken.
    public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        var hostText = host
        var port = self.port ?? 0
        var path = self.path
        if let redirectURI {
            let text = redirectURI.absoluteString
            guard let components = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false),
                components.scheme?.lowercased() == "http"
            else {
                throw .invalidRedirectURI("a loopback redirect URI must use http: \(text)")
            }
            guard let redirectHost = components.host, LoopbackAddress(host: redirectHost) != nil else {
                throw .invalidRedirectURI("a loopback redirect URI must use 127.0.0.1 or [::1] (not a name such as localhost): \(text)")
            }
            guard components.user == nil, components.password == nil, components.query == nil,
                components.fragment == nil
            else {
                throw .invalidRedirectURI("a loopback redirect URI must not have user info, a query or a fragment: \(text)")
            }
            hostText = redirectHost
            if let redirectPort = components.port, redirectPort != 0 { port = redirectPort }
            path = components.percentEncodedPath
        }
        guard let address = LoopbackAddress(host: hostText) else {
            throw .invalidRedirectURI("\(hostText) is not a loopback address; use 127.0.0.1 or [::1]")
        }
        guard Self.isValidPath(path) else {
            throw .invalidRedirectURI("\(path) is not a valid callback path")
        }

        let listener = try LoopbackListener(address: address, port: port)
        let redirectBase = "http://\(address.urlHost):\(listener.port)\(path)"
        guard let redirect = URL(string: redirectBase) else {
            throw .invalidRedirectURI("\(path) is not a valid callback path")
        }
        let configuration = LoopbackServer.Configuration(
            expectedPath: path.isEmpty ? "/" : path,
            redirectBase: redirectBase,
            // Bounded so the deadline arithmetic can't overflow.
            timeout: min(max(timeout, .zero), .seconds(366 * 24 * 3600)),
            successPage: successPage
        )
        return LoopbackSession(
            redirectURI: redirect, listener: listener, configuration: configuration,
            browser: browser)
    }

    /// Empty, or `/` followed by RFC 3986 path characters (percent-encoded form).
    private static func isValidPath(_ path: String) -> Bool {
        if path.isEmpty { return true }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/%")
        return path.hasPrefix("/") && path.allSatisfy { allowed.contains($0) }
    }
}
