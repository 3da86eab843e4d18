import Foundation

extension EmulatorStore {
    /// Issues a single-use authorization code valid for 10 minutes.
    func issueCode(for request: AuthorizationRequest, userID: String, authTime: Date, amr: [String] = ["pwd"]) -> String {
        let code = RandomToken.base64URL(byteCount: 15)
        let now = now()
        insertThenCap(now: now) { state in
            state.codes[code] = AuthorizationCode(
                request: request,
                userID: userID,
                authTime: authTime,
                amr: amr,
                expiresAt: now.addingTimeInterval(StoreLimits.codeLifetime)
            )
        }
        return code
    }

    /// Consumes `code`: it is gone after this call whatever the caller does next.
    func takeCode(_ code: String) -> AuthorizationCode? {
        let now = now()
        return state.withLock { state in
            guard let record = state.codes.removeValue(forKey: code), record.expiresAt > now else { return nil }
            return record
        }
    }
}
