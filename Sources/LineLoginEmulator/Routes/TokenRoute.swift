#if Emulator
import Crypto
import Foundation
import Hummingbird
import Logging

/// `POST /oauth2/v2.1/token`: the authorization-code and refresh-token grants.
struct TokenRoute: Sendable {
    let store: EmulatorStore
    let logger: Logger

    func handle(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure):
            store.countTokenRequest(isRefresh: false)
            return failure.oauthResponse
        }
        let grantType = params["grant_type"]
        store.countTokenRequest(isRefresh: grantType == "refresh_token")
        switch grantType {
        case nil, "":
            return Reply.oauthError(.badRequest, "invalid_request", "grant_type is required")
        case "authorization_code":
            return exchangeCode(params, request: request)
        case "refresh_token":
            return refresh(params, request: request)
        default:
            return Reply.oauthError(.badRequest, "unsupported_grant_type", "unsupported grant_type")
        }
    }

    private func exchangeCode(_ params: FormParameters, request: Request) -> Response {
        for name in ["code", "redirect_uri"] where params.nonEmpty(name) == nil {
            return Reply.oauthError(.badRequest, "invalid_request", "\(name) is required")
        }
        let channel: EmulatorChannel
        let credentials: ClientCredentials
        switch ClientAuthentication.check(params, request: request, store: store) {
        case .authenticated(let found, let used): (channel, credentials) = (found, used)
        case .refused(let response):
            // A failed exchange burns the code, a wrong client_secret included: a stolen code can't be tried
            // with one guessed secret after another (one attempt per code, as the redirect and verifier).
            if let code = params["code"] { _ = store.takeCode(code) }
            return response
        }
        // The code is consumed here, before any other check: a failed exchange still burns it.
        guard let rawCode = params["code"], let code = store.takeCode(rawCode), code.request.channelID == channel.channelID else {
            if channel.revokeTokensOnCodeReplay, let rawCode = params["code"], store.revokeTokens(ofReplayedCode: rawCode) {
                logger.notice("authorization code replayed; its tokens are revoked", metadata: ["channel": "\(channel.channelID)"])
            }
            return Reply.oauthError(.badRequest, "invalid_grant", "invalid authorization code")
        }
        guard params["redirect_uri"] == code.request.redirectURI else {
            return Reply.oauthError(.badRequest, "invalid_grant", "redirect_uri does not match")
        }
        let verifier = params["code_verifier"]
        if let challenge = code.request.codeChallenge {
            guard let verifier else {
                return Reply.oauthError(.badRequest, "invalid_grant", "code_verifier is required")
            }
            guard Self.isWellFormedVerifier(verifier) else {
                return Reply.oauthError(.badRequest, "invalid_grant", "malformed code_verifier")
            }
            guard Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == challenge else {
                return Reply.oauthError(.badRequest, "invalid_grant", "code_verifier does not match code_challenge")
            }
        } else {
            if verifier != nil {
                return Reply.oauthError(
                    .badRequest,
                    "invalid_grant",
                    "code_verifier sent but the authorization request had no code_challenge"
                )
            }
            // A client without PKCE must authenticate (a public client cannot), in the body or with Basic.
            if credentials.secret == nil {
                return ClientAuthentication.invalidClient("client_secret is required without PKCE", basic: credentials.viaBasic)
            }
        }
        guard let user = store.user(id: code.userID) else {
            return Reply.oauthError(.badRequest, "invalid_grant", "invalid authorization code")
        }

        let issued = store.issueTokens(
            channelID: channel.channelID,
            userID: user.userID,
            scopes: code.request.scopes,
            redeemedCode: channel.revokeTokensOnCodeReplay ? rawCode : nil
        )
        var idToken: String?
        if code.request.scopes.contains("openid") {
            let useES256 = params["id_token_key_type"] == "JWK" || channel.nativeApp
            do {
                idToken = try IDTokenSigner.sign(
                    claims(for: code, user: user, channel: channel, issuer: RouteSupport.issuer(store: store, request: request)),
                    with: useES256 ? .es256(store.currentSigningKey()) : .hs256(channelSecret: channel.channelSecret)
                )
            } catch {
                logger.error("ID token signing failed", metadata: ["error.type": "\(type(of: error))"])
                return Reply.oauthError(.internalServerError, "server_error", "could not sign the ID token")
            }
        }
        return Reply.json(
            TokenResponse(issued, idToken: idToken),
            noStore: true
        )
    }

    private func refresh(_ params: FormParameters, request: Request) -> Response {
        guard params.nonEmpty("refresh_token") != nil else {
            return Reply.oauthError(.badRequest, "invalid_request", "refresh_token is required")
        }
        let channel: EmulatorChannel
        switch ClientAuthentication.check(params, request: request, store: store) {
        case .authenticated(let found, _): channel = found
        case .refused(let response): return response
        }
        guard let refreshToken = params["refresh_token"],
            let issued = store.refresh(refreshToken, channelID: channel.channelID)
        else {
            return Reply.oauthError(.badRequest, "invalid_grant", "invalid refresh token")
        }
        // No id_token on refresh: LINE's refresh responses carry none (the login's stays the client's).
        return Reply.json(
            TokenResponse(issued, idToken: nil),
            noStore: true
        )
    }

    private func claims(
        for code: AuthorizationCode,
        user: EmulatorUser,
        channel: EmulatorChannel,
        issuer: String
    ) -> IDTokenClaims {
        let issuedAt = Int(store.now().timeIntervalSince1970)
        let scopes = code.request.scopes
        let profile = scopes.contains("profile")
        return IDTokenClaims(
            iss: issuer,
            sub: user.userID,
            aud: channel.channelID,
            exp: issuedAt + Int(StoreLimits.idTokenLifetime),
            iat: issuedAt,
            authTime: code.request.maxAge == nil ? nil : Int(code.authTime.timeIntervalSince1970),
            nonce: code.request.nonce,
            amr: code.amr,
            name: profile ? user.displayName : nil,
            picture: profile ? user.pictureURL : nil,
            email: scopes.contains("email") && channel.emailPermission ? user.email : nil
        )
    }

    /// 43 to 128 characters of `[A-Za-z0-9-._~]`.
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && FormEncoding.isUnreserved(verifier)
    }
}
#endif
