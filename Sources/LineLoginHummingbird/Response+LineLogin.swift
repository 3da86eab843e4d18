#if Hummingbird
import LineLoginServer
import Hummingbird

extension Response {
    /// Adds `Set-Cookie` headers.
    mutating func appendCookies(_ cookies: [ResponseCookie]) {
        for cookie in cookies { headers[values: .setCookie].append(cookie.headerValue) }
    }
}
#endif
