import Foundation
import OAuthEngine
import Testing

/// Every case of Wycheproof's `json_web_signature_test.json`.
///
/// The allow-list of a case is the algorithm its group's key is meant for (the key's `alg`, else its
/// type), as a relying party configures it; the header never widens it. Each case then runs a second
/// time with every supported algorithm allowed: what is invalid must still be refused, by the key
/// checks alone. Payloads are opaque bytes here (`foo`, not JWT claims), so the cases parse with
/// `payload: .opaque`.
@Suite("Wycheproof json_web_signature_test.json")
struct JSONWebSignatureVectorTests {
    private enum Outcome: Equatable {
        case accepted
        case rejected(JOSEError)

        var isAccepted: Bool { self == .accepted }
        var label: String { isAccepted ? "accepted" : "rejected" }
    }

    private static func verify(_ text: String, key: JWK?, allowed: Set<JWSAlgorithm>) -> Outcome {
        do {
            let jws = try CompactJWS(parsing: text, payload: .opaque)
            guard let key else { return .rejected(.invalidKey("the group's key did not import")) }
            try JWSVerifier.verify(jws, allowed: allowed, jwk: key)
            return .accepted
        } catch {
            return .rejected(error)
        }
    }

    /// Characters a compact JWS can hold (base64url and the separators).
    private static func isCompactAlphabet(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
    }

    @Test("every case gets the expected result")
    func everyCase() {
        let file = "json_web_signature_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var tally = OutcomeTally()
        var supported = 0
        var validOK = 0
        var invalidRejected = 0
        var unsupportedRejected = 0
        var acceptable = 0
        var mislabelled: [String] = []

        for group in WycheproofVectors.groups(root) {
            // `public` is JSON null for symmetric keys; the secret is then the verification key.
            guard let keyObject = group["public"]?.objectValue ?? group["private"]?.objectValue else {
                Issue.record("group \(group["comment"]?.stringValue ?? "?") has no key")
                continue
            }
            let key = try? JWK(object: keyObject)
            let allowed = WycheproofVectors.allowList(for: keyObject)
            let groupAlgorithm = WycheproofVectors.intendedAlgorithmName(of: keyObject) ?? "?"
            let cases = WycheproofVectors.tests(group)
            let validTokens = Set(cases.filter { $0["result"]?.stringValue == "valid" }.compactMap { $0["jws"]?.stringValue })

            for testCase in cases {
                let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
                let comment = testCase["comment"]?.stringValue ?? ""
                let expected = testCase["result"]?.stringValue ?? "?"
                let text = testCase["jws"]?.stringValue ?? ""
                let header = try? CompactJWS(parsing: text, payload: .opaque).header
                let algorithm = header?.algorithm ?? groupAlgorithm
                let isSupported = JWSAlgorithm(rawValue: algorithm) != nil
                let outcome = Self.verify(text, key: key, allowed: allowed)
                let permissive = Self.verify(text, key: key, allowed: Set(JWSAlgorithm.allCases))
                let context = Comment(rawValue: "tcId \(tcId) \(comment): expected \(expected), got \(outcome)")

                // Two labels in the upstream file contradict RFC 7515 (other Wycheproof users skip
                // them too). Found by property, not by number: an "invalid" token identical to a
                // "valid" one of the same key, and a "valid" token with characters outside base64url.
                if expected == "invalid" && validTokens.contains(text) {
                    mislabelled.append("\(tcId) (same token as a valid case)")
                    tally.add(algorithm: algorithm, expected: expected, outcome: outcome.label + " (mislabelled)")
                    #expect(outcome.isAccepted, context)
                    continue
                }
                if expected == "valid" && isSupported && !Self.isCompactAlphabet(text) {
                    mislabelled.append("\(tcId) (not base64url)")
                    tally.add(algorithm: algorithm, expected: expected, outcome: outcome.label + " (mislabelled)")
                    #expect(!outcome.isAccepted, context)
                    #expect(!permissive.isAccepted, context)
                    continue
                }

                tally.add(algorithm: algorithm, expected: expected, outcome: outcome.label)
                guard isSupported else {
                    unsupportedRejected += outcome.isAccepted ? 0 : 1
                    #expect(!outcome.isAccepted, context)
                    #expect(!permissive.isAccepted, context)
                    continue
                }
                supported += 1
                switch expected {
                case "valid":
                    validOK += outcome.isAccepted ? 1 : 0
                    #expect(outcome.isAccepted, context)
                    #expect(permissive.isAccepted, context)
                case "invalid":
                    invalidRejected += outcome.isAccepted ? 0 : 1
                    #expect(!outcome.isAccepted, context)
                    #expect(!permissive.isAccepted, context)
                default:
                    acceptable += 1
                    #expect(outcome == permissive, context)
                }
            }
        }

        let unsupported = tally.total - supported - mislabelled.count
        #expect(tally.total == Int(root["numberOfTests"]?.doubleValue ?? -1), "cases counted vs numberOfTests")
        tally.printed(as: "wycheproof \(file)")
        print(
            "wycheproof \(file): \(tally.total) cases, supported \(supported) (valid \(validOK) ok, invalid \(invalidRejected) rejected"
                + (acceptable > 0 ? ", acceptable \(acceptable)" : "")
                + "), unsupported \(unsupported) (\(unsupportedRejected) rejected)"
                + ", mislabelled upstream \(mislabelled.count) given the RFC 7515 result: \(mislabelled.joined(separator: ", "))")
    }
}
