#if Emulator
import Foundation

/// A public EC key in the JWKS.
struct JSONWebKey: Codable, Sendable, Equatable {
    var kty: String
    var crv: String
    var x: String
    var y: String
    var kid: String
    var alg: String
    var use: String
}
#endif
