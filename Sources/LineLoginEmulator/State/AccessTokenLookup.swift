#if Emulator
import Foundation

/// The result of looking up an access token.
enum AccessTokenLookup: Sendable {
    /// The token is valid for `remaining` more seconds.
    case valid(AccessTokenRecord, remaining: Int)
    /// The token was issued but has expired.
    case expired
    /// The token was never issued, was revoked, or was purged.
    case unknown
}
#endif
