import Crypto
public import Foundation

/// A JSON Web Key (RFC 7517) imported for signature verification.
///
/// Supported: `EC` on `P-256`, `RSA` (2048 to 16384 bits) and `oct`. Private members (`d`, ...) are
/// accepted and ignored: only the public part is imported. Import refuses, with
/// ``JOSEError/invalidKey(_:)``: unknown key types and curves, coordinates that are not 32 bytes or
/// not a point on P-256, RSA moduli under 2048 bits or with the ROCA fingerprint, even or tiny
/// exponents, empty `oct` keys, and members of the wrong JSON type.
public struct JWK: Sendable {
    /// `kty`: `EC`, `RSA` or `oct`.
    public let keyType: String
    /// `kid`, when present.
    public let keyID: String?
    /// `alg`, when present.
    public let algorithm: String?
    /// `use`, when present.
    public let use: String?
    /// `key_ops`, when present.
    public let keyOperations: [String]?
    /// `crv`, for EC keys.
    public let curve: String?
    /// The imported key.
    public let key: VerificationKey
    /// Whether the JWK holds secret material: an `oct` key, or private members of an EC/RSA key.
    let holdsSecret: Bool

    private static let privateRSAMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// Imports a JWK from its parsed JSON object.
    public init(object: [String: JSONValue]) throws(JOSEError) {
        guard case .string(let keyType)? = object["kty"] else { throw .invalidKey("kty is missing or not a string") }
        self.keyType = keyType
        self.keyID = try Self.string(object, "kid")
        self.algorithm = try Self.string(object, "alg")
        self.use = try Self.string(object, "use")
        self.keyOperations = try Self.keyOperations(object)
        switch keyType {
        case "EC":
            let curve = try Self.string(object, "crv")
            guard curve == "P-256" else { throw .invalidKey("unsupported curve") }
            self.curve = curve
            self.key = .p256(try Self.p256Key(object))
            self.holdsSecret = try Self.string(object, "d") != nil
        case "RSA":
            self.curve = nil
            guard let modulus = try Self.bytes(object, "n"), let exponent = try Self.bytes(object, "e") else {
                throw .invalidKey("RSA key lacks n or e")
            }
            self.key = .rsa(try RSAPublicKey(modulus: modulus, exponent: exponent))
            self.holdsSecret = Self.privateRSAMembers.contains { object[$0] != nil }
        case "oct":
            self.curve = nil
            guard let secret = try Self.bytes(object, "k"), !secret.isEmpty else { throw .invalidKey("oct key is empty") }
            self.key = .hmac(SymmetricKey(data: secret))
            self.holdsSecret = true
        default:
            throw .invalidKey("unsupported key type")
        }
    }

    /// Imports a JWK from JSON text.
    public init(data: Data) throws(JOSEError) {
        try self.init(object: JSONValue.parseObject(data))
    }

    /// Whether this key may verify `algorithm`: the key type fits (ES256 → EC P-256, RS256 → RSA,
    /// HS256 → `oct` of at least 32 bytes), `alg` is absent or equal, `use` is absent or `sig`, and
    /// `key_ops` is absent or contains `verify`.
    public func fits(_ algorithm: JWSAlgorithm) -> Bool {
        guard key.algorithm == algorithm else { return false }
        if case .hmac(let secret) = key.material, !secret.isLongEnough { return false }
        if let declared = self.algorithm, declared != algorithm.rawValue { return false }
        if let use, use != "sig" { return false }
        if let keyOperations, !keyOperations.contains("verify") { return false }
        return true
    }

    private static func string(_ object: [String: JSONValue], _ member: StaticString) throws(JOSEError) -> String? {
        switch object[member.description] {
        case nil: return nil
        case .string(let value)?: return value
        default: throw .invalidKey("\(member) is not a string")
        }
    }

    private static func bytes(_ object: [String: JSONValue], _ member: StaticString) throws(JOSEError) -> [UInt8]? {
        guard let text = try string(object, member) else { return nil }
        guard let bytes = Base64URL.decode(text) else { throw .invalidKey("\(member) is not base64url") }
        return bytes
    }

    private static func keyOperations(_ object: [String: JSONValue]) throws(JOSEError) -> [String]? {
        guard let value = object["key_ops"] else { return nil }
        guard case .array(let elements) = value else { throw .invalidKey("key_ops is not an array") }
        var operations: [String] = []
        for element in elements {
            guard case .string(let operation) = element else { throw .invalidKey("key_ops holds a non-string") }
            // RFC 7517 §4.3: duplicate values must not be present.
            guard !operations.contains(operation) else { throw .invalidKey("key_ops holds a duplicate") }
            operations.append(operation)
        }
        return operations
    }

    private static func p256Key(_ object: [String: JSONValue]) throws(JOSEError) -> P256.Signing.PublicKey {
        guard let x = try bytes(object, "x"), let y = try bytes(object, "y") else {
            throw .invalidKey("EC key lacks x or y")
        }
        guard x.count == 32, y.count == 32 else { throw .invalidKey("EC coordinate is not 32 bytes") }
        var point: [UInt8] = [0x04]
        point.reserveCapacity(65)
        point.append(contentsOf: x)
        point.append(contentsOf: y)
        do {
            return try P256.Signing.PublicKey(x963Representation: point)
        } catch {
            throw .invalidKey("EC point is not on P-256")
        }
    }
}
