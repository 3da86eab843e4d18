#if Emulator
import Foundation
import LineLoginPrimitives
import Logging

/// `--state FILE`: reads the emulator's state at start and writes it back in the background, at most
/// once a second and only after requests changed something, and once more at shutdown. A write that
/// takes long (a large state) spaces the next one out to nine times its duration, so writing never
/// takes more than a tenth of one core from the requests.
///
/// The file holds the private signing keys and generated secrets, so every write goes through
/// ``PrivateFileWriter``: a temporary file that is 0600 from its creation (never wider, not even before
/// the first byte), flushed, renamed over the old one and the folder flushed, so a crash leaves the old
/// state or the new one, never half of either. It is read only when this user alone could have written
/// it (``FileExposure/untrustedReason``, ``FileExposure/replaceableEntriesReason``): whoever else could
/// would have chosen the keys the emulator signs with.
///
/// One emulator per file: ``claim(_:)`` takes a lock on the sidecar `<file>.lock`, held until ``stop()``
/// has written the last state (or this object is freed) and taken again by ``start()``; a second emulator
/// is refused in words rather than silently overwriting the first one's state.
final class StateFile: Sendable {
    let url: URL
    private let store: EmulatorStore
    private let logger: Logger
    private let writer: LockedValue<WriterState>
    private let file: PrivateFileWriter

    /// The largest state file read: the tables are capped (``StoreLimits``), so anything larger is not a
    /// file this emulator wrote.
    static let maximumSize = 1 << 30

    private struct WriterState: Sendable {
        var task: Task<Void, Never>?
        var writtenRevision: Int?
        /// The lock on `<url>.lock`; `nil` between ``stop()`` and the next ``start()``.
        var lock: SidecarLock?
        /// The file as this object last wrote it, to notice another emulator's writes while unlocked.
        var written: FileIdentity?
    }

    /// A writer for `url`, which the caller claimed with ``claim(_:)``.
    init(
        url: URL, lock: SidecarLock, store: EmulatorStore, logger: Logger,
        beforeFirstWrite: (@Sendable (_ descriptor: Int32) -> Void)? = nil
    ) {
        self.url = url
        writer = LockedValue(WriterState(lock: lock))
        self.store = store
        self.logger = logger
        file = PrivateFileWriter(url: url, beforeFirstWrite: beforeFirstWrite)
    }

    /// Checks that no one else could swap the file in its folder, takes the lock on `url`'s sidecar, then
    /// clears the temporary files a crashed write left (safe only now that no other emulator can be
    /// writing them).
    /// - Throws: ``EmulatorStateError/inUse(path:)`` when another emulator holds it,
    ///   ``EmulatorStateError/untrusted(path:reason:)`` when others may write to the folder or the lock file
    ///   is a link or another user's, ``EmulatorStateError/unwritable(path:reason:)`` when the folder or the
    ///   lock file can't be used.
    static func claim(_ url: URL) throws(EmulatorStateError) -> SidecarLock {
        let folder = url.deletingLastPathComponent().path
        let exposure: FileExposure
        do { exposure = try FileExposure.of(path: folder) } catch { throw .unwritable(path: url.path, reason: error.description) }
        if let reason = exposure.replaceableEntriesReason { throw .untrusted(path: url.path, reason: reason) }
        let lock: SidecarLock
        do { lock = try SidecarLock(for: url) } catch {
            switch error {
            case .heldElsewhere: throw .inUse(path: url.path)
            case .untrusted(let path, let reason): throw .untrusted(path: url.path, reason: "its lock file \(path): \(reason)")
            case .unusable(let failure): throw .unwritable(path: url.path, reason: failure.description)
            }
        }
        PrivateFileWriter(url: url).removeStaleTemporaryFiles()
        return lock
    }

    /// The snapshot in `url`, or `nil` when there is no file yet. Read through one descriptor that is also
    /// checked: the file must be this user's, and neither the group nor others may write it.
    /// - Throws: ``EmulatorStateError`` when the file exists but can't be used.
    static func read(_ url: URL) throws(EmulatorStateError) -> EmulatorSnapshot? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        let exposure: FileExposure
        do { (data, exposure) = try FileExposure.read(path: url.path, maximumSize: maximumSize) } catch {
            throw .unreadable(path: url.path, reason: error.description)
        }
        if let reason = exposure.untrustedReason { throw .untrusted(path: url.path, reason: reason) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let snapshot = try? decoder.decode(EmulatorSnapshot.self, from: data) else { throw .corrupt(path: url.path) }
        guard snapshot.version == EmulatorSnapshot.currentVersion else {
            throw .unsupportedVersion(path: url.path, version: snapshot.version)
        }
        return snapshot
    }

