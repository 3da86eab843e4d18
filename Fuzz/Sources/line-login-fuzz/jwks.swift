import Foundation
import OAuthEngine

/// `JWKSet(data:)` and `JWK(data:)` on the raw bytes; what imports is queried as a verifier queries it.
func fuzzJWKS(_ bytes: UnsafeBufferPointer<UInt8>) {
    let data = Data(buffer: bytes)
    if let set = try? JWKSet(data: data) {
        _ = set.keys(withID: nil)
        for key in set.keys.prefix(16) {
            touch(key)
            if let keyID = key.keyID {
                _ = set.names(keyID)
                _ = set.isAmbiguous(keyID: keyID)
                require(set.isAmbiguous(keyID: keyID) || !set.keys(withID: keyID).isEmpty, "a key's own kid finds no key")
            }
        }
    }
    if let key = try? JWK(data: data) { touch(key) }
}

private func touch(_ key: JWK) {
    for algorithm in JWSAlgorithm.allCases { _ = key.fits(algorithm) }
    _ = (key.keyType, key.keyID, key.algorithm, key.use, key.keyOperations, key.curve, key.key.algorithm)
}
