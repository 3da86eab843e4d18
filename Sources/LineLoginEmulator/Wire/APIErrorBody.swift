#if Emulator
import Foundation

/// `{"message": …}`: profile, friendship and not-found errors.
struct APIErrorBody: Codable, Sendable, Equatable {
    var message: String
}
#endif
