import Foundation
import OAuthEngine
import Testing

/// Every case of Wycheproof's `json_web_key_test.json`: a key set and a JWS to verify with it.
///
/// The set goes through `JWKSet(data:)` and the key is chosen by `JWSVerifier.verify(_:allowed:keySet:)`.
/// The allow-list is what the set's keys are meant for; a second run allows every supported
/// algorithm, and there an invalid case must still be refused at a key stage (set refused, no key
/// with the `kid`, key doesn't fit, ambiguous `kid`) — not by luck of the signature — unless the
/// case is about a modified signature.
@Suite("Wycheproof json_web_key_test.json")
struct JSONWebKeyVectorTests {
    private enum Stage: String {
        case accepted
        case malformedToken = "malformed token"
        case unsupportedAlgorithm = "unsupported algorithm"
        case algorithmNotAllowed = "algorithm not allowed"
        case setRefused = "set refused"
        case unknownKeyID = "no key with the kid"
        case keyMismatch = "no key fits"
        case ambiguousKey = "ambiguous key"
        case invalidSignature = "signature"
        case other

        var isKeyStage: Bool {
            [.setRefused, .unknownKeyID, .keyMismatch, .ambiguousKey].contains(self)
        }
    }

    private static func verify(_ text: String, keySet: Result<JWKSet, JOSEError>, allowed: Set<JWSAlgorithm>) -> Stage {
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: text, payload: .opaque) } catch { return .malformedToken }
        let set: JWKSet
        do {
            set = try keySet.get()
        } catch {
            // The algorithm checks come first, as in the verifier, so the stage names the first refusal.
            guard JWSAlgorithm(rawValue: jws.header.algorithm) != nil else { return .unsupportedAlgorithm }
            return .setRefused
        }
        do {
            try JWSVerifier.verify(jws, allowed: allowed, keySet: set)
            return .accepted
        } catch {
            switch error {
            case .unsupportedAlgorithm: return .unsupportedAlgorithm
            case .algorithmNotAllowed: return .algorithmNotAllowed
            case .unknownKeyID: return .unknownKeyID
            case .keyMismatch: return .keyMismatch
            case .invalidKey: return .ambiguousKey
            case .invalidSignature: return .invalidSignature
            case .malformed, .tooLarge, .criticalHeader: return .other
            }
        }
    }

    @Test("every case gets the expected result")
    func everyCase() throws {
        let file = "json_web_key_test.json"
        guard let root = WycheproofVectors.load(file) else { return }
        var tally = OutcomeTally()
        var stages: [String: Int] = [:]
        var supported = 0
        var validOK = 0
        var invalidRejected = 0
        var unsupportedRejected = 0

        for group in WycheproofVectors.groups(root) {
            guard let setObject = group["public"]?.objectValue ?? group["private"]?.objectValue,
                let keyObjects = setObject["keys"]?.arrayValue?.compactMap(\.objectValue)
            else {
                Issue.record("group \(group["comment"]?.stringValue ?? "?") has no key set")
                continue
            }
            let data = try JSONEncoder().encode(JSONValue.object(setObject))
            let keySet = Result { () throws(JOSEError) in try JWKSet(data: data) }
            let allowed = keyObjects.reduce(into: Set<JWSAlgorithm>()) { $0.formUnion(WycheproofVectors.allowList(for: $1)) }

            for testCase in WycheproofVectors.tests(group) {
                let tcId = Int(testCase["tcId"]?.doubleValue ?? -1)
                let comment = testCase["comment"]?.stringValue ?? ""
                let expected = testCase["result"]?.stringValue ?? "?"
                let text = testCase["jws"]?.stringValue ?? ""
                let algorithm = (try? CompactJWS(parsing: text, payload: .opaque))?.header.algorithm ?? "?"
                let stage = Self.verify(text, keySet: keySet, allowed: allowed)
                let permissive = Self.verify(text, keySet: keySet, allowed: Set(JWSAlgorithm.allCases))
                tally.add(algorithm: algorithm, expected: expected, outcome: stage == .accepted ? "accepted" : "rejected")
                let context = Comment(
                    rawValue: "tcId \(tcId) \(comment): expected \(expected), got \(stage.rawValue) / permissive \(permissive.rawValue)")

                guard JWSAlgorithm(rawValue: algorithm) != nil else {
                    unsupportedRejected += stage == .accepted ? 0 : 1
                    #expect(stage != .accepted, context)
                    #expect(permissive != .accepted, context)
                    continue
                }
                supported += 1
                if expected == "valid" {
                    validOK += stage == .accepted ? 1 : 0
                    #expect(stage == .accepted, context)
                    #expect(permissive == .accepted, context)
                    // A usable set's keys all import on their own too.
                    for keyObject in keyObjects { #expect(throws: Never.self, context) { try JWK(object: keyObject) } }
                } else {
                    invalidRejected += stage == .accepted ? 0 : 1
                    stages[permissive.rawValue, default: 0] += 1
                    #expect(stage != .accepted, context)
                    if comment == "rejectsModifiedSignature" {
                        #expect(permissive == .invalidSignature, context)
                    } else {
                        #expect(permissive.isKeyStage, context)
                    }
                }
            }
        }

        #expect(tally.total == Int(root["numberOfTests"]?.doubleValue ?? -1), "cases counted vs numberOfTests")
        tally.printed(as: "wycheproof \(file)")
        let stageList = stages.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "wycheproof \(file): \(tally.total) cases, supported \(supported) (valid \(validOK) ok, invalid \(invalidRejected) rejected"
                + " — with every algorithm allowed: \(stageList)), unsupported \(tally.total - supported) (\(unsupportedRejected) rejected)"
        )
    }
}
