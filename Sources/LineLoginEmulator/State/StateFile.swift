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
/// state or the new one, never half of either. One emulator per file: ``claim(_:)`` takes a lock on the
/// sidecar `<file>.lock` for as long as the emulator lives, and a second emulator is refused in words
/// rather than silently overwriting the first one's state.
final class StateFile: Sendable {
    let url: URL
    private let store: EmulatorStore
    private let logger: Logger
    private let writer = Locked(WriterState())
    private let file: PrivateFileWriter
    /// Held for as long as this object lives (the emulator's lifetime); released when it is freed.
    private let lock: SidecarLock

    private struct WriterState: Sendable {
        var task: Task<Void, Never>?
        var writtenRevision: Int?
    }

    /// A writer for `url`, which the caller claimed with ``claim(_:)``.
    init(
        url: URL, lock: SidecarLock, store: EmulatorStore, logger: Logger,
        beforeFirstWrite: (@Sendable (_ descriptor: Int32) -> Void)? = nil
    ) {
        self.url = url
        self.lock = lock
        self.store = store
        self.logger = logger
        file = PrivateFileWriter(url: url, beforeFirstWrite: beforeFirstWrite)
    }

    /// Takes the lock on `url`'s sidecar, then clears the temporary files a crashed write left (safe only
    /// now that no other emulator can be writing them).
    /// - Throws: ``EmulatorStateError/inUse(path:)`` when another emulator holds it,
    ///   ``EmulatorStateError/unwritable(path:)`` when the lock file can't be made.
    static func claim(_ url: URL) throws(EmulatorStateError) -> SidecarLock {
        let lock: SidecarLock
        do { lock = try SidecarLock(for: url) } catch {
            switch error {
            case .heldElsewhere: throw .inUse(path: url.path)
            case .unusable: throw .unwritable(path: url.path)
            }
        }
        PrivateFileWriter(url: url).removeStaleTemporaryFiles()
        return lock
    }

    /// The snapshot in `url`, or `nil` when there is no file yet.
    /// - Throws: ``EmulatorStateError`` when the file exists but can't be used.
    static func read(_ url: URL) throws(EmulatorStateError) -> EmulatorSnapshot? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(path: url.path, reason: error.localizedDescription) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let snapshot = try? decoder.decode(EmulatorSnapshot.self, from: data) else { throw .corrupt(path: url.path) }
        guard snapshot.version == EmulatorSnapshot.currentVersion else {
            throw .unsupportedVersion(path: url.path, version: snapshot.version)
        }
        return snapshot
    }

    /// Starts the background writer.
    func start() {
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

    /// Stops the writer and writes what is left.
    func stop() async {
        let task = writer.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        await task?.value
        write(revision: store.revision)
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
    /// - Throws: ``EmulatorStateError/unwritable(path:)``.
    func writeNow(revision: Int? = nil) throws(EmulatorStateError) {
        let revision = revision ?? store.revision
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(store.snapshot()) else { throw .unwritable(path: url.path) }
        do { try file.write(data) } catch {
            logger.error("the state file could not be written", metadata: ["path": "\(url.path)", "reason": "\(error)"])
            throw .unwritable(path: url.path)
        }
        writer.withLock { $0.writtenRevision = revision }
    }
}

/// Why a state file can't be used.
public enum EmulatorStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but can't be read.
    case unreadable(path: String, reason: String)
    /// The file isn't a state file this emulator wrote.
    case corrupt(path: String)
    /// The file was written by another version of the format.
    case unsupportedVersion(path: String, version: Int)
    /// The file can't be written.
    case unwritable(path: String)
    /// Another emulator (in this process or another) keeps its state in the file.
    case inUse(path: String)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "The state file \(path) can't be read (\(reason)). Check its permissions, or pass another path."
        case .corrupt(let path):
            "The state file \(path) is not an emulator state file, or it is damaged. Delete it to start afresh, or pass another path."
        case .unsupportedVersion(let path, let version):
            "The state file \(path) has format version \(version); this emulator reads version \(EmulatorSnapshot.currentVersion). Delete it to start afresh."
        case .unwritable(let path):
            "The state file \(path) can't be written. Check that its folder exists and is writable."
        case .inUse(let path):
            "Another emulator is using the state file \(path) (it holds \(path).lock). Stop that one, or pass another --state file."
        }
    }
}
