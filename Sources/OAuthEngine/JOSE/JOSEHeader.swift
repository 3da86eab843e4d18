/// The protected header of a JWS (RFC 7515 §4), with the members the verifier reads typed.
public struct JOSEHeader: Sendable {
    /// `alg`, as written. Whether it is supported and allowed is decided by ``JWSVerifier``.
    public let algorithm: String
    /// `kid`, when present.
    public let keyID: String?
    /// `typ`, when present.
    public let type: String?
    /// `crit`, when present (a non-empty list of names). A token with `crit` is always refused.
    public let critical: [String]?
    /// Every header member, including the ones above. For a parsed token, decoded each time this is read.
    public var fields: [String: JSONValue] {
        switch members {
        case .fields(let fields): fields
        case .object(let object): object.dictionary
        }
    }

    private enum Members: Sendable {
        case fields([String: JSONValue])
        case object(ClaimSet)
    }

    private let members: Members

    /// Reads a parsed header object. `alg` must be a string; `kid` and `typ`, when present, strings;
    /// `crit`, when present, a non-empty array of strings (RFC 7515 §4.1.11).
    public init(fields: [String: JSONValue]) throws(JOSEError) {
        try self.init(members: .fields(fields)) { fields[$0] }
    }

    /// Reads a header object checked by ``ClaimSet`` (the same rules as ``init(fields:)``), decoding only
    /// the members above; a token's header is parsed this way.
    init(object: ClaimSet) throws(JOSEError) {
        try self.init(members: .object(object)) { object[$0] }
    }

    private init(members: Members, _ member: (String) -> JSONValue?) throws(JOSEError) {
        guard case .string(let algorithm)? = member("alg") else { throw .malformed("header has no string alg") }
        self.algorithm = algorithm
        self.keyID = try Self.optionalString(member("kid"), member: "kid")
        self.type = try Self.optionalString(member("typ"), member: "typ")
        if let crit = member("crit") {
            guard case .array(let elements) = crit, !elements.isEmpty else {
                throw .malformed("header crit is not a non-empty array")
            }
            var names: [String] = []
            names.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let name) = element else { throw .malformed("header crit holds a non-string") }
                names.append(name)
            }
            self.critical = names
        } else {
            self.critical = nil
        }
        self.members = members
    }

    private static func optionalString(_ value: JSONValue?, member: StaticString) throws(JOSEError) -> String? {
        switch value {
        case nil: return nil
        case .string(let string)?: return string
        default: throw .malformed("header \(member) is not a string")
        }
    }
}
