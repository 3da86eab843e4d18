/// The most bytes of a response body a transport reads, decided here once for each kind of answer the
/// engine asks for; both transports stop reading past it and fail with
/// ``TransportError/responseTooLarge(limit:)``, so a hostile or broken endpoint can't fill memory (a 1 GB
/// discovery document took the CLI to 2.1 GB before this bound).
///
/// Each bound sits far above real answers and far below harm: a request names its own in
/// ``HTTPRequest/maximumResponseSize``.
public enum ResponseSizeLimit {
    /// A discovery document: 256 KiB (real ones are 1–6 KiB).
    public static let discovery = 256 * 1024
    /// A JWK set: 256 KiB, the most ``JWKSet`` reads (real ones are 1–20 KiB, certificate chains included).
    public static let keySet = JWKSet.maximumSize
    /// A token endpoint's answer (code exchange, refresh, device authorization and polling, revocation):
    /// 256 KiB (an ID token alone may be 64 KiB, ``CompactJWS/maximumLength``).
    public static let token = 256 * 1024
    /// An API answer (profile, friendship, verify, userinfo, introspection, anything else): 1 MiB.
    public static let api = 1 << 20
}
