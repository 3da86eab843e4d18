#if ExampleSite
import Crypto
import Foundation

/// The headers every answer of the example site carries, and its Content-Security-Policy.
enum ExampleSiteHeaders {
    /// The policy: nothing loads unless named. The pages' one stylesheet is inline and allowed by its
    /// SHA-256 (no `'unsafe-inline'`), they run no script, show profile pictures from https only, post
    /// forms only to the site, and can't be framed or given another base URL.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src '\(styleHash)'; img-src https:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    /// `sha256-…` of ``ExamplePages/stylesheet``, as CSP writes a hash source.
    static let styleHash = "sha256-" + Data(SHA256.hash(data: Data(ExamplePages.stylesheet.utf8))).base64EncodedString()

    /// Name and value of each header.
    static let all: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Content-Security-Policy", contentSecurityPolicy),
    ]
}
#endif
