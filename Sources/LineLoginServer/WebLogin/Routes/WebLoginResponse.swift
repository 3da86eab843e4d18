#if Server
/// An answer of the web-login routes, independent of any web framework: each framework's glue renders it
/// (Hummingbird's `LineLoginRoutes`, Vapor's `LineLoginRoutes`), so both answer byte for byte the same.
public struct WebLoginResponse: Sendable, Equatable {
    /// What the body is.
    public enum Body: Sendable, Equatable {
        /// No body (a redirect).
        case empty
        /// An HTML page (`text/html; charset=utf-8`).
        case html(String)
    }

    /// The HTTP status.
    public var status: Int
    /// `Location`, for a redirect.
    public var location: String?
    /// The cookies to set (or delete), in order.
    public var cookies: [ResponseCookie]
    /// The body.
    public var body: Body

    /// Creates an answer.
    public init(status: Int, location: String? = nil, cookies: [ResponseCookie] = [], body: Body = .empty) {
        self.status = status
        self.location = location
        self.cookies = cookies
        self.body = body
    }

    /// Every header the answer needs, `Set-Cookie` once per cookie; always `Cache-Control: no-store`
    /// (a login answer must never be cached by a proxy or the browser).
    public var headers: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [("Cache-Control", "no-store")]
        if let location { headers.append(("Location", location)) }
        if case .html = body { headers.append(("Content-Type", "text/html; charset=utf-8")) }
        for cookie in cookies { headers.append(("Set-Cookie", cookie.headerValue)) }
        return headers
    }

    /// The body's text, empty for none.
    public var bodyText: String {
        if case .html(let html) = body { return html }
        return ""
    }

    /// A redirect with cookies.
    static func redirect(_ location: String, status: Int = 303, cookies: [ResponseCookie] = []) -> WebLoginResponse {
        WebLoginResponse(status: status, location: location, cookies: cookies)
    }
}
#endif
