#if Emulator
import Foundation
import LineLoginPrimitives

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

extension EmulatorStore {
    /// RFC 6749 §4.1.2: a code used twice SHOULD revoke the tokens issued from it. Revokes the refresh
    /// tokens (and with them the access tokens) of the login that redeemed `code`; `false` when `code`
    /// was not redeemed lately by a channel that asked for this.
    func revokeTokens(ofReplayedCode code: String) -> Bool {
        let digest = TokenDigest.of(code)
        return state.withLock { state in
            guard state.redeemedCodes.removeValue(forKey: digest) != nil else { return false }
            for (hash, record) in state.refreshTokens where record.codeDigest == digest {
                state.removeRefreshToken(hash: hash)
            }
            return true
        }
    }
}
#endif
