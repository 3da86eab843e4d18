#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
package import Foundation

/// Replaces a file that holds secrets (signing keys, channel secrets, tokens) so that no one but its owner
/// can read any version of it, and a crash leaves the old contents or the new, never a torn file.
///
/// Each write creates a temporary file beside the target with `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600
/// before a byte is written (Foundation's atomic write creates its temporary file with 0666 & ~umask, 0644
/// under the usual umask, and narrows it only after the rename), writes every byte, flushes it to the drive,
/// renames it over the target and flushes the folder, so the rename itself survives a crash. `O_EXCL` with
/// `O_NOFOLLOW` means a name someone planted (a link to another file) is refused, never written through.
///
/// Temporary files are `.<name>.<random hex>.tmp`; a crash between creating and renaming one leaves it
/// behind, and ``removeStaleTemporaryFiles(olderThan:now:)`` clears those: all of them only while no other
/// writer of the same file runs (``SidecarLock`` is how the emulator knows), otherwise only old ones.
package struct PrivateFileWriter: Sendable {
    /// The file that is replaced.
    package let url: URL
    /// Told the temporary file's descriptor right after `open` created it, before anything else is done to
    /// it (its mode set, a byte written): a test checks the mode `open` gave it there, where a check of the
    /// finished file can't see a wider one.
    package var beforeFirstWrite: (@Sendable (_ descriptor: Int32) -> Void)?

    /// A writer for `url`.
    package init(url: URL, beforeFirstWrite: (@Sendable (_ descriptor: Int32) -> Void)? = nil) {
        self.url = url
        self.beforeFirstWrite = beforeFirstWrite
    }

    /// The folder the file and its temporary files live in.
    package var folder: URL { url.deletingLastPathComponent() }

    /// What every temporary file of this target starts with: `.<name>.`.
    package var temporaryPrefix: String { ".\(url.lastPathComponent)." }

    /// Atomically replaces the file with `data`; durable when it returns.
    /// - Throws: ``PrivateFileError`` naming the step that failed; the temporary file is removed.
    package func write(_ data: Data) throws(PrivateFileError) {
        let temporaryPath = folder.appendingPathComponent(
            temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16) + Self.temporarySuffix, isDirectory: false
        ).path
        let descriptor = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFileError(path: url.path, step: "create a temporary file in \(folder.path)", errno: errno)
        }
        var renamed = false
        defer { if !renamed { _ = unlink(temporaryPath) } }
        // First, before anything else touches the file: the hook sees the mode `open` created it with, so a
        // test of it fails if `open` ever creates it wider (a later `fchmod` would hide that).
        beforeFirstWrite?(descriptor)

        var failure: PrivateFileError?
        // The umask can only have removed bits from 0600; this puts back an owner bit a strict umask took.
        if fchmod(descriptor, 0o600) != 0 {
            failure = PrivateFileError(path: url.path, step: "set the temporary file's mode", errno: errno)
        } else {
            if let code = FileSystemCalls.writeAll(data, to: descriptor) {
                failure = PrivateFileError(path: url.path, step: "write the temporary file", errno: code)
            } else if !FileSystemCalls.synchronize(descriptor) {
                failure = PrivateFileError(path: url.path, step: "flush the temporary file", errno: errno)
            }
        }
        if close(descriptor) != 0, failure == nil {
            failure = PrivateFileError(path: url.path, step: "close the temporary file", errno: errno)
        }
        if let failure { throw failure }

        guard rename(temporaryPath, url.path) == 0 else {
            throw PrivateFileError(path: url.path, step: "rename the temporary file over it", errno: errno)
        }
        renamed = true
        try synchronizeFolder()
    }

    private static let temporarySuffix = ".tmp"

    /// Whether `name` is one of this target's temporary files: `.<name>.<random>.tmp` where `<random>` is
    /// what ``write(_:)`` puts there (1 to 16 lower-case hex digits, never a dot). Anything looser would
    /// also match another target's: `.state.json.bak.1a2b.tmp` starts with `.state.json.` too.
    package func isTemporaryFile(named name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix), name.hasSuffix(Self.temporarySuffix) else { return false }
        let middle = name.utf8.dropFirst(temporaryPrefix.utf8.count).dropLast(Self.temporarySuffix.utf8.count)
        return (1...16).contains(middle.count)
            && middle.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// Deletes this target's temporary files (``isTemporaryFile(named:)``) that a crashed write left; how many.
    ///
    /// With `minimumAge` `nil`, every one: call it so only while no other writer of the same file can be
    /// running (``SidecarLock`` is how the emulator knows), or a write in flight loses its file and fails.
    /// With a `minimumAge`, only those last modified at least that long ago (by `now`), for callers that
    /// can't know: a write holds its temporary file for the milliseconds of one write and one flush.
    @discardableResult
    package func removeStaleTemporaryFiles(olderThan minimumAge: TimeInterval? = nil, now: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where isTemporaryFile(named: name) {
            let path = folder.appendingPathComponent(name, isDirectory: false).path
            if let minimumAge {
                // The link's own date (attributesOfItem does not follow it); unknown or in the future: kept.
                guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                    now.timeIntervalSince(modified) >= minimumAge
                else { continue }
            }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Flushes the folder so that the rename survives a crash.
    package func synchronizeFolder() throws(PrivateFileError) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PrivateFileError(path: url.path, step: "open its folder", errno: errno) }
        defer { _ = close(descriptor) }
        // Some file systems can't flush a folder (EINVAL); the rename is then as durable as they allow.
        if fsync(descriptor) != 0, errno != EINVAL {
            throw PrivateFileError(path: url.path, step: "flush its folder", errno: errno)
        }
    }
}

/// A secret file could not be written, read or locked: the path, the step and the system's reason, never
/// the contents.
package struct PrivateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file concerned.
    package var path: String
    /// What was being done ("rename the temporary file over it").
    package var step: String
    /// The system's words for the failure.
    package var reason: String

    /// An error for `path` at `step`, with `reason` in words.
    package init(path: String, step: String, reason: String) {
        self.path = path
        self.step = step
        self.reason = reason
    }

    /// An error for `path` at `step` from an `errno` value.
    package init(path: String, step: String, errno code: Int32) {
        self.init(path: path, step: step, reason: FileSystemCalls.describe(errno: code))
    }

    /// "could not <step> (<path>): <reason>".
    package var description: String { "could not \(step) (\(path)): \(reason)" }
}
