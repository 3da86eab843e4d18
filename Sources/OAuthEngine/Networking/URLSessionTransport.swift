// `public`: the initializer names URLSessionConfiguration, which is Foundation's on Apple platforms and
// FoundationNetworking's on Linux (scripts/apple-typecheck.sh holds every file to that pairing).
public import Foundation
#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The production ``HTTPTransport``: one long-lived `URLSession` (FoundationNetworking on Linux).
///
/// Redirects are never followed: an OAuth endpoint that redirects is answered as the 3xx it is.
/// The stop has to be a session-level delegate because Linux ignores per-task delegates.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session (no cookies, no cache).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: NoRedirectDelegate(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request within `request.timeout` for the whole exchange (a deadline of its own: on Linux,
    /// URLSession's own timeouts are not a deadline); maps `URLError`s to ``TransportError``.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let (session, prepared) = (self.session, urlRequest)
        return try await ExchangeDeadline.run(seconds: request.timeout) { () throws(TransportError) in
            try await Self.exchange(prepared, on: session)
        }
    }

    private static func exchange(_ urlRequest: URLRequest, on session: URLSession) async throws(TransportError) -> HTTPResponse {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw map(error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .other(String(describing: type(of: error)))
        }
        guard let http = response as? HTTPURLResponse else { throw .other("not an HTTP response") }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }

    // URLError descriptions can contain the failing URL (and so a query with a token): keep only the code.
    static func map(_ error: URLError) -> TransportError {
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .cannotConnectToHost, .networkConnectionLost, .cannotFindHost, .notConnectedToInternet,
            .dnsLookupFailed, .secureConnectionFailed, .cannotLoadFromNetwork:
            return .connectionFailed("URLError \(error.code.rawValue)")
        default: return .other("URLError \(error.code.rawValue)")
        }
    }
}

private final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
