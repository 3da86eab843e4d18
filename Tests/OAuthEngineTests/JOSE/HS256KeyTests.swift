import Crypto
import Foundation
@testable import OAuthEngine
import Testing

/// The keyed-once HS256 key: every check starts from a copy of one keyed state, so a verdict must never
/// depend on what the key checked before or beside it.
@Suite struct HS256KeyTests {
    static let secret = SymmetricKey(data: Array("0123456789abcdef0123456789abcdef".utf8))

    /// Messages of every length around SHA-256's 64-byte block, and a LINE-sized signing input.
    static let messages: [[UInt8]] =
        (0..<130).map { length in (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) } }
        + [Array(repeating: UInt8(ascii: "a"), count: 480)]

    @Test func oneKeyAgreesWithAFreshHMACForEveryMessageInTurn() {
        let key = HS256Key(Self.secret)
        for message in Self.messages {
            let tag = Array(HMAC<SHA256>.authenticationCode(for: message, using: Self.secret))
            #expect(key.isValid(signature: tag, signed: message))
            var flipped = tag
            flipped[message.count % tag.count] ^= 0x01
            #expect(!key.isValid(signature: flipped, signed: message))
            #expect(!key.isValid(signature: Array(tag.prefix(16)), signed: message), "a truncated tag")
            #expect(!key.isValid(signature: tag + [0], signed: message), "a longer tag")
        }
        // After all of that, the first message still verifies: no check leaves anything in the key.
        let first = Array(HMAC<SHA256>.authenticationCode(for: Self.messages[0], using: Self.secret))
        #expect(key.isValid(signature: first, signed: Self.messages[0]))
    }

    @Test func checksSideBySideShareNothing() async {
        let key = HS256Key(Self.secret)
        let tags = Self.messages.map { Array(HMAC<SHA256>.authenticationCode(for: $0, using: Self.secret)) }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for round in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in Self.messages.indices {
                        let message = Self.messages[(index + round * 17) % Self.messages.count]
                        let tag = tags[(index + round * 17) % Self.messages.count]
                        if !key.isValid(signature: tag, signed: message) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test func aShortSecretIsRefusedBeforeTheTagIsLookedAt() throws {
        let short = SymmetricKey(data: [UInt8](repeating: 7, count: 31))
        let jws = try CompactJWS(parsing: TestTokens.hs256(key: short))
        // The tag is right; only the length rule refuses it.
        #expect(HS256Key(short).isValid(signature: jws.signature, signed: jws.signingInput))
        #expect(throws: JOSEError.invalidKey("HMAC key is shorter than 32 bytes")) {
            try JWSVerifier.verify(jws, allowed: [.hs256], hs256Key: HS256Key(short))
        }
        try JWSVerifier.verify(
            try CompactJWS(parsing: TestTokens.hs256(key: Self.secret)), allowed: [.hs256], hs256Key: HS256Key(Self.secret))
    }

    @Test func theKeyedPathKeepsTheAlgorithmChecks() throws {
        let key = HS256Key(Self.secret)
        let token = try CompactJWS(parsing: TestTokens.hs256(key: Self.secret))
        #expect(throws: JOSEError.algorithmNotAllowed("HS256")) { try JWSVerifier.verify(token, allowed: [.es256], hs256Key: key) }
        let es256 = try CompactJWS(parsing: TestTokens.es256())
        #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(es256, allowed: [.es256, .hs256], hs256Key: key) }
        let critical = try CompactJWS(parsing: TestTokens.hs256(header: #"{"alg":"HS256","crit":["exp"]}"#, key: Self.secret))
        #expect(throws: JOSEError.criticalHeader) { try JWSVerifier.verify(critical, allowed: [.hs256], hs256Key: key) }
    }
}
