#if Emulator
import Crypto
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// The state worth keeping, taken under the lock (dictionary copies are cheap until written to).
    func snapshot() -> EmulatorSnapshot {
        let generated = configuration.generatedSecretChannelIDs
        let secrets = Dictionary(
            uniqueKeysWithValues: channels.values.filter { generated.contains($0.channelID) }.map { ($0.channelID, $0.channelSecret) }
        )
        return state.withLock { state in
            EmulatorSnapshot(
                clockOffset: state.clockOffset,
                keys: state.keyRing.keys.map {
                    EmulatorSnapshot.Key(
                        keyID: $0.keyID, privateKey: Base64URL.encode($0.privateKey.rawRepresentation), retiredAt: $0.retiredAt)
                },
                generatedSecrets: secrets,
                friends: state.friends,
                browserSessions: state.browserSessions,
                grants: state.grants,
                sessions: state.sessions,
                codes: state.codes,
                redeemedCodes: state.redeemedCodes,
                accessTokens: state.accessTokens,
                refreshTokens: state.refreshTokens,
                channelAccessTokens: state.channelAccessTokens
            )
        }
    }

    /// Puts `snapshot`'s state in place of the fresh one (secrets are applied earlier, to the configuration).
    func restore(_ snapshot: EmulatorSnapshot, keyRing: KeyRing) {
        state.withLock { state in
            state.clockOffset = snapshot.clockOffset
            state.keyRing = keyRing
            state.friends = snapshot.friends
            state.browserSessions = snapshot.browserSessions
            state.grants = snapshot.grants
            state.sessions = snapshot.sessions
            state.codes = snapshot.codes
            state.redeemedCodes = snapshot.redeemedCodes
            state.accessTokens = snapshot.accessTokens
            state.refreshTokens = snapshot.refreshTokens
            state.channelAccessTokens = snapshot.channelAccessTokens
            // Whatever expired while the emulator was down goes at the next request.
            state.nextPurge = .distantPast
        }
    }

    /// A number that moves after each answered request (and so after whatever it changed): a state
    /// file is written only when it moved. Read before taking the snapshot, so the snapshot is no older.
    var revision: Int {
        state.withLock { $0.revision }
    }

    /// Notes that a request was answered.
    func noteAnswered() {
        state.withLock { $0.revision &+= 1 }
    }
}
#endif
