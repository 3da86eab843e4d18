#if Emulator
import Foundation
import Hummingbird

/// `GET /oauth2/v2.1/verify` (access tokens) and `POST /oauth2/v2.1/verify` (ID tokens).
struct VerifyRoute: Sendable {
    let store: EmulatorStore

    /// LINE's own access-token check (LINE verifies access tokens at its own endpoint, not by RFC 7662
    /// introspection): no `active` field.
    func verifyAccessToken(_ request: Request) -> Response {
        let params: FormParameters
        switch RouteSupport.query(of: request).flatMap({ $0.rejectingDuplicates() }) {
        case .success(let query): params = query
        case .failure(let problem): return Reply.oauthError(.badRequest, "invalid_request", problem.description)
        }
        guard let token = params.nonEmpty("access_token") else {
            return Reply.oauthError(.badRequest, "invalid_request", "access_token is required")
        }
        switch store.lookupAccessToken(token) {
        case .valid(let record, let remaining):
            return Reply.json(
                AccessTokenVerification(
                    scope: RouteSupport.scopeString(record.scopes),
                    clientID: record.channelID,
                    expiresIn: remaining
                ),
                noStore: true
            )
        case .expired:
            return Reply.oauthError(.badRequest, "invalid_request", "access token expired")
        case .unknown:
            return Reply.oauthError(.badRequest, "invalid_request", "invalid access token")
        }
    }

    /// Verifies an ID token with the emulator's own secrets and keys.
    func verifyIDToken(_ request: Request) async -> Response {
        let params: FormParameters
        switch await RequestBodyReader.form(from: request) {
        case .success(let form): params = form
        case .failure(let failure): return failure.oauthResponse
        }
        guard let idToken = params.nonEmpty("id_token") else {
            return Reply.oauthError(.badRequest, "invalid_request", "id_token is required")
        }
        guard let clientID = params.nonEmpty("client_id") else {
            return Reply.oauthError(.badRequest, "invalid_request", "client_id is required")
        }
        var secrets: [String: String] = [:]
        for channel in store.configuration.channels where secrets[channel.channelID] == nil {
            secrets[channel.channelID] = channel.channelSecret
        }
        let result = VerifyEndpointIDTokenCheck.check(
            idToken,
            keys: .init(channelSecrets: secrets, signingKeys: store.publishedKeys()),
            issuer: RouteSupport.issuer(store: store, request: request),
            clientID: clientID,
            nonce: params["nonce"],
            userID: params["user_id"],
            now: store.now()
        )
        switch result {
        case .success(let claims): return Reply.json(claims, noStore: true)
        case .failure(let failure): return Reply.oauthError(.badRequest, "invalid_request", failure.rawValue)
        }
    }
}
#endif
