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
        var tally = VerdictTally()
        var jwkGroups = 0
        let groups = WycheproofVectors.groups(root)
        for group in groups {
            let point = try #require(WycheproofVectors.hex(group["publicKey"]?.objectValue?["uncompressed"]?.stringValue))
            let key = try P256.Signing.PublicKey(x963Representation: point)
            // The group's JWK, when it has one, imports to the same key.
            if let jwkObject = group["publicKeyJwk"]?.objectValue {
                jwkGroups += 1
                guard let jwkKey = try JWK(object: jwkObject).key.p256PublicKey else {
                    Issue.record("publicKeyJwk did not import as P-256")
                    continue
                }
                #expect(jwkKey.x963Representation == key.x963Representation)
            }

            for testCase in WycheproofVectors.tests(group) {
                let message = try #require(WycheproofVectors.hex(testCase["msg"]?.stringValue))
                let signature = try #require(WycheproofVectors.hex(testCase["sig"]?.stringValue))
                tally.record(testCase, accepted: JWSVerifier.isValidES256(signature: signature, signingInput: message, key: key))
            }
        }
        #expect(tally.total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        print(
            "wycheproof \(file): \(tally.summary), acceptable \(tally.acceptable.count)"
                + " (\(jwkGroups) of \(groups.count) group keys also imported from their JWK)")
    }

    @Test("rsa_signature_2048_sha256_test.json through isValidRS256")
    func rsaPKCS1() throws {
        let file = "rsa_signature_2048_sha256_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var tally = VerdictTally()
        for group in WycheproofVectors.groups(root) {
            // Imported through JWK, so the key checks (size, exponent, ROCA) run on real keys too.
            let jwkObject = try #require(group["keyJwk"]?.objectValue)
            guard let key = try JWK(object: jwkObject).key.rsaPublicKey else {
                Issue.record("keyJwk did not import as RSA")
                continue
            }
            for testCase in WycheproofVectors.tests(group) {
                let message = try #require(WycheproofVectors.hex(testCase["msg"]?.stringValue))
                let signature = try #require(WycheproofVectors.hex(testCase["sig"]?.stringValue))
                tally.record(testCase, accepted: JWSVerifier.isValidRS256(signature: signature, signingInput: message, key: key))
            }
        }
        #expect(tally.total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        print(
            "wycheproof \(file): \(tally.summary), acceptable \(tally.acceptable.count): \(tally.acceptable.joined(separator: "; "))")
    }

    @Test("hmac_sha256_test.json through isValidHS256 (full tags) and a truncated compare")
    func hmacSHA256() throws {
        let file = "hmac_sha256_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var tally = VerdictTally()
        var full = 0
        var truncated = 0
        for group in WycheproofVectors.groups(root) {
            let tagBytes = Int(group["tagSize"]?.doubleValue ?? 0) / 8
            for testCase in WycheproofVectors.tests(group) {
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
                tally.record(testCase, accepted: accepted)
            }
        }
        #expect(tally.total == Int(root["numberOfTests"]?.doubleValue ?? -1))
        #expect(tally.acceptable.isEmpty, "the HMAC file has no acceptable cases")
        print(
            "wycheproof \(file): \(tally.summary) (\(full) full-tag via isValidHS256, \(truncated) 128-bit tags via a truncated compare)")
    }
}

/// One rule for every primitive's Wycheproof cases: a `valid` case must be accepted, an `invalid` one
/// refused, and an `acceptable` one (a legacy encoding a verifier may take either way) is only listed.
struct VerdictTally {
    private(set) var total = 0
    private(set) var valid = 0
    private(set) var invalid = 0
    /// `tcId N [flags] accepted|rejected` for each acceptable case.
    private(set) var acceptable: [String] = []

    mutating func record(_ testCase: [String: JSONValue], accepted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        total += 1
        let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
        switch testCase["result"]?.stringValue {
        case "valid":
            valid += accepted ? 1 : 0
            #expect(accepted, "tcId \(tcId) valid", sourceLocation: sourceLocation)
        case "invalid":
            invalid += accepted ? 0 : 1
            #expect(!accepted, "tcId \(tcId) invalid", sourceLocation: sourceLocation)
        default:
            let flags = (testCase["flags"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
            acceptable.append("tcId \(tcId) [\(flags)] \(accepted ? "accepted" : "rejected")")
        }
    }

    var summary: String { "\(total) cases, valid \(valid) ok, invalid \(invalid) rejected" }
}
