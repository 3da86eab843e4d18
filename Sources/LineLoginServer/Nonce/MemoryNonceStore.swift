#if Server
import Crypto
public import Foundation
public import OAuthEngine

/// A ``NonceStore`` in memory, for one process. It keeps only SHA-256 digests of the nonces it issued;
/// entries expire after ``lifetime``, and a nonce is consumed once.
///
/// Each client has a quota: at most ``perClientLimit`` pending nonces, and a client at its quota (or
/// asking while the store is full) loses its own oldest nonce, never another client's. When the store
/// is full of other clients' live nonces, issuing fails (``NonceStoreError``, a 503 at the route)
/// instead of pushing out someone's pending sign-in. The routes of this package use the remote
/// address as the client (see `LineRequestContext.nonceClient` of LineLoginHummingbird).
///
/// Issuing and consuming are O(1): expired nonces are dropped from the front of an insertion-ordered
/// chain (every nonce lives ``lifetime``, so the oldest expire first), nothing is ever scanned.
public actor MemoryNonceStore: NonceStore {
    /// At most this many nonces are remembered.
    public nonisolated let capacity: Int
    /// At most this many nonces are pending for one client.
    public nonisolated let perClientLimit: Int
    /// How long an issued nonce stays usable.
    public nonisolated let lifetime: TimeInterval

    private let clock: any WallClock
    private let random: any RandomSource
    private var ledger = NonceLedger()

    /// Creates a store.
    /// - Parameters:
    ///   - capacity: the most nonces remembered at once (at least 1).
    ///   - perClientLimit: the most nonces one client may have pending (at least 1); a real app needs
    ///     one per sign-in in progress.
    ///   - lifetime: seconds a nonce stays usable (LINE's authorization code lives 10 minutes).
    ///   - clock: the clock expiries are measured with.
    ///   - random: the CSPRNG nonces come from.
    public init(
        capacity: Int = 10_000, perClientLimit: Int = 16, lifetime: TimeInterval = 600,
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource()
    ) {
        self.capacity = max(1, capacity)
        self.perClientLimit = max(1, perClientLimit)
        self.lifetime = lifetime
        self.clock = clock
        self.random = random
    }

    /// How many nonces are remembered (expired ones included until the next issue).
    public var count: Int { ledger.count }

    /// Issues 32 CSPRNG bytes, base64url (43 characters), to `client`.
    ///
    /// Throws when the store is full of other clients' pending nonces.
    public func issue(for client: String) throws(NonceStoreError) -> String {
        let now = clock.now()
        while let oldest = ledger.oldest, oldest.expiry <= now { ledger.remove(oldest.digest) }
        let own = ledger.count(of: client)
        if own >= perClientLimit || (ledger.count >= capacity && own > 0) {
            if let oldest = ledger.oldest(of: client) { ledger.remove(oldest) }
        }
        guard ledger.count < capacity else {
            throw NonceStoreError("the nonce store is full; try again later")
        }
        let nonce = Base64URL.encode(random.bytes(count: 32))
        ledger.insert(Self.digest(nonce), client: client, expiry: now.addingTimeInterval(lifetime))
        return nonce
    }

    /// `true` once for an issued, unexpired nonce; the entry is removed either way.
    public func consume(_ nonce: String) throws(NonceStoreError) -> Bool {
        guard let entry = ledger.remove(Self.digest(nonce)) else { return false }
        return clock.now() < entry.expiry
    }

    private static func digest(_ nonce: String) -> Data {
        Data(SHA256.hash(data: Data(nonce.utf8)))
    }
}
#endif
