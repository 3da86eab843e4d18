import Crypto
public import Foundation
public import OAuthEngine

/// A ``NonceStore`` in memory, for one process: bounded (the oldest nonces are dropped first when it is
/// full), entries expire after ``lifetime``, and a nonce is consumed once. It keeps only SHA-256 digests
/// of the nonces it issued.
public actor MemoryNonceStore: NonceStore {
    /// At most this many nonces are remembered.
    public nonisolated let capacity: Int
    /// How long an issued nonce stays usable.
    public nonisolated let lifetime: TimeInterval

    private let clock: any WallClock
    private let random: any RandomSource
    /// Digest → expiry.
    private var entries: [Data: Date] = [:]
    /// Digests in issue order (may hold digests already consumed; those are skipped on eviction).
    private var order: [Data] = []
    private var orderStart = 0

    /// Creates a store.
    /// - Parameters:
    ///   - capacity: the most nonces remembered at once (at least 1).
    ///   - lifetime: seconds a nonce stays usable (LINE's authorization code lives 10 minutes).
    ///   - clock: the clock expiries are measured with.
    ///   - random: the CSPRNG nonces come from.
    public init(capacity: Int = 10_000, lifetime: TimeInterval = 600, clock: any WallClock = SystemClock(),
                random: any RandomSource = SystemRandomSource()) {
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
        self.clock = clock
        self.random = random
    }

    /// How many nonces are remembered (expired ones included until the next purge).
    public var count: Int { entries.count }

    /// Issues 32 CSPRNG bytes, base64url (43 characters).
    public func issue() throws(NonceStoreError) -> String {
        let nonce = Base64URL.encode(random.bytes(count: 32))
        let now = clock.now()
        if entries.count >= capacity { purgeExpired(now: now) }
        while entries.count >= capacity, evictOldest() {}
        let digest = Self.digest(nonce)
        entries[digest] = now.addingTimeInterval(lifetime)
        order.append(digest)
        // Consumed nonces leave stale digests behind; keep the list proportional to the capacity.
        if order.count - orderStart > 2 * capacity { compactOrder() }
        return nonce
    }

    /// `true` once for an issued, unexpired nonce; the entry is removed either way.
    public func consume(_ nonce: String) throws(NonceStoreError) -> Bool {
        guard let expiry = entries.removeValue(forKey: Self.digest(nonce)) else { return false }
        return clock.now() < expiry
    }

    private func purgeExpired(now: Date) {
        entries = entries.filter { $0.value > now }
        compactOrder()
    }

    /// Drops the oldest remembered nonce; `false` when there is none.
    private func evictOldest() -> Bool {
        while orderStart < order.count {
            let digest = order[orderStart]
            orderStart += 1
            if entries.removeValue(forKey: digest) != nil {
                compactOrderIfSparse()
                return true
            }
        }
        return false
    }

    private func compactOrderIfSparse() {
        if orderStart > 1024 && orderStart * 2 > order.count { compactOrder() }
    }

    private func compactOrder() {
        order = order[orderStart...].filter { entries[$0] != nil }
        orderStart = 0
    }

    private static func digest(_ nonce: String) -> Data {
        Data(SHA256.hash(data: Data(nonce.utf8)))
    }
}
