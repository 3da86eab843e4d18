#if Emulator
import Foundation

/// A JWS protected header as the emulator writes and reads it.
struct JWSHeader: Codable, Sendable, Equatable {
    var alg: String
    var typ: String?
    var kid: String?
}
#endif
