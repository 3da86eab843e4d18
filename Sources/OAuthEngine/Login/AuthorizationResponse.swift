public import Foundation
import LineLoginPrimitives

/// A successful authorization response (the redirect), checked against the request it answers.
public struct AuthorizationResponse: Sendable {
    /// The authorization code. Sent once to the token endpoint, never logged.
    public let code: String
    /// Every query parameter of the redirect except `code` (e.g. LINE's `friendship_status_changed`).
    public let parameters: [String: String]

    /// Checks a redirect URL, in the checklist's order: it answers `request` (scheme, host, port, path),
    /// `state` is present and equal (constant time), `iss` (if sent) equals `issuer`, an `error` is
    /// reported only after those, and a `code` is present. A code with a wrong state is never returned.
    public init(url: URL, request: AuthorizationRequest, issuer: String?) throws(AuthorizationError) {
        guard AuthorizationResponse.matches(url, redirectURI: request.redirectURI) else { throw .noPendingLogin }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw .malformedRedirect }
        // The query is application/x-www-form-urlencoded (RFC 6749 §4.1.2 adds the parameters that way): `+` is a
        // space, as providers send it in `error_description`; a literal `+` arrives as `%2B`. URLComponents'
        // queryItems keeps `+` as it is, so the form decoder reads the raw query.
        guard let items = FormEncoding.decode(components.percentEncodedQuery ?? "") else { throw .malformedRedirect }
        var parameters: [String: String] = [:]
        for (name, value) in items {
            // A repeated parameter is ambiguous (which state? which code?): refuse the redirect.
            guard parameters[name] == nil else { throw .malformedRedirect }
            parameters[name] = value
        }
        guard let state = parameters["state"], !state.isEmpty else {
            // Without a state the redirect can't be tied to this attempt; an error without one is still no proof.
            throw .missingState
        }
        guard SecureCompare.equals(state, request.state) else { throw .stateMismatch }
        // RFC 9207: a response from another issuer is a mix-up, whatever it says (errors included).
        if let responseIssuer = parameters["iss"], let issuer, !ExactMatch.equals(responseIssuer, issuer) { throw .issuerMismatch }
        if let error = parameters["error"] {
            // The provider's words, bounded as a token endpoint's are (they end up in front of people).
            throw .providerError(
                code: UntrustedText.bounded(error, limit: ServerError.maximumCodeLength),
                description: parameters["error_description"].map { UntrustedText.bounded($0, limit: ServerError.maximumMessageLength) })
        }
        guard let code = parameters.removeValue(forKey: "code"), !code.isEmpty else { throw .missingCode }
        self.code = code
        self.parameters = parameters
    }

    /// Whether `url` is a redirect to `redirectURI`: same scheme and host (case-insensitive), same port,
    /// same path (a trailing slash aside).
    public static func matches(_ url: URL, redirectURI: URL) -> Bool {
        guard let lhs = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let rhs = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)
        else { return false }
        func path(_ components: URLComponents) -> String {
            let raw = components.percentEncodedPath
            return raw.hasSuffix("/") ? String(raw.dropLast()) : raw
        }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && lhs.port == rhs.port
            && path(lhs) == path(rhs)
    }
}

extension AuthorizationResponse: CustomStringConvertible {
    /// Never shows the code.
    public var description: String { "AuthorizationResponse(code: <redacted>, parameters: \(parameters.keys.sorted()))" }
}
