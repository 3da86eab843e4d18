// expected-error: associated value 'p256' of 'Sendable'-conforming enum 'Key' has non-Sendable type 'P256.Signing.PublicKey'
// The shape VerificationKey had: a Sendable enum whose case carries a CryptoKit key.
import Crypto

enum Key: Sendable {
    case p256(P256.Signing.PublicKey)
}
