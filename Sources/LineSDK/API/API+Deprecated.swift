public import LineLoginPlatform

extension API {
    /// LINE's older place for ``Auth/refreshAccessToken(callbackQueue:completionHandler:)``.
    @available(*, deprecated, renamed: "Auth.refreshAccessToken")
    public static func refreshAccessToken(
        callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<AccessToken, LineSDKError>) -> Void
    ) {
        Auth.refreshAccessToken(callbackQueue: callbackQueue, completionHandler: completionHandler)
    }

    /// LINE's older place for ``Auth/revokeAccessToken(_:callbackQueue:completionHandler:)``.
    @available(*, deprecated, renamed: "Auth.revokeAccessToken")
    public static func revokeAccessToken(
        _ token: String? = nil, callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<Void, LineSDKError>) -> Void
    ) {
        Auth.revokeAccessToken(token, callbackQueue: callbackQueue, completionHandler: completionHandler)
    }

    /// LINE's older place for ``Auth/revokeRefreshToken(_:callbackQueue:completionHandler:)``.
    @available(*, deprecated, renamed: "Auth.revokeRefreshToken")
    public static func revokeRefreshToken(
        _ refreshToken: String? = nil, callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<Void, LineSDKError>) -> Void
    ) {
        Auth.revokeRefreshToken(refreshToken, callbackQueue: callbackQueue, completionHandler: completionHandler)
    }

    /// LINE's older place for ``Auth/verifyAccessToken(_:callbackQueue:completionHandler:)``.
    @available(*, deprecated, renamed: "Auth.verifyAccessToken")
    public static func verifyAccessToken(
        _ token: String? = nil, callbackQueue: CallbackQueue = .default,
        completionHandler: @escaping @Sendable (Result<AccessTokenVerifyResult, LineSDKError>) -> Void
    ) {
        Auth.verifyAccessToken(token, callbackQueue: callbackQueue, completionHandler: completionHandler)
    }
}
