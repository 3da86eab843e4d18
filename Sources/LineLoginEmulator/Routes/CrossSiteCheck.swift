#if Emulator
import Foundation
import Hummingbird

/// Refuses state-changing requests that a browser says come from another site.
///
/// An HTML form on any page can POST `application/x-www-form-urlencoded` here without a CORS preflight, so
/// the browser's own headers are what tells such a request apart. Clients that are not browsers (test
/// suites, curl) send neither header and pass.
enum CrossSiteCheck {
    /// `true` when `Sec-Fetch-Site` names another origin, or `Origin` is present and is not this server's
    /// origin as the browser addressed it (`http://` + the `Host` it sent).
    static func refuses(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" {
            return true
        }
        guard let origin = request.headers[.origin] else { return false }
        guard let authority = request.head.authority, !authority.isEmpty else { return true }
        // Browsers serialize the origin with a lowercase host; the Host header may carry any case.
        return origin.lowercased() != "http://" + authority.lowercased()
    }
}
#endif
