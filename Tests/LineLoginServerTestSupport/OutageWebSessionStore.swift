#if Server && Emulator
import Foundation
import LineLoginServer
import OAuthEngine
import LineLoginPrimitives

/// A ``MemoryWebSessionStore`` that can be taken down and brought back, as a shared store whose database
/// is paused or not answering: while ``isDown``, every operation throws.
final class OutageWebSessionStore: WebSessionStore {
    struct Down: Error {}

    private let store = MemoryWebSessionStore()
    private let down = LockedValue(false)

    /// Whether every operation fails.
    var isDown: Bool {
        get { down.current }
        set { down.withLock { $0 = newValue } }
    }

    func begin(_ id: String, expiresAt: Date) async throws {
        if isDown { throw Down() }
        try await store.begin(id, expiresAt: expiresAt)
    }

    func isActive(_ id: String) async throws -> Bool {
        if isDown { throw Down() }
        return try await store.isActive(id)
    }

    func end(_ id: String) async throws {
        if isDown { throw Down() }
        try await store.end(id)
    }
}
#endif
