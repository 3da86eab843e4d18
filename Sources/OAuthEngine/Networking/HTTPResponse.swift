public import Foundation

/// An HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var statusCode: Int
    /// Header fields, keys lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// LINE's `x-line-request-id`, kept in errors and logs.
    public var requestID: String? { header("x-line-request-id") }

    /// `true` for 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// Whether `statusCode` says the server is failing or overloaded (5xx, 429): an outage, which says
    /// nothing about the request, so tokens are kept and the call may be tried again later.
    public static func isOutage(statusCode: Int) -> Bool { statusCode >= 500 || statusCode == 429 }

    /// Whether `statusCode` is the server's refusal of this request (4xx other than 429): an answer, which
    /// trying again won't change.
    public static func isRefusal(statusCode: Int) -> Bool { (400..<500).contains(statusCode) && statusCode != 429 }
}
