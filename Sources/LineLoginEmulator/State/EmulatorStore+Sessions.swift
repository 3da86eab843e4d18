import Foundation

extension EmulatorStore {
    /// Stores a pending authorization and returns its session ID (32 random bytes, hex).
    func createSession(_ request: AuthorizationRequest) -> String {
        let sessionID = RandomToken.hex(byteCount: 32)
        let now = now()
        insertThenCap(now: now) { $0.sessions[sessionID] = PendingAuthorization(request: request, createdAt: now) }
        return sessionID
    }

    /// The unexpired session `id`.
    func session(_ id: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard let session = state.sessions[id] else { return nil }
            guard session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now else {
                state.sessions.removeValue(forKey: id)
                return nil
            }
            return session
        }
    }

    /// Records that `userID` signed in on session `id`; returns the updated session.
    func authenticateSession(_ id: String, userID: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard var session = state.sessions[id],
                session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now
            else { return nil }
            session.userID = userID
            session.authTime = now
            state.sessions[id] = session
            return session
        }
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
