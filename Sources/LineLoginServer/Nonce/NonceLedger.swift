#if Server
import Foundation

/// The pending nonces of a ``MemoryNonceStore``: digest → expiry and client, threaded on two
/// insertion-ordered chains (all nonces, and each client's own), so inserting, consuming, dropping
/// the oldest and dropping a client's oldest are all O(1), with no scan and no stale entries.
struct NonceLedger {
    /// One pending nonce and its place on both chains.
    struct Entry {
        var expiry: Date
        var client: String
        var older: Data?
        var newer: Data?
        var olderOfClient: Data?
        var newerOfClient: Data?
    }

    /// The two ends of a chain and its length.
    private struct Chain {
        var oldest: Data?
        var newest: Data?
        var count = 0
    }

    private var entries: [Data: Entry] = [:]
    private var all = Chain()
    private var clients: [String: Chain] = [:]

    /// How many nonces are pending.
    var count: Int { entries.count }

    /// How many nonces `client` has pending.
    func count(of client: String) -> Int {
        clients[client]?.count ?? 0
    }

    /// The oldest pending nonce overall, with its expiry.
    var oldest: (digest: Data, expiry: Date)? {
        guard let digest = all.oldest, let entry = entries[digest] else { return nil }
        return (digest, entry.expiry)
    }

    /// The oldest pending nonce of `client`.
    func oldest(of client: String) -> Data? {
        clients[client]?.oldest
    }

    /// Adds a nonce as the newest overall and the newest of `client`.
    mutating func insert(_ digest: Data, client: String, expiry: Date) {
        remove(digest)
        var chain = clients[client] ?? Chain()
        entries[digest] = Entry(
            expiry: expiry, client: client, older: all.newest, newer: nil,
            olderOfClient: chain.newest, newerOfClient: nil)
        if let newest = all.newest { entries[newest]?.newer = digest } else { all.oldest = digest }
        all.newest = digest
        all.count += 1
        if let newest = chain.newest { entries[newest]?.newerOfClient = digest } else { chain.oldest = digest }
        chain.newest = digest
        chain.count += 1
        clients[client] = chain
    }

    /// Removes a nonce from both chains; its entry, or `nil` when it was not pending.
    @discardableResult
    mutating func remove(_ digest: Data) -> Entry? {
        guard let entry = entries.removeValue(forKey: digest) else { return nil }
        if let older = entry.older { entries[older]?.newer = entry.newer } else { all.oldest = entry.newer }
        if let newer = entry.newer { entries[newer]?.older = entry.older } else { all.newest = entry.older }
        all.count -= 1
        if var chain = clients[entry.client] {
            if let older = entry.olderOfClient {
                entries[older]?.newerOfClient = entry.newerOfClient
            } else {
                chain.oldest = entry.newerOfClient
            }
            if let newer = entry.newerOfClient {
                entries[newer]?.olderOfClient = entry.olderOfClient
            } else {
                chain.newest = entry.olderOfClient
            }
            chain.count -= 1
            clients[entry.client] = chain.count == 0 ? nil : chain
        }
        return entry
    }
}
#endif
