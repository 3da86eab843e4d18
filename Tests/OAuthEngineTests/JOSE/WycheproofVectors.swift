import Foundation
import OAuthEngine
import Testing

/// Loads the Wycheproof files copied into this test target (`Tests/OAuthEngineTests/Vectors/wycheproof`,
/// a resource; see its README for the upstream commit). They are read through Foundation's `JSONDecoder`
/// (not this module's parser) into ``JSONValue``.
enum WycheproofVectors {
    /// The vectors folder inside the test bundle.
    static let directory: URL? = Bundle.module.url(forResource: "Vectors", withExtension: nil)?
        .appendingPathComponent("wycheproof", isDirectory: true)

    /// The parsed file; a missing or unreadable file is a recorded failure (the vectors travel with the
    /// project, so nothing security-relevant is ever skipped).
    static func load(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: JSONValue]? {
        guard let url = directory?.appendingPathComponent(name), FileManager.default.fileExists(atPath: url.path) else {
            Issue.record(
                "Wycheproof vectors not found (\(name)); they belong in Tests/OAuthEngineTests/Vectors/wycheproof",
                sourceLocation: sourceLocation)
            return nil
        }
        do {
            let data = try Data(contentsOf: url)
            guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: data) else {
                Issue.record("\(name) is not a JSON object", sourceLocation: sourceLocation)
                return nil
            }
            return root
        } catch {
            Issue.record("cannot read \(name): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The groups of a file.
    static func groups(_ root: [String: JSONValue]) -> [[String: JSONValue]] {
        (root["testGroups"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// The cases of a group.
    static func tests(_ group: [String: JSONValue]) -> [[String: JSONValue]] {
        (group["tests"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// Bytes from a hex string (the primitive files); `nil` for odd length or a non-hex digit.
    static func hex(_ text: String?) -> [UInt8]? {
        guard let text else { return nil }
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The algorithm a JWK is meant for: its `alg`, else what its `kty`/`crv` implies (the
    /// configuration a relying party would have for that key — never the token's header).
    static func intendedAlgorithmName(of key: [String: JSONValue]) -> String? {
        if let alg = key["alg"]?.stringValue { return alg }
        switch key["kty"]?.stringValue {
        case "oct": return "HS256"
        case "RSA": return "RS256"
        case "EC": return key["crv"]?.stringValue == "P-256" ? "ES256" : nil
        default: return nil
        }
    }

    /// The allow-list for a key: its intended algorithm when this library supports it, else empty.
    static func allowList(for key: [String: JSONValue]) -> Set<JWSAlgorithm> {
        guard let name = intendedAlgorithmName(of: key), let algorithm = JWSAlgorithm(rawValue: name) else { return [] }
        return [algorithm]
    }
}
