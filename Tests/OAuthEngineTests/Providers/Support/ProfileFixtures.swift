import Foundation
@testable import OAuthEngine

/// Builds a client and a fake server for a profile: the profile's own endpoints (LinkedIn), or
/// test endpoints for profiles that discover theirs.
enum ProfileFixtures {
    static let clientID = "client-77"
    static let secret = "0123456789abcdef0123456789abcdef"
    static let testEndpoints = ProviderEndpoints(
        issuer: "https://idp.example", authorizationEndpoint: URL(string: "https://idp.example/authorize")!,
        tokenEndpoint: URL(string: "https://idp.example/token")!, jwksURI: URL(string: "https://idp.example/jwks")!,
        userinfoEndpoint: URL(string: "https://idp.example/userinfo")!, revocationEndpoint: URL(string: "https://idp.example/revoke")!,
        introspectionEndpoint: URL(string: "https://idp.example/introspect")!)

    /// Every built-in profile, by name, for parameterized tests.
    static let profileNames = ProviderProfile.builtIn.map(\.name)

    static func profile(_ name: String) -> ProviderProfile {
        guard let profile = ProviderProfile.named(name) else { fatalError("no profile \(name)") }
        return profile
    }

    /// A client and its server. `confidential` gives the client the secret (LinkedIn's standard
    /// endpoint needs it; its native-PKCE endpoint takes none).
    static func make(
        _ profile: ProviderProfile, confidential: Bool? = nil,
        behaviour: ProviderTestServer.Behaviour = .init(), store: any TokenStore = MemoryTokenStore()
    ) throws -> (OAuthClient, ProviderTestServer) {
        let endpoints = profile.endpoints ?? testEndpoints
        let algorithm: JWSAlgorithm = profile.idTokenAlgorithms == [.rs256] ? .rs256 : .es256
        let server = ProviderTestServer(endpoints: endpoints, clientID: clientID, algorithm: algorithm, behaviour: behaviour)
        let withSecret = confidential ?? (profile.name != "linkedin-native")
        let client = try OAuthClient(
            profile: profile, clientID: clientID, clientSecret: withSecret ? secret : nil,
            endpoints: profile.endpoints == nil ? testEndpoints : nil, store: store, transport: server)
        return (client, server)
    }

    /// The query of a URL as a dictionary.
    static func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// A form body as a dictionary.
    static func form(_ request: HTTPRequest) -> [String: String] {
        let text = request.body.flatMap { String(data: $0, encoding: .utf8) } ?? ""
        return Dictionary(FormEncoding.decode(text) ?? [], uniquingKeysWith: { _, last in last })
    }

    /// A 200 token response body without or with `token_type`.
    static func tokenResponse(tokenType: String?) -> HTTPResponse {
        var body: [String: JSONValue] = ["access_token": .string("a"), "expires_in": .number(5_184_000)]
        if let tokenType { body["token_type"] = .string(tokenType) }
        return ProviderTestServer.json(200, body)
    }
}
