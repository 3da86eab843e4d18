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
            let text = String(data: data, encoding: .utf8)
        {
            return cap(text)
        }
        guard let text = String(data: body.prefix(limit * 2), encoding: .utf8) else {
            return "<\(body.count) bytes, not UTF-8>"
        }
        if let fields = FormEncoding.decode(text), fields.contains(where: { sensitiveKeys.contains($0.0) }) {
            return cap(FormEncoding.encode(fields.map { sensitiveKeys.contains($0.0) ? ($0.0, "<redacted>") : $0 }))
        }
        // Free text can still hold a token, next to any punctuation: drop anything that looks like one.
        return cap(redactTokenLikeRuns(text))
    }

    /// Replaces each run of base64url characters and dots that looks like a token: a JWS or JWE (32 or more
    /// characters with at least two dots) or an opaque token (40 or more characters without dots). Words,
    /// host names and sentences are far shorter runs and stay.
    static func redactTokenLikeRuns(_ text: String) -> String {
        let isTokenByte: (UInt8) -> Bool = { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default: return false
            }
        }
        var output: [UInt8] = []
        var run: [UInt8] = []
        func flush() {
            let dots = run.lazy.filter { $0 == UInt8(ascii: ".") }.count
            let looksLikeToken = (run.count >= 32 && dots >= 2) || (run.count >= 40 && dots == 0)
            output.append(contentsOf: looksLikeToken ? Array("<redacted>".utf8) : run)
            run.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if isTokenByte(byte) {
                run.append(byte)
            } else {
                flush()
                output.append(byte)
            }
        }
        flush()
        return String(decoding: output, as: UTF8.self)
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
