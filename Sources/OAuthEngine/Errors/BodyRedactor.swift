package import Foundation

/// Makes a response body safe to keep in an error: token-bearing fields are replaced, size is capped.
package enum BodyRedactor {
    /// Field names whose values are never kept.
    static let sensitiveKeys: Set<String> = [
        "access_token", "refresh_token", "id_token", "code", "client_secret", "code_verifier", "token", "password",
    ]
    static let limit = 4096

    /// The body as UTF-8 text with sensitive JSON or form fields replaced by `<redacted>`.
    package static func redact(_ body: Data) -> String {
        if body.isEmpty { return "" }
        if let object = try? JSONSerialization.jsonObject(with: body), let cleaned = redactJSON(object),
           let data = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]),
           let text = String(data: data, encoding: .utf8) {
            return cap(text)
        }
        guard let text = String(data: body.prefix(limit * 2), encoding: .utf8) else {
            return "<\(body.count) bytes, not UTF-8>"
        }
        if let fields = FormEncoding.decode(text), fields.contains(where: { sensitiveKeys.contains($0.0) }) {
            return cap(FormEncoding.encode(fields.map { sensitiveKeys.contains($0.0) ? ($0.0, "<redacted>") : $0 }))
        }
        // Free text can still hold a JWT-like string: drop anything that looks like one.
        return cap(text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.count >= 32 && $0.filter({ $0 == "." }).count == 2 ? "<redacted>" : String($0) }
            .joined(separator: " "))
    }

    private static func redactJSON(_ value: Any) -> Any? {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, inner) in object {
                result[key] = sensitiveKeys.contains(key) ? "<redacted>" : (redactJSON(inner) ?? NSNull())
            }
            return result
        }
        if let array = value as? [Any] { return array.map { redactJSON($0) ?? NSNull() } }
        return value
    }

    private static func cap(_ text: String) -> String {
        text.utf8.count <= limit ? text : String(decoding: Array(text.utf8.prefix(limit)), as: UTF8.self) + "…"
    }
}
