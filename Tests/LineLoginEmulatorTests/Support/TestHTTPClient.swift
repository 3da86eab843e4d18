#if Emulator
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real HTTP over loopback, without following redirects.
struct TestHTTPClient: Sendable {
    let baseURL: URL

    /// One long-lived session for every test (creating many sessions is fragile on Linux).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.httpMaximumConnectionsPerHost = 16
        // No cookie jar: cookies ignore ports, so one shared by every test's emulator on 127.0.0.1 would
        // carry one test's SSO session into another's. Tests that want the cookie send it themselves.
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: NoRedirectDelegate(), delegateQueue: nil)
    }()

    func url(_ path: String, query: [(String, String)] = []) -> URL {
        var string = baseURL.absoluteString + path
        if !query.isEmpty { string += "?" + QueryString.encode(query) }
        return URL(string: string) ?? baseURL
    }

    func send(
        _ method: String,
        _ path: String,
        query: [(String, String)] = [],
        rawQuery: String? = nil,
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> HTTPResult {
        var target = url(path, query: query)
        if let rawQuery, let withQuery = URL(string: baseURL.absoluteString + path + "?" + rawQuery) {
            target = withQuery
        }
        var request = URLRequest(url: target)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await Self.session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return HTTPResult(status: http.statusCode, headers: lowered, body: data)
    }

    func get(_ path: String, query: [(String, String)] = [], headers: [String: String] = [:]) async throws
        -> HTTPResult
    {
        try await send("GET", path, query: query, headers: headers)
    }

    /// Posts `application/x-www-form-urlencoded`.
    func postForm(_ path: String, _ form: [(String, String)], headers: [String: String] = [:]) async throws
        -> HTTPResult
    {
        var all = ["Content-Type": "application/x-www-form-urlencoded"]
        all.merge(headers) { _, new in new }
        return try await send("POST", path, headers: all, body: Data(QueryString.encode(form).utf8))
    }

    func bearer(_ path: String, token: String, method: String = "GET") async throws -> HTTPResult {
        try await send(method, path, headers: ["Authorization": "Bearer \(token)"])
    }
}
#endif
