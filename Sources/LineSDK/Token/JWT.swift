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

        /// `iss`.
        public var issuer: String { claims["iss"]?.stringValue ?? "" }
        /// `sub`: the user ID.
        public var subject: String { claims["sub"]?.stringValue ?? "" }
        /// `aud`: the channel ID (the first one when LINE ever sends a list).
        public var audience: String {
            if case .array(let values) = claims["aud"] { return values.first?.stringValue ?? "" }
            return claims["aud"]?.stringValue ?? ""
        }
        /// `exp`.
        public var expiration: Date { date("exp") ?? .distantPast }
        /// `iat` (LINE's SDK spells it `issueAt`).
        public var issueAt: Date { date("iat") ?? .distantPast }
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

        /// Any claim decoded as `type`, e.g. `payload["email", String.self]`; `nil` if absent or of another type.
        public subscript<T: Decodable>(key: String, type: T.Type) -> T? {
            guard let value = claims[key] else { return nil }
            switch value {
            case .string(let string): if let result = string as? T { return result }
            case .bool(let bool): if let result = bool as? T { return result }
            case .number(let number):
                if let result = number as? T { return result }
                if T.self == Int.self, let exact = Int(exactly: number) { return exact as? T }
            default: break
            }
            guard let data = try? JSONEncoder().encode(value) else { return nil }
            return try? JSONDecoder().decode(T.self, from: data)
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
            throw .authorizeFailed(reason: .IDTokenValidationFailed(.jose(error)))
        }
        header = Header(algorithm: jws.header.algorithm, keyID: jws.header.keyID, type: jws.header.type)
        payload = Payload(claims: jws.claims)
    }
}