    /// Starts the background writer; after a ``stop()``, first takes the lock again.
    /// - Throws: ``EmulatorStateError/inUse(path:)`` when another emulator took the file meanwhile,
    ///   ``EmulatorStateError/changedWhileStopped(path:)`` when one wrote it and stopped, and what
    ///   ``claim(_:)`` throws.
    func start() throws(EmulatorStateError) {
        let (running, locked) = writer.withLock { ($0.task != nil, $0.lock != nil) }
        if running { return }
        if !locked {
            let lock = try Self.claim(url)
            // What this emulator holds in memory would replace what another one wrote meanwhile (a file
            // deleted meanwhile holds nothing to lose).
            let now = FileIdentity(of: url)
            guard now == nil || now == writer.withLock({ $0.written }) else {
                lock.release()
                throw .changedWhileStopped(path: url.path)
            }
            writer.withLock { $0.lock = lock }
        }
        writer.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [weak self] in
                var pause = Duration.seconds(1)
                while !Task.isCancelled {
                    try? await Task.sleep(for: pause)
                    guard let self else { return }
                    let took = ContinuousClock().measure { self.writeIfChanged() }
                    pause = max(.seconds(1), took * 9)
                }
            }
        }
    }

    /// Stops the writer, writes what is left, and releases the lock (so another emulator, or this one's
    /// next ``start()``, may use the file). A second call does nothing.
    func stop() async {
        let task = writer.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        await task?.value
        guard writer.withLock({ $0.lock != nil }) else { return }
        write(revision: store.revision)
        writer.withLock { state in
            state.lock?.release()
            state.lock = nil
        }
    }

    /// Writes when a request was answered since the last write.
    func writeIfChanged() {
        let revision = store.revision
        guard writer.withLock({ $0.writtenRevision != revision }) else { return }
        write(revision: revision)
    }

    private func write(revision: Int) {
        do {
            try writeNow(revision: revision)
        } catch {
            // The emulator keeps serving; the next write tries again.
            logger.error("the state file could not be written", metadata: ["path": "\(url.path)", "error": "\(error)"])
        }
    }

    /// Writes the state now.
    /// - Throws: ``EmulatorStateError/unwritable(path:reason:)``; ``EmulatorStateError/inUse(path:)`` when
    ///   the lock is not held (after ``stop()``): a write then could overwrite another emulator's state.
    func writeNow(revision: Int? = nil) throws(EmulatorStateError) {
        guard writer.withLock({ $0.lock?.isHeld == true }) else { throw .inUse(path: url.path) }
        let revision = revision ?? store.revision
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(store.snapshot()) else {
            throw .unwritable(path: url.path, reason: "the state could not be encoded")
        }
        do { try file.write(data) } catch { throw .unwritable(path: url.path, reason: error.description) }
        let written = FileIdentity(of: url)
        writer.withLock {
            $0.writtenRevision = revision
            $0.written = written
        }
    }
}

/// Which file a path names and which version of it: enough to tell that someone replaced or rewrote it
/// (every write is a new file renamed into place, and an inode number may be reused, hence size and date).
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modified: Date

    /// The file at `url` now, or `nil` when there is none (or it can't be examined).
    init?(of url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        (self.device, self.inode, self.size, self.modified) = (device, inode, size, modified)
    }
}

/// Why a state file can't be used.
public enum EmulatorStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but can't be read (`reason` says why).
    case unreadable(path: String, reason: String)
    /// The file isn't a state file this emulator wrote.
    case corrupt(path: String)
    /// The file was written by another version of the format.
    case unsupportedVersion(path: String, version: Int)
    /// The file, or its lock file `<path>.lock`, can't be written (`reason` says why).
    case unwritable(path: String, reason: String)
    /// Another emulator (in this process or another) keeps its state in the file.
    case inUse(path: String)
    /// Someone other than this user could have written the file (it is another user's, or the group or
    /// others may write it or its folder), or its lock file is a link or another user's: `reason` says which.
    case untrusted(path: String, reason: String)
    /// Another emulator wrote the file after this one's ``LineLoginEmulator/shutdown()``; starting again
    /// would overwrite that state with this one's.
    case changedWhileStopped(path: String)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "The state file \(path) can't be read (\(reason)). Check its permissions, or pass another path."
        case .corrupt(let path):
            "The state file \(path) is not an emulator state file, or it is damaged. Delete it to start afresh, or pass another path."
        case .unsupportedVersion(let path, let version):
            "The state file \(path) has format version \(version); this emulator reads version \(EmulatorSnapshot.currentVersion). Delete it to start afresh."
        case .unwritable(let path, let reason):
            "The state file \(path) can't be written (\(reason)). Check that its folder exists and is writable."
        case .inUse(let path):
            "Another emulator is using the state file \(path) (it holds \(path).lock). Stop that one, or pass another --state file."
        case .untrusted(let path, let reason):
            "The state file \(path) is not used: \(reason). Whoever else could write it could choose the keys the emulator "
                + "signs with. Keep it in a folder of your own, owned by you and writable only by you (chmod 600), or pass another --state file."
        case .changedWhileStopped(let path):
            "Another emulator wrote the state file \(path) after this one shut down; starting again would overwrite its state. "
                + "Create a new emulator (it reads the file), or pass another state file."
        }
    }
}
#endif
