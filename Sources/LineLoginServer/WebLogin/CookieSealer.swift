#if Server
public import Crypto
public import Foundation
import OAuthEngine

/// Seals small values into cookie-safe strings with ChaCha20-Poly1305: encrypted, authenticated,
/// bound to a purpose (so a session cookie can't be replayed as a login-attempt cookie), with the
/// expiry inside the sealed payload (so an old cookie can't be revived by the browser or an attacker).
public struct CookieSealer: Sendable {
    /// Why a sealed value could not be made or opened.
    public enum Failure: Error, Sendable, Equatable {
        /// The value could not be encoded.
        case encoding
        /// Not a sealed value, sealed with another key or for another purpose, or tampered with.
        case invalid
        /// Sealed correctly but past its expiry.
        case expired
    }

    // Boxed: CryptoKit's SymmetricKey is not Sendable in older Apple SDKs (CryptoSendableBox says why that's safe).
    private let key: CryptoSendableBox<SymmetricKey>
    private let previousKeys: [CryptoSendableBox<SymmetricKey>]

    /// Creates a sealer.
    /// - Parameters:
    ///   - key: a 256-bit key from the app (shared by every instance behind a load balancer).
    ///   - previousKeys: older keys still accepted when opening (key rotation); never used to seal.
    public init(key: SymmetricKey, previousKeys: [SymmetricKey] = []) {
        self.key = CryptoSendableBox(key)
        self.previousKeys = previousKeys.map(CryptoSendableBox.init)
    }

    /// A sealer with a random key for this process only: cookies die with the process.
    public static func randomKey() -> CookieSealer {
        CookieSealer(key: SymmetricKey(size: .bits256))
    }

    /// Seals `value` for `purpose` until `expiresAt`; the result is base64url (a valid cookie value).
    public func seal<Value: Encodable>(_ value: Value, purpose: String, expiresAt: Date) throws(Failure) -> String {
        let plaintext: Data
        do { plaintext = try JSONEncoder().encode(Envelope(expiresAt: expiresAt.timeIntervalSince1970, value: value)) } catch {
            throw .encoding
        }
        do {
            let box = try ChaChaPoly.seal(plaintext, using: key.value, authenticating: Data(purpose.utf8))
            return Base64URL.encode(box.combined)
        } catch {
            throw .encoding
        }
    }

    /// Opens a value sealed for `purpose`, refusing it after its expiry (as of `now`).
    public func open<Value: Decodable>(_ sealed: String, as type: Value.Type, purpose: String, now: Date) throws(Failure) -> Value {
        guard sealed.utf8.count <= 8192, let bytes = Base64URL.decode(sealed),
            let box = try? ChaChaPoly.SealedBox(combined: bytes)
        else { throw .invalid }
        for candidate in [key] + previousKeys {
            guard let plaintext = try? ChaChaPoly.open(box, using: candidate.value, authenticating: Data(purpose.utf8)) else { continue }
            guard let envelope = try? JSONDecoder().decode(Envelope<Value>.self, from: plaintext) else { throw .invalid }
            guard now.timeIntervalSince1970 < envelope.expiresAt else { throw .expired }
            return envelope.value
        }
        throw .invalid
    }

    struct Envelope<Value> {
        var expiresAt: TimeInterval
        var value: Value

        enum CodingKeys: String, CodingKey {
            case expiresAt = "exp"
            case value = "v"
        }
    }
}

extension CookieSealer.Envelope: Encodable where Value: Encodable {}

extension CookieSealer.Envelope: Decodable where Value: Decodable {}
#endif
