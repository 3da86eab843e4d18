#if Emulator
public import EmulatorBrowser
public import Foundation
import LineLoginEmulator
public import LineSDK
public import OAuthEngine

extension TestLinePlatform {
    /// How the ID token of a ``TestLinePlatform/signIn(userID:channelID:scopes:nonce:IDTokenKeyType:addFriend:)``
    /// is signed.
    public enum IDTokenKeyType: Sendable, Equatable {
        /// ES256 with the platform's key (in its JWKS), as LINE's SDK asks (`id_token_key_type=JWK`).
        case JWK
        /// HS256 with the channel secret, as LINE signs a web login's.
        case channelSecret
    }

    /// Signs a user in the way a person does, without a browser: the authorization request, the login page,
    /// the consent page and the code exchange (PKCE), all over HTTP to this platform.
    /// - Parameters:
    ///   - userID: who signs in; by default the first user (Brown with the default configuration). A user with a
    ///     second factor can't sign in this way.
    ///   - channelID: the channel; by default the first one.
    ///   - scopes: the scopes asked for.
    ///   - nonce: the nonce to send; with `openid` and none given, a random one (returned in
    ///     ``LineTestTokens/nonce``).
    ///   - keyType: how the ID token is signed.
    ///   - addFriend: whether the user also adds the channel's official account as a friend on the consent page.
    /// - Returns: the tokens, for LINE's APIs or for the backend under test.
    /// - Throws: ``LineLoginTestingError`` for an unknown user or channel; the emulator's answer (an
    ///   `AuthorizationError` or an `OAuthError`) when it refuses the sign-in.
    public func signIn(
        userID: String? = nil, channelID: String? = nil, scopes: [String] = ["profile", "openid"], nonce: String? = nil,
        IDTokenKeyType keyType: IDTokenKeyType = .JWK, addFriend: Bool = false
    ) async throws -> LineTestTokens {
        let user = try user(userID ?? self.userID)
        let channel = try channel(channelID ?? self.channelID)
        guard let callback = channel.callbackURLs.first.flatMap(URL.init(string:)) else {
            throw LineLoginTestingError.noCallbackURL(channelID: channel.channelID)
        }
        let request = AuthorizationRequest(
            endpoint: platform.authorizeURL, clientID: channel.channelID, redirectURI: callback, scopes: scopes, nonce: nonce,
            generateNonce: scopes.contains("openid"))
        // The callback is read from the redirect's Location header: nothing needs to listen there.
        let session = try await browser(userID: user.userID, decision: .allow(addFriend: addFriend)).beginSession(redirectURI: callback)
        let redirect = try await session.present(request.url)
        let response = try AuthorizationResponse(url: redirect, request: request, issuer: issuer)
        // An app (LINE's SDK) is a public client; a web login, and any exchange of a web-only channel, sends the secret.
        let secret = keyType == .channelSecret || channel.webOnly ? channel.channelSecret : nil
        var configuration = platform.configuration(channelID: channel.channelID, channelSecret: secret)
        // Without LINE's JWK request the platform signs with the channel secret, as LINE does.
        if keyType == .channelSecret { configuration.quirks.remove(.requestsJWKSignedIDToken) }
        let tokens = try await TokenClient(configuration: configuration, transport: URLSessionTransport())
            .exchange(code: response.code, redirectURI: callback, codeVerifier: request.pkce?.verifier)
        return LineTestTokens(
            accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, IDToken: tokens.idToken, expiresIn: tokens.expiresIn,
            scopes: tokens.scope ?? scopes, nonce: request.nonce, userID: user.userID, channelID: channel.channelID)
    }

    /// A user agent that signs `userID` in on this platform's pages over HTTP: for a `LoginManager` (its
    /// `userAgent`) or an OAuthEngine client, in place of the system browser.
    /// - Parameters:
    ///   - userID: who signs in; by default the first user.
    ///   - decision: what the user does on the consent page (allow, cancel there, or cancel at the login page).
    /// - Throws: ``LineLoginTestingError/unknownUser(userID:)``.
    public func browser(
        userID: String? = nil, decision: ScriptedBrowser.Decision = .allow(addFriend: false)
    ) throws(LineLoginTestingError) -> ScriptedBrowser {
        let user = try user(userID ?? self.userID)
        // The login page takes the user ID where there is no email address.
        return ScriptedBrowser(email: user.email ?? user.userID, password: user.password, decision: decision)
    }

    /// A LineSDK configuration for a channel of this platform, signing `userID` in without a browser: give it to
    /// `LoginManager(configuration:)` (or `LoginManager.shared.setup(configuration:)`), then call `login` and the
    /// API as the app does.
    /// - Parameters:
    ///   - userID: who signs in when the app calls `login`; by default the first user.
    ///   - channelID: the channel; by default the first one.
    ///   - tokenStore: where the session is kept; by default a new memory store (a test never touches the
    ///     Keychain or the user's files).
    ///   - decision: what the user does on the consent page.
    /// - Throws: ``LineLoginTestingError`` for an unknown user or channel.
    public func loginConfiguration(
        userID: String? = nil, channelID: String? = nil, tokenStore: any TokenStore = MemoryTokenStore(),
        decision: ScriptedBrowser.Decision = .allow(addFriend: false)
    ) throws(LineLoginTestingError) -> LoginConfiguration {
        let channel = try channel(channelID ?? self.channelID)
        return LoginConfiguration(
            channelID: channel.channelID, platform: platform, tokenStore: tokenStore,
            userAgent: try browser(userID: userID, decision: decision), bundleIdentifier: nil, lineAppOpener: nil)
    }
}
#endif
