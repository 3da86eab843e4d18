public import Foundation
import OAuthEngine

/// A parsed ID token, as LINE's SDK exposes it: `header` and `payload`. Only tokens that passed
/// validation are handed out by the SDK.
public struct JWT: Sendable, Equatable {
    /// The JOSE header.
    public struct Header: Sendable, Equatable {
        /// `alg`, e.g. `ES256`.
        public let algorithm: String
        /// `kid`, when present.
        public let keyID: String?
        /// `typ`, when present.
        public let type: String?
    }

    /// The claims, typed where LINE documents them, with a typed subscript for any other claim.
    public struct Payload: Sendable, Equatable {
        let claims: [String: JSONValue]

        /// `iss`, as LINE's SDK declares it (optional).
        public var issuer: String? { claims["iss"]?.stringValue }
        /// `sub`: the user ID.
        public var subject: String? { claims["sub"]?.stringValue }
        /// `aud`: the channel ID (the first one when LINE ever sends a list).
        public var audience: String? {
            if case .array(let values) = claims["aud"] { return values.first?.stringValue }
            return claims["aud"]?.stringValue
        }
        /// `exp`.
        public var expiration: Date? { date("exp") }
        /// `iat` (LINE's SDK spells it `issueAt`).
        public var issueAt: Date? { date("iat") }
        /// `auth_time`, sent when `max_age` was requested.
        public var authTime: Date? { date("auth_time") }
        /// `nonce`.
        public var nonce: String? { claims["nonce"]?.stringValue }
        /// `amr`: how the user authenticated (`pwd`, `lineautologin`, `lineqr`, `linesso`, `mfa`).
        public var amr: [String]? { claims["amr"]?.arrayValue?.compactMap(\.stringValue) }
        /// `name` (with `profile`).
        public var name: String? { claims["name"]?.stringValue }
        /// `picture` (with `profile`).
        public var pictureURL: URL? { claims["picture"]?.stringValue.flatMap(URL.init(string:)) }
        /// `email` (with `email`, when the channel may read it).
        public var email: String? { claims["email"]?.stringValue }

        /// Any claim as `type`, as LINE's SDK reads it: `payload["email", String.self]`,
        /// `payload["exp", TimeInterval.self]`, `payload["amr", [String].self]`; `nil` when absent or of
        /// another type. Objects and arrays read as `[String: Any]` and `[Any]` too.
        public subscript<T>(key: String, type: T.Type) -> T? {
            guard let value = claims[key] else { return nil }
            return Self.cast(value, to: type)
        }

        private static func cast<T>(_ value: JSONValue, to type: T.Type) -> T? {
            switch value {
            case .string(let string): return string as? T
            case .bool(let bool): return bool as? T
            case .number(let number):
                if let result = number as? T { return result }
                if let exact = Int(exactly: number), let result = exact as? T { return result }
                if let exact = Int64(exactly: number), let result = exact as? T { return result }
                if let result = Float(number) as? T { return result }
                return NSNumber(value: number) as? T
            case .null: return nil
            case .array, .object:
                if let decodable = type as? any Decodable.Type, let data = try? JSONEncoder().encode(value),
                    let result = try? JSONDecoder().decode(decodable, from: data) as? T
                {
                    return result
                }
                return foundationObject(value) as? T
            }
        }

        // The JSONSerialization shape ([String: Any], [Any], String, NSNumber, NSNull) of a claim.
        private static func foundationObject(_ value: JSONValue) -> Any {
            switch value {
            case .string(let string): return string
            case .bool(let bool): return bool
            case .number(let number): return Int(exactly: number).map { $0 as Any } ?? number
            case .null: return NSNull()
            case .array(let elements): return elements.map(foundationObject)
            case .object(let members): return members.mapValues(foundationObject)
            }
        }

        private func date(_ key: String) -> Date? { claims[key]?.doubleValue.map(Date.init(timeIntervalSince1970:)) }
    }

    /// The header.
    public let header: Header
    /// The payload.
    public let payload: Payload

    /// Parses a compact JWS without verifying it (the SDK verifies before it hands one out).
    public init(text: String) throws(LineSDKError) {
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: text) } catch {
            throw .authorizeFailed(reason: .cryptoError(error: CryptoError(.jose(error))))
        }
        header = Header(algorithm: jws.header.algorithm, keyID: jws.header.keyID, type: jws.header.type)
        payload = Payload(claims: jws.claims)
    }
}
