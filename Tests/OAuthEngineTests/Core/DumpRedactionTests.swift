import Foundation
@testable import OAuthEngine
import Testing

/// `dump` (and debuggers) walk stored properties through reflection, past any `description`: every type
/// that holds a secret or token must redact its mirror too.
@Suite struct DumpRedactionTests {
    static let secret = "channel-secret-0123456789abcdef"
    static let access = "access-token-value-that-must-not-show"
    static let refresh = "refresh-token-value-that-must-not-show"

    func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text + String(describing: value)
    }

    func expectClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for value in [Self.secret, Self.access, Self.refresh] {
            #expect(!text.contains(value), "leaked \(value.prefix(12))…", sourceLocation: sourceLocation)
        }
    }

    var configuration: ProviderConfiguration {
        ProviderConfiguration(
            endpoints: ProviderEndpoints(
                issuer: "https://issuer.example", authorizationEndpoint: URL(string: "https://issuer.example/auth")!,
                tokenEndpoint: URL(string: "https://issuer.example/token")!),
            clientID: "client",
            clientSecret: Self.secret, clientAuthentication: .clientSecretPost, idTokenAlgorithms: [.hs256, .es256])
    }

    var tokens: TokenSet {
        TokenSet(
            accessToken: Self.access, refreshToken: Self.refresh, idToken: nil, scopes: ["openid"], issuedAt: Date(),
            expiresAt: Date().addingTimeInterval(3600))
    }

    @Test func configurationAndValidatorHideTheSecret() throws {
        expectClean(dumped(configuration))
        let validator = try IDTokenValidator(configuration: configuration, keys: nil)
        expectClean(dumped(validator))
        #expect(dumped(validator).contains("<redacted>"))
    }

    @Test func tokensHideTheirValues() throws {
        expectClean(dumped(tokens))
        let body = #"{"access_token":"\#(Self.access)","refresh_token":"\#(Self.refresh)","token_type":"Bearer","expires_in":60}"#
        let response = try TokenResponse(response: HTTPResponse(statusCode: 200, body: Data(body.utf8)), quirks: [])
        expectClean(dumped(response))
    }

    @Test func aSignedInClientHidesEverything() async throws {
        let client = try OAuthClient(configuration: configuration, store: MemoryTokenStore(tokens: tokens))
        _ = await client.session.current()
        expectClean(dumped(client))
    }
}
