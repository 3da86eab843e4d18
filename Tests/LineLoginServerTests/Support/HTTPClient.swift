#if Hummingbird && Emulator
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real HTTP over loopback without following redirects or keeping cookies.
enum HTTPClient {
    struct Result: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    static func send(_ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) async throws -> Result {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return Result(status: http.statusCode, headers: lowered, body: data)
    }

    /// The `name=value` pairs of every `Set-Cookie` in a response (FoundationNetworking joins them with ", ").
    static func cookies(_ result: Result) -> [String: String] {
        guard let header = result.header("set-cookie") else { return [:] }
        var cookies: [String: String] = [:]
        for piece in header.components(separatedBy: ", ") {
            let pair = piece.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            if name.isEmpty || name.contains(" ") { continue }
            cookies[name] = String(pair[pair.index(after: equals)...])
        }
        return cookies
    }
}

final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
#endif
