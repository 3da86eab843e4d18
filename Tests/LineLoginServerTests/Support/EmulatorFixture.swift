import EmulatorBrowser
import Foundation
import LineLoginEmulator
import LineSDK
import OAuthEngine

/// An emulator on a free loopback port with two channels, and helpers to obtain real tokens from it.
struct EmulatorFixture {
    static let channelID = "1234567890"
    static let otherChannelID = "2222222222"

    let emulator: LineLoginEmulator
    let baseURL: URL

    static func start() async throws -> EmulatorFixture {
        var configuration = EmulatorConfiguration.default
        var other = configuration.channels[0]
        other.channelID = otherChannelID
        other.channelSecret = "fedcba9876543210fedcba9876543210"
        configuration.channels.append(other)
        let emulator = LineLoginEmulator(configuration: configuration)
        let baseURL = try await emulator.start(host: "127.0.0.1", port: 0)
        return EmulatorFixture(emulator: emulator, baseURL: baseURL)
    }

    func stop() async { await emulator.shutdown() }

    var platform: LinePlatform { .custom(baseURL: baseURL) }

    func secret(_ channelID: String = channelID) -> String {
        emulator.configuration.channels.first { $0.channelID == channelID }?.channelSecret ?? ""
    }

    /// Signs Brown in through the emulator's pages over HTTP and exchanges the code (PKCE, public client).
    /// `es256` asks for an ES256 ID token (`id_token_key_type=JWK`); otherwise HS256 with the channel secret.
    func tokens(
        channelID: String = channelID, scopes: [String] = ["profile", "openid"], nonce: String? = nil,
        es256: Bool = true, email: String = "brown@example.com", password: String = "brown"
    ) async throws -> TokenResponse {
        let redirectURI = URL(string: "http://127.0.0.1:9/callback")!
        let request = AuthorizationRequest(
            endpoint: platform.authorizeURL, clientID: channelID, redirectURI: redirectURI,
            scopes: scopes, nonce: nonce, generateNonce: scopes.contains("openid"))
        let browser = ScriptedBrowser(email: email, password: password, decision: .allow(addFriend: false))
        let session = try await browser.beginSession(redirectURI: redirectURI)
        let callback = try await session.present(request.url)
        let response = try AuthorizationResponse(url: callback, request: request, issuer: platform.issuer)
        var configuration = platform.configuration(channelID: channelID, channelSecret: nil)
        // Without LINE's JWK request, the emulator signs with the channel secret (HS256), as LINE does.
        if !es256 { configuration.quirks.remove(.requestsJWKSignedIDToken) }
        let client = TokenClient(configuration: configuration, transport: URLSessionTransport())
        return try await client.exchange(code: response.code, redirectURI: redirectURI, codeVerifier: request.pkce?.verifier)
    }
}
