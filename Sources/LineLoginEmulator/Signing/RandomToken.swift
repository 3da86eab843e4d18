#if Emulator
import Foundation

/// Random identifiers: session IDs, codes, tokens, key IDs and request IDs.
enum RandomToken {
    /// `byteCount` random bytes from the system CSPRNG.
    static func bytes(_ byteCount: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, byteCount)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `byteCount` random bytes as lowercase hex (twice as many characters).
    static func hex(byteCount: Int) -> String {
        Hex.encode(bytes(byteCount))
    }

    /// `byteCount` random bytes as unpadded base64url.
    static func base64URL(byteCount: Int) -> String {
        Base64URL.encode(bytes(byteCount))
    }

    /// An access token. LINE's look like JWTs but are opaque to clients, so this one has the
    /// same three-part shape with random content.
    static func accessToken() -> String {
        "eyJhbGciOiJIUzI1NiJ9." + base64URL(byteCount: 96) + "." + base64URL(byteCount: 32)
    }
}
#endif
