public import Foundation

extension OAuthClient {
    /// Starts a sign-in on another device (RFC 8628): show the user ``DeviceAuthorization/userCode`` and
    /// ``DeviceAuthorization/verificationURI``, then call ``completeDeviceAuthorization(_:sleep:)``.
    public func startDeviceAuthorization(scopes: [String]) async throws(OAuthError) -> DeviceAuthorization {
        try await tokenClient.deviceAuthorization(scopes: scopes)
    }

    /// Polls until the user has approved (the tokens are validated and stored), denied, or the codes
    /// expire: every ``DeviceAuthorization/interval`` seconds, five more after each `slow_down`, and
    /// twice as long after a transient network failure (RFC 8628 §3.5).
    /// - Parameters:
    ///   - authorization: what ``startDeviceAuthorization(scopes:)`` returned.
    ///   - sleep: how a wait is done (tests pass one that records and returns).
    /// - Throws: ``OAuthError/authorization(_:)`` with `access_denied` or `expired_token`; the token
    ///   endpoint's other errors; ``OAuthError/idToken(_:)`` for a refused ID token.
    public func completeDeviceAuthorization(
        _ authorization: DeviceAuthorization,
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws(OAuthError) -> SignInResult {
        var interval = authorization.interval
        while true {
            do { try await sleep(.seconds(interval)) } catch { throw .userAgent(.cancelled) }
            guard tokenClient.clock.now() < authorization.expiresAt else {
                throw .authorization(.providerError(code: "expired_token", description: "the code expired before it was approved"))
            }
            let response: TokenResponse
            do { response = try await tokenClient.deviceToken(deviceCode: authorization.deviceCode) } catch {
                switch error {
                case .server(let server) where server.hasCode("authorization_pending"):
                    continue
                case .server(let server) where server.hasCode("slow_down"):
                    interval += 5
                    continue
                case .server(let server) where server.hasCode("access_denied") || server.hasCode("expired_token"):
                    throw .authorization(.providerError(code: server.code ?? "access_denied", description: server.message))
                case let failure where failure.isTransient:
                    interval = min(interval * 2, 60)
                    continue
                default:
                    throw error
                }
            }
            let receivedAt = tokenClient.clock.now()
            var claims: IDTokenClaims?
            if let idToken = response.idToken {
                // No nonce in this grant (RFC 8628 has no authorization request to carry one).
                do { claims = try await flow.validator.validate(idToken, expecting: IDTokenExpectations(nonce: nil)) } catch {
                    throw .idToken(error)
                }
            }
            let result = SignInResult(
                tokens: response.tokenSet(receivedAt: receivedAt), idTokenClaims: claims,
                responseParameters: [:], nonce: nil)
            await session.replace(with: result.tokens)
            return result
        }
    }
}
