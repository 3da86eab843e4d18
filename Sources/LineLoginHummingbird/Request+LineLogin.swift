#if Hummingbird
import LineLoginServer
import Hummingbird

extension Request {
    /// Every `Cookie` header joined as one (HTTP/2 may split them).
    var cookieHeader: String? {
        let values = headers[values: .cookie]
        return values.isEmpty ? nil : values.joined(separator: "; ")
    }
}
#endif
