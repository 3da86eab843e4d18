#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    func currentSigningKey() -> SigningKey {
        state.withLock { $0.keyRing.current }
    }

    func rotateSigningKey() -> String {
        let now = now()
        return state.withLock { $0.keyRing.rotate(now: now) }
    }

    /// Keys in the JWKS, also the keys `verify` accepts.
    func publishedKeys() -> [SigningKey] {
        let now = now()
        return state.withLock { $0.keyRing.publishedKeys(now: now, gracePeriod: configuration.keyRotationGracePeriod) }
    }
}
#endif
