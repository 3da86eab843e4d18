#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

extension SessionOptions: TokenSessionOptions {
    static var text: TokenCommandText { .line }

    func validateOptions() throws {}

    func openSession(_ use: TokenSessionUse) throws -> LineTokenSession {
        LineTokenSession(manager: try makeSessionManager(), options: self)
    }
}

/// LINE's side of `line-login token …`: the session `line-login login` stored for a channel, shown
/// through LINE's profile (permissions, LINE's ID-token claims) and checked at LINE's verify endpoint.
struct LineTokenSession: TokenSession {
    let manager: LoginManager
    let options: SessionOptions

    /// LINE's check has no flags of its own.
    struct CheckOptions: ParsableArguments {}

    var notLoggedIn: CommandFailure { .notLoggedIn }

    func current() -> LineTokens? { manager.accessTokenStore.current.map(LineTokens.init) }

    func refresh() async throws -> LineTokens { LineTokens(token: try await manager.api.refreshAccessToken()) }

    func revoke(refreshToken: Bool) async throws -> TokenReport {
        if refreshToken { try await manager.api.revokeRefreshToken() } else { try await manager.api.revokeAccessToken() }
        return TokenReport(json: ["revoked": true], lines: ["Revoked."])
    }

    /// LINE's verify endpoint: valid when LINE knows the token, it was issued to this channel and has life left.
    func check(_: CheckOptions) async throws -> TokenReport {
        let result: AccessTokenVerifyResult
        do { result = try await manager.api.verifyAccessToken() } catch {
            // LINE's 400/401 is its verdict on the token (revoked, expired, unknown): a check that
            // failed, not a network problem.
            guard error.isVerdictOnToken else { throw error }
            return TokenReport(
                json: ["valid": false, "error": "invalid_token"], lines: [],
                failure: CommandFailure(
                    "LINE says the access token is not valid (revoked or expired). "
                        + "Run `line-login token refresh`, or `line-login login` to start again.", exit: .checkFailed))
        }
        let channel = try options.resolvedChannelID()
        let valid = ExactMatch.equals(result.channelID, channel) && result.expiresIn > 0
        let permissions = result.permissions.map(\.rawValue)
        return TokenReport(
            json: [
                "valid": valid, "channelID": result.channelID, "permissions": permissions, "expiresIn": Seconds.whole(result.expiresIn),
            ],
            lines: [
                "\(valid ? "Valid" : "NOT valid for this channel"): channel \(TerminalText.field(result.channelID)), permissions \(TerminalText.field(permissions.joined(separator: " "))), expires \(Seconds.relative(result.expiresIn))"
            ],
            failure: valid
                ? nil
                : CommandFailure("token was issued to channel \(TerminalText.field(result.channelID)), not \(channel)", exit: .checkFailed))
    }
}

/// A LINE access token (with its ID token) as the CLI shows it: ``TokenSummary``.
struct LineTokens: SessionTokens {
    let token: AccessToken

    var accessToken: String { token.value }
    var heading: String? { nil }
    func summary(reveal: Bool) -> [String: Any] { TokenSummary.dictionary(token, reveal: reveal) }
    var lines: [String] { TokenSummary.lines(token) }
}
#endif
