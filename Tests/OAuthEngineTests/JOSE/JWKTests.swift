import Crypto
import CryptoExtras
import Foundation
import OAuthEngine
import Testing

@Suite("JWK import")
struct JWKTests {
    private static func refused(_ json: String) -> Bool {
        do {
            _ = try TestTokens.jwk(json)
            return false
        } catch {
            return true
        }
    }

    @Test("an EC P-256 key imports with its members")
    func ecKey() throws {
        let jwk = try TestTokens.jwk(TestTokens.ecJWK(extra: #","alg":"ES256","use":"sig","key_ops":["verify"]"#))
        #expect(jwk.keyType == "EC")
        #expect(jwk.curve == "P-256")
        #expect(jwk.keyID == "ec-1")
        #expect(jwk.algorithm == "ES256")
        #expect(jwk.use == "sig")
        #expect(jwk.keyOperations == ["verify"])
        guard let key = jwk.key.p256PublicKey else {
            Issue.record("not P-256")
            return
        }
        #expect(key.x963Representation == TestTokens.ecKey.publicKey.x963Representation)
        #expect(jwk.fits(.es256) && !jwk.fits(.rs256) && !jwk.fits(.hs256))
    }

    @Test("a private EC or RSA JWK imports as its public key")
    func privateMembers() throws {
        let d = Base64URL.encode(Array(TestTokens.ecKey.rawRepresentation))
        let jwk = try TestTokens.jwk(TestTokens.ecJWK(extra: #","d":"\#(d)""#))
        #expect(jwk.fits(.es256))
        try JWSVerifier.verify(try CompactJWS(parsing: try TestTokens.es256()), allowed: [.es256], jwk: jwk)
    }

    @Test("malformed EC keys are refused")
    func badECKeys() throws {
        let point = Array(TestTokens.ecKey.publicKey.x963Representation)
        let x = Base64URL.encode(point[1..<33])
        let y = Base64URL.encode(point[33..<65])
        var offCurve = point
        offCurve[64] ^= 1
        let badY = Base64URL.encode(offCurve[33..<65])
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(badY)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-384","x":"\#(x)","y":"\#(y)"}"#))
        #expect(Self.refused(#"{"kty":"EC","x":"\#(x)","y":"\#(y)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(point[2..<33]))","y":"\#(y)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode([0] + point[1..<33]))","y":"\#(y)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)=","y":"\#(y)"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","kid":5}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","key_ops":"verify"}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","key_ops":["verify","verify"]}"#))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","x":"\#(x)"}"#))
        let zero = Base64URL.encode([UInt8](repeating: 0, count: 32))
        #expect(Self.refused(#"{"kty":"EC","crv":"P-256","x":"\#(zero)","y":"\#(zero)"}"#))
    }

    @Test("RSA keys: size, exponent and encoding")
    func rsaKeys() throws {
        let publicKey = try #require(TestTokens.rsaKey).publicKey
        let primitives = try publicKey.getKeyPrimitives()
        let n = Array(primitives.modulus)
        let jwk = try TestTokens.jwk(try TestTokens.rsaJWK(publicKey))
        #expect(jwk.fits(.rs256) && !jwk.fits(.es256) && !jwk.fits(.hs256))
        // A leading zero octet is tolerated (same value).
        #expect(!Self.refused(#"{"kty":"RSA","n":"\#(Base64URL.encode([0] + n))","e":"AQAB"}"#))
        // Exponent 1, even, huge, missing.
        for e in ["AQ", "Ag", "AQAB" + "AAAA", ""] {
            #expect(Self.refused(#"{"kty":"RSA","n":"\#(Base64URL.encode(n))","e":"\#(e)"}"#), "e=\(e)")
        }
        #expect(Self.refused(#"{"kty":"RSA","n":"\#(Base64URL.encode(n))"}"#))
        // 1024 bits.
        #expect(Self.refused(#"{"kty":"RSA","n":"\#(Base64URL.encode(n.prefix(128)))","e":"AQAB"}"#))
        // Even modulus.
        var even = n
        even[even.count - 1] &= 0xFE
        #expect(Self.refused(#"{"kty":"RSA","n":"\#(Base64URL.encode(even))","e":"AQAB"}"#))
    }

    @Test("oct keys: empty refused, short ones don't fit HS256")
    func octKeys() throws {
        #expect(Self.refused(#"{"kty":"oct","k":""}"#))
        #expect(Self.refused(#"{"kty":"oct"}"#))
        let short = try TestTokens.jwk(#"{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 1, count: 31)))"}"#)
        #expect(!short.fits(.hs256))
        let long = try TestTokens.jwk(#"{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 1, count: 64)))"}"#)
        #expect(long.fits(.hs256))
    }

    @Test("unknown or missing key types are refused")
    func keyTypes() {
        #expect(Self.refused(#"{"kty":"OKP","crv":"Ed25519","x":"AAAA"}"#))
        #expect(Self.refused(#"{"crv":"P-256"}"#))
        #expect(Self.refused(#"{"kty":1}"#))
        #expect(Self.refused(#"[]"#))
        #expect(Self.refused(#"not json"#))
    }
}
