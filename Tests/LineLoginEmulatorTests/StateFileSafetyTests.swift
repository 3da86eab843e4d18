#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
@testable import LineLoginEmulator

/// The state file holds the private signing keys: no version of it, however short-lived, may be readable by
/// another user, and two emulators must not share one file.
@Suite(.timeLimit(.minutes(5)))
struct StateFileSafetyTests {
    /// The modes and sizes of the temporary files, seen between `open` and the first write.
    final class Sightings: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [(mode: Int, size: Int)] = []
        func add(_ descriptor: Int32) {
            var info = stat()
            _ = fstat(descriptor, &info)
            lock.withLock { seen.append((Int(info.st_mode) & 0o7777, Int(info.st_size))) }
        }
        var all: [(mode: Int, size: Int)] { lock.withLock { seen } }
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
}
