import Foundation
@testable import OAuthEngine

extension HTTPResponse {
    /// A JSON response from a dictionary.
    static func json(_ status: Int = 200, _ object: [String: Any], headers: [String: String] = [:]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var all = headers
        all["Content-Type"] = "application/json"
        return HTTPResponse(statusCode: status, headers: all, body: body)
    }

    /// A response with a raw text body.
    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, body: Data(text.utf8))
    }
}

extension HTTPRequest {
    /// The form body decoded into ordered pairs (empty when there is no body).
    var formPairs: [(String, String)] {
        guard let body, let text = String(data: body, encoding: .utf8) else { return [] }
        return FormEncoding.decode(text) ?? []
    }

    /// The form body as a dictionary (last value wins; use ``formPairs`` to see repeats).
    var form: [String: String] {
        Dictionary(formPairs, uniquingKeysWith: { _, last in last })
    }

    /// The body as UTF-8 text.
    var bodyText: String { body.flatMap { String(data: $0, encoding: .utf8) } ?? "" }

    /// A header by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
