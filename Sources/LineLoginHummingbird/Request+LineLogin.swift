public import LineLoginServer
import Hummingbird
import OAuthEngine

extension Request {
    /// Every `Cookie` header joined as one (HTTP/2 may split them).
    var cookieHeader: String? {
        let values = headers[values: .cookie]
        return values.isEmpty ? nil : values.joined(separator: "; ")
    }

    /// The query parameters, percent-decoded; the first value of each name.
    var decodedQuery: [String: String] {
        guard let query = uri.query, let pairs = FormEncoding.decode(query) else { return [:] }
        var result: [String: String] = [:]
        for (name, value) in pairs where result[name] == nil { result[name] = value }
        return result
    }
}
