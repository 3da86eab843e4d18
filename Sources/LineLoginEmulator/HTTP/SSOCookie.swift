#if Emulator
import Foundation
import Hummingbird

/// The emulator's SSO cookie, the stand-in for LINE's login session in the browser.
enum SSOCookie {
    /// The cookie's name.
    static let name = "line_emulator_sso"

    /// The cookie's value in `request`, if sent.
    static func value(in request: Request) -> String? {
        for field in request.headers where field.name == .cookie {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// `response` setting the cookie to `value`. `HttpOnly` keeps it from scripts; `SameSite=Lax` lets it
    /// ride the top-level navigation an authorization request is, and nothing cross-site else. No `Secure`:
    /// the emulator serves plain HTTP on loopback.
    static func setting(_ value: String, on response: Response) -> Response {
        var response = response
        let maxAge = Int(StoreLimits.browserSessionLifetime)
        response.headers.append(
            HTTPFields.Element(name: .setCookie, value: "\(name)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"))
        return response
    }
}
#endif
