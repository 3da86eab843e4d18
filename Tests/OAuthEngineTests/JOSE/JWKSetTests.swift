import Crypto
import CryptoExtras
import Foundation
import OAuthEngine
import Testing

@Suite("JWKSet")
struct JWKSetTests {
    @Test(
        "a document that isn't {\"keys\":[...]} throws",
        arguments: [
            #"[]"#, #"{}"#, #"{"keys":{}}"#, #"{"keys":"x"}"#, #"{"keys":null}"#, #"nope"#, "",
        ])
    func badDocuments(json: String) {
        #expect(throws: JOSEError.self) { try JWKSet(data: Data(json.utf8)) }
    }

    @Test("a key set over 64 entries or 256 KiB is refused before it is used")
    func bounds() throws {
        #expect(try TestTokens.keySet(Array(repeating: TestTokens.ecJWK(), count: 64)).keys.count == 64)
        #expect(throws: JOSEError.malformed("JWK set has more than 64 keys")) {
            try TestTokens.keySet(Array(repeating: TestTokens.ecJWK(), count: 65))
        }
        let padded = #"{"keys":[],"pad":""# + String(repeating: "x", count: JWKSet.maximumSize) + #""}"#
        #expect(throws: JOSEError.malformed("JWK set larger than 262144 bytes")) { try JWKSet(data: Data(padded.utf8)) }
    }

    @Test("keys that don't import are skipped")
    func skipping() throws {
        let set = try TestTokens.keySet([
            #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"ed"}"#,
            #"{"kty":"EC","crv":"P-256","x":"AAAA","y":"AAAA","kid":"broken"}"#,
            #""not an object""#,
            TestTokens.ecJWK(),
        ])
        #expect(set.keys.count == 1)
        #expect(set.keys(withID: "ec-1").count == 1)
        #expect(set.keys(withID: "ed").isEmpty)
        #expect(try TestTokens.keySet([]).keys.isEmpty)
    }

    @Test("kid lookup: exact match, nil means every key")
    func lookup() throws {
        let rsa = try #require(TestTokens.rsaKey).publicKey
        let set = try TestTokens.keySet([TestTokens.ecJWK(kid: "a"), try TestTokens.rsaJWK(rsa, kid: "b"), TestTokens.ecJWK(kid: nil)])
        #expect(set.keys(withID: "a").map(\.keyType) == ["EC"])
        #expect(set.keys(withID: "b").map(\.keyType) == ["RSA"])
        #expect(set.keys(withID: "c").isEmpty)
        #expect(set.keys(withID: nil).count == 3)
    }

    @Test("a kid-less token finds the one key that fits")
    func kidLess() throws {
        let rsa = try #require(TestTokens.rsaKey)
        let token = try CompactJWS(parsing: try TestTokens.es256(header: #"{"alg":"ES256"}"#))
        // One EC key and one RSA key: only the EC key fits ES256.
        let set = try TestTokens.keySet([TestTokens.ecJWK(kid: nil), try TestTokens.rsaJWK(rsa.publicKey, kid: nil)])
        let used = try JWSVerifier.verify(token, allowed: [.es256, .rs256], keySet: set)
        #expect(used.keyType == "EC")
        // A kid-bearing key serves a kid-less token too.
        try JWSVerifier.verify(token, allowed: [.es256], keySet: try TestTokens.keySet([TestTokens.ecJWK(kid: "ec-1")]))
        // Two EC keys: ambiguous without a kid (OIDC Core §10.1).
        let other = P256.Signing.PrivateKey().publicKey
        let two = try TestTokens.keySet([TestTokens.ecJWK(kid: "1"), TestTokens.ecJWK(other, kid: "2")])
        #expect(throws: JOSEError.invalidKey("several keys fit the token")) {
            try JWSVerifier.verify(token, allowed: [.es256], keySet: two)
        }
    }

    @Test("unknown kid, kid that doesn't fit, duplicate kid")
    func kidErrors() throws {
        let token = try CompactJWS(parsing: try TestTokens.es256(header: #"{"alg":"ES256","kid":"ec-1"}"#))
        let elsewhere = try TestTokens.keySet([TestTokens.ecJWK(kid: "other")])
        #expect(throws: JOSEError.unknownKeyID) { try JWSVerifier.verify(token, allowed: [.es256], keySet: elsewhere) }
        let encryption = try TestTokens.keySet([TestTokens.ecJWK(extra: #","use":"enc""#)])
        #expect(throws: JOSEError.keyMismatch) { try JWSVerifier.verify(token, allowed: [.es256], keySet: encryption) }
        let other = P256.Signing.PrivateKey().publicKey
        let duplicate = try TestTokens.keySet([TestTokens.ecJWK(), TestTokens.ecJWK(other)])
        #expect(duplicate.isAmbiguous(keyID: "ec-1"))
        #expect(duplicate.keys(withID: "ec-1").isEmpty)
        #expect(throws: JOSEError.invalidKey("several keys share the key ID")) {
            try JWSVerifier.verify(token, allowed: [.es256], keySet: duplicate)
        }
        // A twin that fails to import still makes the kid ambiguous.
        let brokenTwin = try TestTokens.keySet([TestTokens.ecJWK(), #"{"kty":"EC","crv":"P-256","x":"AA","y":"AA","kid":"ec-1"}"#])
        #expect(brokenTwin.keys.count == 1)
        #expect(throws: JOSEError.invalidKey("several keys share the key ID")) {
            try JWSVerifier.verify(token, allowed: [.es256], keySet: brokenTwin)
        }
        // Different key types may share a kid (RFC 7517 §4.5).
        let rsa = try #require(TestTokens.rsaKey).publicKey
        let mixedTypes = try TestTokens.keySet([TestTokens.ecJWK(), try TestTokens.rsaJWK(rsa, kid: "ec-1")])
        #expect(mixedTypes.keys(withID: "ec-1").count == 2)
        try JWSVerifier.verify(token, allowed: [.es256], keySet: mixedTypes)
    }

    @Test("a set mixing secret and public keys is refused")
    func mixedSecrets() throws {
        let oct = #"{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 1, count: 32)))","kid":"s"}"#
        #expect(throws: JOSEError.invalidKey("key set mixes secret and public keys")) {
            try TestTokens.keySet([oct, TestTokens.ecJWK()])
        }
        let d = Base64URL.encode(Array(P256.Signing.PrivateKey().rawRepresentation))
        #expect(throws: JOSEError.invalidKey("key set mixes secret and public keys")) {
            try TestTokens.keySet([TestTokens.ecJWK(kid: "private", extra: #","d":"\#(d)""#), TestTokens.ecJWK()])
        }
        #expect(try TestTokens.keySet([oct]).keys.count == 1)
    }
}
