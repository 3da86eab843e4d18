#if Server
import OAuthEngine

extension OAuthError {
    /// Whether this failure says nothing about the token: nothing readable came back, the server failed
    /// (5xx, 429), or it answered 2xx with something unreadable.
    var isOutage: Bool {
        switch self {
        case .transport: return true
        case .server(let error): return HTTPResponse.isOutage(statusCode: error.statusCode)
        case .invalidResponse: return true
        default: return false
        }
    }
}
#endif
