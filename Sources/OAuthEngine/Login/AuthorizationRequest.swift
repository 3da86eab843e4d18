public import Foundation

/// Everything a login attempt sends to the authorization endpoint, and the secrets it keeps for the
/// callback. Build it with ``init(endpoint:clientID:redirectURI:scopes:usePKCE:nonce:generateNonce:additionalParameters:random:)``.
public struct AuthorizationRequest: Sendable {
    /// The authorization endpoint.
    public let endpoint: URL
    /// The client (channel) ID.
    public let clientID: String
    /// The redirect URI, sent here and again, identical, with the token request.
    public let redirectURI: URL
    /// Requested scopes, in order.
    public let scopes: [String]
    /// The `state`: 32 CSPRNG bytes, base64url (unreserved characters only, as LINE requires).
    public let state: String
    /// The nonce, when `openid` is requested (or given by the app).
    public let nonce: String?
    /// The PKCE pair, unless the provider profile turns PKCE off.
    public let pkce: PKCE?
    /// Extra query parameters (LINE's `bot_prompt`, `prompt`, `max_age`, …), in order.
    public let additionalParameters: [(String, String)]
    /// Extra fields for this attempt's code exchange (LINE's `optional_redirect_uri` when the app also
    /// registered a universal link), in order.
    public var exchangeParameters: [(String, String)] = []

    /// Creates a request with fresh `state`, PKCE and (when needed) nonce.
    /// - Parameters:
    ///   - endpoint: the provider's authorization endpoint.
    ///   - clientID: the client (for LINE, the channel ID).
    ///   - redirectURI: where the provider sends the user back.
    ///   - scopes: the scopes asked for.
    ///   - usePKCE: whether to send an S256 code challenge.
    ///   - nonce: a nonce chosen by the app; when `nil` and `generateNonce` is true, one is generated.
    ///   - generateNonce: whether a nonce is made when none is given.
    ///   - additionalParameters: extra query fields, in order.
    ///   - random: where `state`, the verifier and the nonce come from.
    public init(
        endpoint: URL, clientID: String, redirectURI: URL, scopes: [String], usePKCE: Bool = true,
        nonce: String? = nil, generateNonce: Bool, additionalParameters: [(String, String)] = [],
        random: any RandomSource = SystemRandomSource()
    ) {
        self.endpoint = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = Base64URL.encode(random.bytes(count: 32))
        self.nonce = nonce ?? (generateNonce ? Base64URL.encode(random.bytes(count: 32)) : nil)
        self.pkce = usePKCE ? PKCE(random: random) : nil
        self.additionalParameters = additionalParameters
    }

    /// The query items in the order they are sent.
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI.absoluteString),
            ("state", state),
            ("scope", scopes.joined(separator: " ")),
        ]
        if let nonce { items.append(("nonce", nonce)) }
        if let pkce {
            items.append(("code_challenge", pkce.challenge))
            items.append(("code_challenge_method", pkce.method))
        }
        let reserved = Set(items.map(\.0))
        items.append(contentsOf: additionalParameters.filter { !reserved.contains($0.0) })
        return items
    }

    /// The URL to open in the user agent.
    public var url: URL {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        let existing = components?.percentEncodedQuery.map { $0 + "&" } ?? ""
        components?.percentEncodedQuery = existing + FormEncoding.encode(queryItems)
        return components?.url ?? endpoint
    }
}

extension AuthorizationRequest: CustomStringConvertible {
    /// Endpoint, client and scopes; never state, nonce or verifier.
    public var description: String {
        "AuthorizationRequest(\(endpoint.absoluteString), client: \(clientID), scopes: \(scopes.joined(separator: " ")))"
    }
}
