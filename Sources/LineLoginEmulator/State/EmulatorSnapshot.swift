#if Emulator
import Crypto
import Foundation

/// What `--state FILE` keeps across restarts: signing keys, generated channel secrets, friendships, SSO
/// sessions, consents, login sessions, codes and tokens (as digests, as the store holds them), and the
/// clock offset. Users and channels come from the configuration; only secrets the emulator made up are
/// kept here, so a secret given in a configuration file always wins.
struct EmulatorSnapshot: Codable, Sendable {
    /// The file format; a newer or older one is refused rather than half read.
    static let currentVersion = 1

    /// A signing key: its ID, its P-256 private key (raw, base64url) and when it was retired.
    struct Key: Codable, Sendable {
        var keyID: String
        var privateKey: String
        var retiredAt: Date?
    }

    var version = EmulatorSnapshot.currentVersion
    var clockOffset: TimeInterval
    var keys: [Key]
    var generatedSecrets: [String: String]
    var friends: Set<String>
    var browserSessions: [String: BrowserSession]
    var grants: [ConsentGrant: Set<String>]
    var sessions: [String: PendingAuthorization]
    var codes: [String: AuthorizationCode]
    var redeemedCodes: [String: Date]
    var accessTokens: [String: AccessTokenRecord]
    var refreshTokens: [String: RefreshTokenRecord]
    var channelAccessTokens: [String: ChannelAccessTokenRecord]

    /// The keys as a key ring; `nil` when one can't be read.
    func keyRing() -> KeyRing? {
        var ring: [SigningKey] = []
        for key in keys {
            guard let raw = Base64URL.decode(key.privateKey),
                let privateKey = try? P256.Signing.PrivateKey(rawRepresentation: raw)
            else { return nil }
            ring.append(SigningKey(keyID: key.keyID, privateKey: privateKey, retiredAt: key.retiredAt))
        }
        return KeyRing(restoring: ring)
    }
}
#endif
