public import Foundation

/// An HTTP request as the engine builds it: a value, so tests can inspect exactly what would be sent.
public struct HTTPRequest: Sendable, Equatable {
    /// The HTTP method, e.g. `GET` or `POST`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields; names are compared case-insensitively by servers, the engine writes them canonically.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// How long to wait for the whole exchange.
    public var timeout: TimeInterval
    /// The most bytes of the response body the transport reads: a longer one (whatever its
    /// `Content-Length` says) fails with ``TransportError/responseTooLarge(limit:)``. The engine sets it
    /// per kind of answer (``ResponseSizeLimit``).
    public var maximumResponseSize: Int

    /// Creates a request.
    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 30,
        maximumResponseSize: Int = ResponseSizeLimit.api
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// A form-encoded POST (`application/x-www-form-urlencoded`), the shape every OAuth endpoint takes;
    /// its answer is bounded as a token endpoint's unless `maximumResponseSize` says otherwise.
    public static func form(
        url: URL, fields: [(String, String)], headers: [String: String] = [:], timeout: TimeInterval = 30,
        maximumResponseSize: Int = ResponseSizeLimit.token
    ) -> HTTPRequest {
        var allHeaders = headers
        allHeaders["Content-Type"] = "application/x-www-form-urlencoded"
        allHeaders["Accept"] = allHeaders["Accept"] ?? "application/json"
        return HTTPRequest(
            method: "POST", url: url, headers: allHeaders, body: Data(FormEncoding.encode(fields).utf8), timeout: timeout,
            maximumResponseSize: maximumResponseSize)
    }

    /// A GET with a `Bearer` access token; its answer is bounded as an API's.
    public static func bearer(url: URL, accessToken: String, timeout: TimeInterval = 30) -> HTTPRequest {
        HTTPRequest(
            method: "GET", url: url, headers: ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"], timeout: timeout,
            maximumResponseSize: ResponseSizeLimit.api)
    }
}

extension HTTPRequest: CustomStringConvertible {
    /// Method and URL without the query (queries and bodies may carry tokens).
    public var description: String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        return "\(method) \(components?.string ?? "<url>")"
    }
}
