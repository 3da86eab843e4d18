#if Emulator
import Foundation

/// The body of `GET /oauth2/v2.1/certs`.
struct JSONWebKeySet: Codable, Sendable, Equatable {
    var keys: [JSONWebKey]
}
#endif
