#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// Stores a pending authorization and returns its session ID (32 random bytes, hex).
    func createSession(_ pending: PendingAuthorization) -> String {
        let sessionID = RandomToken.hex(byteCount: 32)
        insertThenCap(now: now()) { $0.sessions[sessionID] = pending }
        return sessionID
    }

    /// Stores a pending authorization for `request`, begun now, and returns its session ID.
    func createSession(_ request: AuthorizationRequest) -> String {
        createSession(PendingAuthorization(request: request, createdAt: now()))
    }

    /// The unexpired session `id`.
    func session(_ id: String) -> PendingAuthorization? {
        updateSession(id) { _ in }
    }

    /// Records that `userID` signed in on session `id` by `amr`; returns the updated session.
    func authenticateSession(_ id: String, userID: String, amr: [String], authTime: Date? = nil) -> PendingAuthorization? {
        let now = now()
        return updateSession(id) { session in
            session.userID = userID
            session.authTime = authTime ?? now
            session.amr = amr
            session.secondFactorUserID = nil
        }
    }

    /// Applies `change` to the unexpired session `id` and returns the result; an expired session is dropped.
    @discardableResult
    func updateSession(_ id: String, _ change: (inout PendingAuthorization) -> Void) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard var session = state.sessions[id] else { return nil }
            guard session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now else {
                state.sessions.removeValue(forKey: id)
                return nil
            }
            change(&session)
            state.sessions[id] = session
            return session
        }
    }

    /// Spends one of the attempt's second-factor guesses: under the store's lock, so parallel requests
    /// can't all see the same count and all have their code checked. Returns the user whose code is asked
    /// for and this guess's number (1 to ``StoreLimits/secondFactorAttempts``), or `nil` when the session
    /// is gone, asks for no code, or has no guess left; check the code only after a guess was spent.
    func spendSecondFactorGuess(_ id: String) -> (userID: String, number: Int)? {
        var spent: (userID: String, number: Int)?
        updateSession(id) { session in
            guard let userID = session.secondFactorUserID else { return }
            let checked = session.secondFactorCodesChecked ?? 0
            guard checked < StoreLimits.secondFactorAttempts else { return }
            session.secondFactorCodesChecked = checked + 1
            spent = (userID, checked + 1)
        }
        return spent
    }

    /// Removes and returns the unexpired session `id`.
    func takeSession(_ id: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard let session = state.sessions.removeValue(forKey: id),
                session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now
            else { return nil }
            return session
        }
    }
}
#endif
