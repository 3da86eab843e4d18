public import Crypto
public import Foundation

/// A source of cryptographically secure random bytes (state, nonce, PKCE verifier).
public protocol RandomSource: Sendable {
    /// Returns `count` random bytes.
    func bytes(count: Int) -> [UInt8]
}

/// The system CSPRNG.
public struct SystemRandomSource: RandomSource {
    /// Creates the system random source.
    public init() {}

    /// Returns `count` bytes from the system CSPRNG.
    public func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
