#if Emulator
import Hummingbird

/// `HTTPField.Name`, reached through `HTTPFields` because Hummingbird re-exports only `HTTPFields`.
typealias HeaderName = HTTPFields.Element.Name

extension HeaderName {
    /// LINE's per-response request ID header.
    static var lineRequestID: HeaderName { make("x-line-request-id") }
    /// `WWW-Authenticate`.
    static var wwwAuthenticateHeader: HeaderName { make("WWW-Authenticate") }
    /// `Referrer-Policy`.
    static var referrerPolicy: HeaderName { make("Referrer-Policy") }
    /// `X-Frame-Options`.
    static var frameOptions: HeaderName { make("X-Frame-Options") }
    /// `Sec-Fetch-Site`: the browser's word on where a request comes from (`same-origin`, `cross-site`, …).
    static var secFetchSite: HeaderName { make("Sec-Fetch-Site") }
    /// `X-Content-Type-Options`.
    static var contentTypeOptions: HeaderName { make("X-Content-Type-Options") }
    /// `Pragma`.
    static var pragmaHeader: HeaderName { make("Pragma") }

    /// A name from a constant token; these literals are valid, so the fallback never happens.
    private static func make(_ token: String) -> HeaderName {
        HeaderName(token) ?? .via
    }
}
#endif
