#if Emulator
import Crypto
import Foundation

/// Tokens are stored under their SHA-256, so the state never holds a usable token.
enum TokenDigest {
    /// Lowercase hex SHA-256 of the token's UTF-8 bytes.
    static func of(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }
}
#endif
