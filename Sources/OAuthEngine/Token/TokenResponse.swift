public import Foundation

/// A successful token endpoint answer (RFC 6749 §5.1), checked: `access_token` present, `token_type`
/// Bearer (case-insensitive), `expires_in` a non-negative number.
public struct TokenResponse: Sendable, Equatable {
    /// The access token.
    public var accessToken: String
    /// The token type as sent (or `Bearer` where the provider may omit it).
    public var tokenType: String
    /// Lifetime in seconds, when sent.
    public var expiresIn: TimeInterval?
    /// The refresh token, when sent.
    public var refreshToken: String?
    /// The ID token, when sent.
    public var idToken: String?
    /// Granted scopes, when sent.
    public var scope: [String]?

    /// Parses and checks a 2xx response body.
    public init(response: HTTPResponse, quirks: ProviderQuirks) throws(OAuthError) {
        func invalid(_ reason: String) -> OAuthError { .invalidResponse(ServerError(response: response, reason: reason)) }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw invalid("token response is not a JSON object")
        }
        guard let accessToken = object["access_token"] as? String, !accessToken.isEmpty else {
            throw invalid("token response has no access_token")
        }
        let tokenType = object["token_type"] as? String
        if let tokenType {
            guard tokenType.caseInsensitiveCompare("Bearer") == .orderedSame else {
                throw invalid("token_type is not Bearer")
            }
        } else if !quirks.contains(.tokenTypeMayBeMissing) {
            throw invalid("token response has no token_type")
        }
        if let raw = object["expires_in"] {
            // Some servers send a numeric string; both mean seconds.
            let value = (raw as? NSNumber)?.doubleValue ?? (raw as? String).flatMap(Double.init)
            guard let value, value >= 0, value.isFinite else { throw invalid("expires_in is not a number of seconds") }
            expiresIn = value
        }
        self.accessToken = accessToken
        self.tokenType = tokenType ?? "Bearer"
        refreshToken = object["refresh_token"] as? String
        idToken = object["id_token"] as? String
        scope = (object["scope"] as? String).map { $0.split(separator: " ").map(String.init) }
    }

    /// Turns the response into stored tokens, with the expiry made absolute at receipt. Values the
    /// response leaves out (refresh token, ID token, scope) are kept from `previous` (a refresh).
    public func tokenSet(receivedAt: Date, previous: TokenSet? = nil, defaultLifetime: TimeInterval = 3600) -> TokenSet {
        TokenSet(
            accessToken: accessToken,
            refreshToken: refreshToken ?? previous?.refreshToken,
            idToken: idToken ?? previous?.idToken,
            tokenType: tokenType,
            scopes: scope ?? previous?.scopes ?? [],
            issuedAt: receivedAt,
            expiresAt: receivedAt.addingTimeInterval(expiresIn ?? defaultLifetime)
        )
    }
}

extension TokenResponse: CustomStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: never the tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": Redaction.describe(accessToken), "refreshToken": Redaction.describe(refreshToken),
                "idToken": Redaction.describe(idToken), "expiresIn": expiresIn as Any, "scope": scope as Any,
            ])
    }

    /// Redacted.
    public var description: String {
        "TokenResponse(accessToken: \(Redaction.describe(accessToken)), refreshToken: \(Redaction.describe(refreshToken)), idToken: \(Redaction.describe(idToken)), expiresIn: \(expiresIn.map { String($0) } ?? "nil"))"
    }
}
