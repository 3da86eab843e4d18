#if Emulator
import Foundation

/// A response as the tests see it.
struct HTTPResult: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or an empty dictionary.
    var json: [String: JSONValue] {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: body) else { return [:] }
        return object
    }

    func string(_ key: String) -> String? { json[key]?.string }

    func int(_ key: String) -> Int? { json[key]?.int }

    /// The query items of the `Location` header (`+` decoded as space).
    var locationQuery: [String: String] {
        guard let location = headers["location"], let query = location.split(separator: "?", maxSplits: 1).last,
            location.contains("?")
        else { return [:] }
        return QueryString.parse(String(query))
    }
}

/// `a=b&c=d` parsing with `+` as space.
enum QueryString {
    static func parse(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            result[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }

    static func decode(_ value: Substring) -> String {
        let spaced = value.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `name=value&…`, form-encoded.
    static func encode(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return items.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }.joined(separator: "&")
    }
}
#endif
