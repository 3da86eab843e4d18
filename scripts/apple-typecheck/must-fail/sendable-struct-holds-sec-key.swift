// expected-error: stored property 'key' of 'Sendable'-conforming struct 'RSAKey' has non-Sendable type 'SecKey'
// SecKey is a CoreFoundation type Apple doesn't declare Sendable: RSAPublicKey keeps the DER and makes a SecKey
// per check instead.
import Security

struct RSAKey: Sendable {
    let key: SecKey
}
