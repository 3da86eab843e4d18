#if Emulator
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
// With swift-nio in the target, `stat` resolves through CoreFoundation on Linux (MemberImportVisibility).
#if canImport(CoreFoundation)
import CoreFoundation
#endif
import Foundation
import Testing
@testable import LineLoginEmulator
import LineLoginPrimitives

/// The state file holds the private signing keys: no version of it, however short-lived, may be readable by
/// another user, and two emulators must not share one file.
@Suite(.timeLimit(.minutes(5)))
struct StateFileSafetyTests {
    /// The modes and sizes of the temporary files, seen between `open` and the first write.
    final class Sightings: Sendable {
        private let seen = LockedValue<[(mode: Int, size: Int)]>([])
        func add(_ descriptor: Int32) {
            var info = stat()
            _ = fstat(descriptor, &info)
            seen.withLock { $0.append((Int(info.st_mode) & 0o7777, Int(info.st_size))) }
        }
        var all: [(mode: Int, size: Int)] { seen.current }
    }

    @Test func everyTemporaryStateFileIsPrivateBeforeItsFirstByte() async throws {
        let file = try StateFileTests.temporaryFile()
        let sightings = Sightings()
        // Under the usual umask (022, left alone: it is the whole process's) a file created with Foundation's
        // default mode is 0644 until it is narrowed; this writer's must be 0600 before its first byte.
        let emulator = try LineLoginEmulator(
            configuration: .default, stateFile: file, beforeStateWrite: { sightings.add($0) }, logger: nil,
            connectionIdleTimeout: .seconds(15))
        let baseURL = try await emulator.start()
        _ = try await EmulatorHarness(emulator: emulator, client: TestHTTPClient(baseURL: baseURL)).login()
        await emulator.shutdown()
        // The write at start and the one at shutdown at least, each through a private temporary file.
        #expect(sightings.all.count >= 2, "every write goes through the private writer")
        for sighting in sightings.all {
            #expect(sighting.mode == 0o600, "mode \(String(sighting.mode, radix: 8)) between open and the first write")
            #expect(sighting.size == 0)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
        #expect(names == ["state.json", "state.json.lock"], "no temporary file is left")
    }

    @Test func aSecondEmulatorOnTheSameFileIsRefusedInWords() async throws {
        let file = try StateFileTests.temporaryFile()
        var first: LineLoginEmulator? = try LineLoginEmulator(stateFile: file)
        #expect(throws: EmulatorStateError.inUse(path: file.path)) { _ = try LineLoginEmulator(stateFile: file) }
        #expect(EmulatorStateError.inUse(path: "/x").description.hasPrefix("Another emulator is using the state file /x"))
        #expect(first != nil)
        first = nil
        // Freed: the lock is released, so a new emulator (as after a restart) may use the file.
        let second = try LineLoginEmulator(stateFile: file)
        #expect(second.baseURL == nil)
    }

    @Test func staleTemporaryFilesAreClearedAtStart() throws {
        let file = try StateFileTests.temporaryFile()
        let folder = file.deletingLastPathComponent()
        for name in [".state.json.0badc0de.tmp", ".state.json.1.tmp", ".other.json.1.tmp"] {
            try Data("{\"signing\":\"key\"}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let emulator = try LineLoginEmulator(stateFile: file)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".other.json.1.tmp", "state.json", "state.json.lock"])
        #expect(emulator.baseURL == nil)
    }

    /// The brief's restart in place: shut one emulator down and make a new one on the same file at once,
    /// while the old object still lives. The lock goes at shutdown, not when the object is freed.
    @Test func aNewEmulatorMayUseTheFileAsSoonAsTheOldOneShutDown() async throws {
        let file = try StateFileTests.temporaryFile()
        let old = try LineLoginEmulator(stateFile: file)
        _ = try await old.start()
        let key = old.currentKeyID
        await old.shutdown()
        var emulator = try LineLoginEmulator(stateFile: file)
        #expect(emulator.currentKeyID == key, "the new one read what the old one wrote")
        // The old object can't start again on the file the new one holds, nor after the new one wrote it.
        await #expect(throws: EmulatorStateError.inUse(path: file.path)) { _ = try await old.start() }
        await emulator.shutdown()
        await #expect(throws: EmulatorStateError.changedWhileStopped(path: file.path)) { _ = try await old.start() }

        // One object shut down and started again takes the lock again, and holds it while it runs.
        emulator = try LineLoginEmulator(stateFile: file)
        _ = try await emulator.start()
        await emulator.shutdown()
        let baseURL = try await emulator.start()
        #expect(throws: EmulatorStateError.inUse(path: file.path)) { _ = try LineLoginEmulator(stateFile: file) }
        _ = try await EmulatorHarness(emulator: emulator, client: TestHTTPClient(baseURL: baseURL)).login()
        await emulator.shutdown()
        // A shutdown without a start releases it too.
        let neverStarted = try LineLoginEmulator(stateFile: file)
        await neverStarted.shutdown()
        _ = try LineLoginEmulator(stateFile: file)
        // A file deleted while the emulator was stopped holds nothing another emulator wrote: it starts.
        try FileManager.default.removeItem(at: file)
        _ = try await neverStarted.start()
        await neverStarted.shutdown()
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    /// Someone else could have written the file (so chosen the signing keys): refused in words, never read.
    @Test func aStateFileSomeoneElseCouldHaveWrittenIsRefusedInWords() async throws {
        let file = try StateFileTests.temporaryFile()
        let folder = file.deletingLastPathComponent()
        try await LineLoginEmulator(stateFile: file).shutdown()
        for mode in [0o666, 0o620, 0o602] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let reason = "the group or others may write to it (mode 0\(String(mode, radix: 8)))"
            #expect(throws: EmulatorStateError.untrusted(path: file.path, reason: reason)) { _ = try LineLoginEmulator(stateFile: file) }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        if geteuid() == 0 {
            // Only root can give a file to another user (CI runs as root).
            #expect(chown(file.path, 65_534, 65_534) == 0)
            #expect(throws: EmulatorStateError.untrusted(path: file.path, reason: "it belongs to another user (uid 65534)")) {
                _ = try LineLoginEmulator(stateFile: file)
            }
            #expect(chown(file.path, 0, 0) == 0)
        }
        // A folder others may write to lets them replace the file, unless it is sticky like /tmp.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        do {
            _ = try LineLoginEmulator(stateFile: file)
            Issue.record("a state file in a folder everyone may write to was used")
        } catch {
            guard case .untrusted(let path, let reason) = error else { throw error }
            #expect(path == file.path && reason.contains("may write to its folder (mode 0777, no sticky bit)"))
            #expect(error.description.contains("could choose the keys the emulator signs with"))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: folder.path)
        try await LineLoginEmulator(stateFile: file).shutdown()
    }

    /// The lock file's problems keep their reason all the way to the message.
    @Test func aLockFileThatCantBeUsedSaysWhy() throws {
        let file = try StateFileTests.temporaryFile()
        let lockPath = file.path + ".lock"
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: "/etc/passwd")
        #expect(throws: EmulatorStateError.untrusted(path: file.path, reason: "its lock file \(lockPath): it is a symbolic link")) {
            _ = try LineLoginEmulator(stateFile: file)
        }
        try FileManager.default.removeItem(atPath: lockPath)
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
        do {
            _ = try LineLoginEmulator(stateFile: file)
            Issue.record("a folder as the lock file was used")
        } catch {
            guard case .unwritable(let path, let reason) = error else { throw error }
            #expect(path == file.path && reason.contains("could not open the lock file (\(lockPath))"), "\(reason)")
            #expect(error.description.contains(reason))
        }
    }
}
#endif
