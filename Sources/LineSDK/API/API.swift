import Foundation
import OAuthEngine
public import LineLoginPlatform

/// LINE's static API entry points, over `LoginManager.shared`'s session. Each has an async form and a
/// completion-handler form as in LINE's SDK. Without a stored token they fail with
/// `requestFailed(.lackOfAccessToken)`; before `setup`, with `requestFailed(.setupNotFinished)`.
public enum API {
    /// The user's profile.
    public static func getProfile() async throws(LineSDKError) -> UserProfile {
        try await LoginManager.shared.api.getProfile()
    }

    /// The user's profile, completion-handler form.
    public static func getProfile(
        callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<UserProfile, LineSDKError>) -> Void
    ) {
        run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await getProfile() }
    }

    /// The friendship status with the channel's linked official account.
    public static func getBotFriendshipStatus() async throws(LineSDKError) -> GetBotFriendshipStatusRequest.Response {
        try await LoginManager.shared.api.getBotFriendshipStatus()
    }

    /// The friendship status, completion-handler form.
    public static func getBotFriendshipStatus(
        callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<GetBotFriendshipStatusRequest.Response, LineSDKError>) -> Void
    ) {
        run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await getBotFriendshipStatus() }
    }

    /// Token operations.
    public enum Auth {
        /// Refreshes the access token.
        public static func refreshAccessToken() async throws(LineSDKError) -> AccessToken {
            try await LoginManager.shared.api.refreshAccessToken()
        }

        /// Refreshes the access token, completion-handler form.
        public static func refreshAccessToken(
            callbackQueue: CallbackQueue = .default,
            completionHandler: @escaping @Sendable (Result<AccessToken, LineSDKError>) -> Void
        ) {
            run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await refreshAccessToken() }
        }

        /// Revokes an access token (default: the current one, which also logs out locally). With nothing
        /// stored it succeeds, as in LINE's SDK.
        public static func revokeAccessToken(_ token: String? = nil) async throws(LineSDKError) {
            try await LoginManager.shared.api.revokeAccessToken(token)
        }

        /// Revokes an access token, completion-handler form.
        public static func revokeAccessToken(
            _ token: String? = nil, callbackQueue: CallbackQueue = .default,
            completionHandler: @escaping @Sendable (Result<Void, LineSDKError>) -> Void
        ) {
            run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await revokeAccessToken(token) }
        }

        /// Revokes a refresh token (default: the current one), ending the session.
        public static func revokeRefreshToken(_ refreshToken: String? = nil) async throws(LineSDKError) {
            try await LoginManager.shared.api.revokeRefreshToken(refreshToken)
        }

        /// Revokes a refresh token, completion-handler form.
        public static func revokeRefreshToken(
            _ refreshToken: String? = nil, callbackQueue: CallbackQueue = .default,
            completionHandler: @escaping @Sendable (Result<Void, LineSDKError>) -> Void
        ) {
            run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await revokeRefreshToken(refreshToken) }
        }

        /// Verifies an access token (default: the current one) with LINE.
        public static func verifyAccessToken(_ token: String? = nil) async throws(LineSDKError) -> AccessTokenVerifyResult {
            try await LoginManager.shared.api.verifyAccessToken(token)
        }

        /// Verifies an access token, completion-handler form.
        public static func verifyAccessToken(
            _ token: String? = nil, callbackQueue: CallbackQueue = .default,
            completionHandler: @escaping @Sendable (Result<AccessTokenVerifyResult, LineSDKError>) -> Void
        ) {
            run(callbackQueue, completionHandler) { () throws(LineSDKError) in try await verifyAccessToken(token) }
        }
    }

    static func run<T: Sendable>(
        _ queue: CallbackQueue, _ completion: @escaping @Sendable (Result<T, LineSDKError>) -> Void,
        _ body: @escaping @Sendable () async throws(LineSDKError) -> T
    ) {
        Task {
            let result: Result<T, LineSDKError>
            do throws(LineSDKError) { result = .success(try await body()) } catch { result = .failure(error) }
            queue.execute { completion(result) }
        }
    }
}
