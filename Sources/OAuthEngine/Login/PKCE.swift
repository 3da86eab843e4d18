public import Crypto
public import Foundation

/// A PKCE pair (RFC 7636): a 43-character verifier from 32 CSPRNG bytes and its S256 challenge.
public struct PKCE: Sendable, Equatable {
    /// The `code_verifier`, sent with the token request only.
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
    public let challenge: String
    /// Always `S256`; `plain` is never used.
    public var method: String { "S256" }

    /// Generates a fresh pair.
    public init(random: any RandomSource = SystemRandomSource()) {
        self.init(verifier: Base64URL.encode(random.bytes(count: 32)))
    }

    /// Derives the challenge for a given verifier.
    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = PKCE.challenge(for: verifier)
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))`.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
    }
}

extension PKCE: CustomStringConvertible {
    /// Never shows the verifier.
    public var description: String { "PKCE(S256, challenge: \(challenge))" }
}
