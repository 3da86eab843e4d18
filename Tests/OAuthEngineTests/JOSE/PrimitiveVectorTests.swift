import Crypto
import CryptoExtras
import Foundation
import OAuthEngine
import Testing

/// The raw signature primitives against Wycheproof: ES256 (P1363 `r || s`), RS256 (PKCS#1 v1.5,
/// 2048-bit) and HMAC-SHA256.
@Suite("Wycheproof primitives")
struct PrimitiveVectorTests {
    @Test("ecdsa_secp256r1_sha256_p1363_test.json through isValidES256")
    func ecdsaP256() throws {
        let file = "ecdsa_secp256r1_sha256_p1363_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var valid = 0
        var invalid = 0
        var acceptable = 0
        var total = 0
        var jwkGroups = 0
        let groups = WycheproofVectors.groups(root)
        for group in groups {
            let point = try #require(WycheproofVectors.hex(group["publicKey"]?.objectValue?["uncompressed"]?.stringValue))
            let key = try P256.Signing.PublicKey(x963Representation: point)
            // The group's JWK, when it has one, imports to the same key.
            if let jwkObject = group["publicKeyJwk"]?.objectValue {
                jwkGroups += 1
                guard case .p256(let jwkKey) = try JWK(object: jwkObject).key else {
                    Issue.record("publicKeyJwk did not import as P-256")
                    continue
                }
                #expect(jwkKey.x963Representation == key.x963Representation)
            }

            for testCase in WycheproofVectors.tests(group) {
                total += 1
                let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
                let message = try #require(WycheproofVectors.hex(testCase["msg"]?.stringValue))
                let signature = try #require(WycheproofVectors.hex(testCase["sig"]?.stringValue))
                let accepted = JWSVerifier.isValidES256(signature: signature, signingInput: message, key: key)
                switch testCase["result"]?.stringValue {
                case "valid":
                    valid += accepted ? 1 : 0
                    #expect(accepted, "tcId \(tcId) valid")
                case "invalid":
                    invalid += accepted ? 0 : 1
                    #expect(!accepted, "tcId \(tcId) invalid")
                default:
                    acceptable += 1
                }
            }
        }
        #expect(total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        print(
            "wycheproof \(file): \(total) cases, valid \(valid) ok, invalid \(invalid) rejected, acceptable \(acceptable)"
                + " (\(jwkGroups) of \(groups.count) group keys also imported from their JWK)")
    }

    @Test("rsa_signature_2048_sha256_test.json through isValidRS256")
    func rsaPKCS1() throws {
        let file = "rsa_signature_2048_sha256_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var valid = 0
        var invalid = 0
        var total = 0
        var acceptable: [String] = []
        for group in WycheproofVectors.groups(root) {
            // Imported through JWK, so the key checks (size, exponent, ROCA) run on real keys too.
            let jwkObject = try #require(group["keyJwk"]?.objectValue)
            guard case .rsa(let key) = try JWK(object: jwkObject).key else {
                Issue.record("keyJwk did not import as RSA")
                continue
            }
            for testCase in WycheproofVectors.tests(group) {
                total += 1
                let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
                let message = try #require(WycheproofVectors.hex(testCase["msg"]?.stringValue))
                let signature = try #require(WycheproofVectors.hex(testCase["sig"]?.stringValue))
                let accepted = JWSVerifier.isValidRS256(signature: signature, signingInput: message, key: key)
                switch testCase["result"]?.stringValue {
                case "valid":
                    valid += accepted ? 1 : 0
                    #expect(accepted, "tcId \(tcId) valid")
                case "invalid":
                    invalid += accepted ? 0 : 1
                    #expect(!accepted, "tcId \(tcId) invalid")
                default:
                    let flags = (testCase["flags"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
                    acceptable.append("tcId \(tcId) [\(flags)] \(accepted ? "accepted" : "rejected")")
                }
            }
        }
        #expect(total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        print(
            "wycheproof \(file): \(total) cases, valid \(valid) ok, invalid \(invalid) rejected, acceptable \(acceptable.count): \(acceptable.joined(separator: "; "))"
        )
    }

    @Test("hmac_sha256_test.json through isValidHS256 (full tags) and a truncated compare")
    func hmacSHA256() throws {
        let file = "hmac_sha256_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var valid = 0
        var invalid = 0
        var total = 0
        var full = 0
        var truncated = 0
        for group in WycheproofVectors.groups(root) {
            let tagBytes = Int(group["tagSize"]?.doubleValue ?? 0) / 8
            for testCase in WycheproofVectors.tests(group) {
                total += 1
                let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
                let key = SymmetricKey(data: try #require(WycheproofVectors.hex(testCase["key"]?.stringValue)))
                let message = try #require(WycheproofVectors.hex(testCase["msg"]?.stringValue))
                let tag = try #require(WycheproofVectors.hex(testCase["tag"]?.stringValue))
                let accepted: Bool
                if tagBytes == SHA256.byteCount {
                    full += 1
                    accepted = JWSVerifier.isValidHS256(signature: tag, signingInput: message, key: key)
                } else {
                    // JWS HS256 uses the whole tag; the truncated groups are checked by hand, and
                    // the JWS primitive must refuse a truncated tag even when it is right.
                    truncated += 1
                    let mac = Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
                    accepted = tag.count == tagBytes && Array(mac.prefix(tagBytes)) == tag
                    #expect(!JWSVerifier.isValidHS256(signature: tag, signingInput: message, key: key), "tcId \(tcId) truncated")
                }
                if testCase["result"]?.stringValue == "valid" {
                    valid += accepted ? 1 : 0
                    #expect(accepted, "tcId \(tcId) valid")
                } else {
                    invalid += accepted ? 0 : 1
                    #expect(!accepted, "tcId \(tcId) invalid")
                }
            }
        }
        #expect(total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        print(
            "wycheproof \(file): \(total) cases (\(full) full-tag via isValidHS256, \(truncated) 128-bit tags via a truncated compare), valid \(valid) ok, invalid \(invalid) rejected"
        )
    }
}
