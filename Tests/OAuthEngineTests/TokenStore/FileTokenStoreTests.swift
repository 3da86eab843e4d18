import Foundation
@testable import OAuthEngine
import Testing

@Suite("FileTokenStore")
struct FileTokenStoreTests {
    typealias Fixtures = TokenStoreFixtures

    // MARK: - Basics

    @Test func missingFileIsSignedOut() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root.appendingPathComponent("absent"), key: "channel-1")
            let loaded = try await store.load()
            #expect(loaded == nil)
        }
    }

    @Test func roundTrip() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "channel-1234567890")
            try await store.save(Fixtures.tokens())
            #expect(try await store.load() == Fixtures.tokens())
            #expect(store.fileURL.lastPathComponent == "channel-1234567890.json")

            // A second store on the same file sees the same tokens; a save replaces them.
            let again = FileTokenStore(directory: root, key: "channel-1234567890")
            try await again.save(Fixtures.tokens("-2"))
            #expect(try await store.load() == Fixtures.tokens("-2"))
        }
    }

    @Test func roundTripKeepsSubsecondDatesClose() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            var tokens = Fixtures.tokens()
            tokens.issuedAt = Date()
            tokens.expiresAt = tokens.issuedAt.addingTimeInterval(2592000.123)
            try await store.save(tokens)
            let loaded = try #require(try await store.load())
            #expect(abs(loaded.expiresAt.timeIntervalSince(tokens.expiresAt)) < 0.001)
        }
    }

    @Test func writesSortedJSONWithEpochSeconds() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try await store.save(Fixtures.tokens())
            let text = try String(contentsOf: store.fileURL, encoding: .utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect((object["expiresAt"] as? NSNumber)?.doubleValue == 1_700_002_592)
            #expect((object["issuedAt"] as? NSNumber)?.doubleValue == 1_700_000_000)
            let accessRange = try #require(text.range(of: "\"accessToken\""))
            let tokenTypeRange = try #require(text.range(of: "\"tokenType\""))
            #expect(accessRange.lowerBound < tokenTypeRange.lowerBound)
        }
    }

    @Test func clearRemovesTheFileAndToleratesAMissingOne() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try await store.clear()
            try await store.save(Fixtures.tokens())
            // A temporary file a crashed write left behind holds tokens too.
            let leftover = root.appendingPathComponent(".k.json.0000.tmp")
            try Data("{}".utf8).write(to: leftover)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: leftover.path)
            let unrelated = root.appendingPathComponent("other.json")
            try Data("{}".utf8).write(to: unrelated)

            try await store.clear()

            #expect(try await store.load() == nil)
            #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(FileManager.default.fileExists(atPath: unrelated.path))
            try await store.clear()
        }
    }

    /// `logout` in one terminal while `oauth login` saves in another: the save's temporary file (seconds
    /// old at most) is not clear()'s to delete, so the save still lands.
    @Test func clearLeavesASaveInFlightAlone() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try await store.save(Fixtures.tokens())
            // Another process's save, between creating its temporary file and renaming it.
            let inFlight = root.appendingPathComponent(".k.json.9f3c2a.tmp")
            try Data("{}".utf8).write(to: inFlight)

            try await store.clear()

            #expect(FileManager.default.fileExists(atPath: inFlight.path), "a save in flight keeps its temporary file")
            try FileManager.default.moveItem(at: inFlight, to: store.fileURL)
            #expect(FileManager.default.fileExists(atPath: store.fileURL.path), "and its rename lands")
        }
    }

    // MARK: - Permissions

    @Test func fileIsOwnerOnlyAndNewDirectoryIsPrivate() async throws {
        try await Fixtures.withScratchDirectory { root in
            let directory = root.appendingPathComponent("data/line-login", isDirectory: true)
            let store = FileTokenStore(directory: directory, key: "channel-1")
            try await store.save(Fixtures.tokens())
            #expect(try Fixtures.mode(of: store.fileURL) == 0o600)
            #expect(try Fixtures.mode(of: directory) == 0o700)

            // Stays so when the file is replaced.
            try await store.save(Fixtures.tokens("-2"))
            #expect(try Fixtures.mode(of: store.fileURL) == 0o600)
        }
    }

    @Test func anExistingWideDirectoryIsTightened() async throws {
        try await Fixtures.withScratchDirectory { root in
            let directory = root.appendingPathComponent("line-login", isDirectory: true)
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o755])
            let store = FileTokenStore(directory: directory, key: "k")
            try await store.save(Fixtures.tokens())
            #expect(try Fixtures.mode(of: directory) == 0o700)
        }
    }

    // MARK: - Bad data and failures

    @Test(arguments: [
        "{not json",
        "",
        "[]",
        "null",
        "{\"accessToken\":\"at-SECRET-partial\"}",
        "{\"accessToken\":1,\"tokenType\":\"Bearer\",\"scopes\":[],\"issuedAt\":0,\"expiresAt\":\"at-SECRET-date\"}",
    ])
    func corruptFileIsReportedWithoutItsContents(_ contents: String) async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try Data(contents.utf8).write(to: store.fileURL)
            do {
                _ = try await store.load()
                Issue.record("loaded a corrupt file")
            } catch let error as TokenStoreError {
                guard case let .corrupt(message) = error else {
                    Issue.record("expected .corrupt, got \(error)")
                    return
                }
                #expect(!message.contains("SECRET"))
            }
            // Saving over it recovers.
            try await store.save(Fixtures.tokens())
            #expect(try await store.load() == Fixtures.tokens())
        }
    }

    @Test func binaryGarbageIsCorrupt() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try Data([0xFF, 0x00, 0xFE, 0x7B]).write(to: store.fileURL)
            await #expect(throws: TokenStoreError.corrupt("token file \(store.fileURL.path) does not hold a valid token set")) {
                try await store.load()
            }
        }
    }

    @Test func anUnwritableDirectoryIsAnIOErrorWithoutTokens() async throws {
        try await Fixtures.withScratchDirectory { root in
            let blocker = root.appendingPathComponent("file")
            try Data().write(to: blocker)
            let store = FileTokenStore(directory: blocker.appendingPathComponent("line-login"), key: "k")
            do {
                try await store.save(Fixtures.tokens())
                Issue.record("saved below a regular file")
            } catch let error as TokenStoreError {
                guard case let .io(message) = error else {
                    Issue.record("expected .io, got \(error)")
                    return
                }
                #expect(!message.contains("SECRET"))
            }
        }
    }

    @Test func aFailedWriteLeavesNoTemporaryFile() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            // A non-empty directory where the file should be makes the final rename fail.
            try FileManager.default.createDirectory(
                at: store.fileURL.appendingPathComponent("x"),
                withIntermediateDirectories: true)
            do {
                try await store.save(Fixtures.tokens())
                Issue.record("replaced a directory")
            } catch let error as TokenStoreError {
                guard case let .io(message) = error else {
                    Issue.record("expected .io, got \(error)")
                    return
                }
                #expect(!message.contains("SECRET"))
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
            #expect(names == ["k.json"])
        }
    }

    // MARK: - Concurrency

    @Test func concurrentSavesAlwaysLeaveADecodableFile() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "channel-1")
            try await store.save(Fixtures.tokens("-initial"))
            let expected = Set((0..<40).map { Fixtures.tokens("-\($0)").accessToken } + [Fixtures.tokens("-initial").accessToken])

            let seen = try await withThrowingTaskGroup(of: [String].self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await FileTokenStore(directory: root, key: "channel-1").save(Fixtures.tokens("-\(index)"))
                        return []
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        var tokens: [String] = []
                        for _ in 0..<50 {
                            // Every read sees a whole token set: never nil, never corrupt.
                            let loaded = try await store.load()
                            tokens.append(loaded?.accessToken ?? "nil")
                        }
                        return tokens
                    }
                }
                var all: [String] = []
                for try await tokens in group { all += tokens }
                return all
            }
            #expect(Set(seen).isSubset(of: expected))
            let final = try #require(try await store.load())
            #expect(expected.contains(final.accessToken))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["channel-1.json"])
        }
    }

    // MARK: - Locations and names

    @Test func defaultDirectoryHonoursXDGDataHome() {
        let directory = FileTokenStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/u"])
        #expect(directory.path == "/srv/data/line-login")
    }

    @Test func defaultDirectoryFallsBackToHome() {
        for environment in [
            ["HOME": "/home/u"], ["HOME": "/home/u", "XDG_DATA_HOME": ""], ["HOME": "/home/u", "XDG_DATA_HOME": "relative/data"],
        ] {
            let directory = FileTokenStore.defaultDirectory(environment: environment)
            #if canImport(Darwin)
            #expect(directory.path == "/home/u/Library/Application Support/line-login")
            #else
            #expect(directory.path == "/home/u/.local/share/line-login")
            #endif
        }
    }

    @Test func aKeyAloneUsesTheDefaultDirectory() {
        let store = FileTokenStore(key: "channel-1234567890")
        #expect(store.fileURL.lastPathComponent == "channel-1234567890.json")
        #expect(store.directory.standardizedFileURL == FileTokenStore.defaultDirectory().standardizedFileURL)
    }

    @Test func keysAreSanitizedAndStayDistinct() {
        #expect(FileTokenStore.fileName(forKey: "oidc-0123abcdef") == "oidc-0123abcdef.json")
        #expect(FileTokenStore.fileName(forKey: "channel_1.v2") == "channel_1.v2.json")

        let unsafe = ["a/b", "../../etc/passwd", "a b", "ü", "", ".", "..", ".hidden", String(repeating: "x", count: 300)]
        var names = Set<String>()
        for key in unsafe {
            let name = FileTokenStore.fileName(forKey: key)
            #expect(name.hasSuffix(".json"))
            #expect(!name.hasPrefix("."))
            #expect(name.utf8.count <= 160)
            #expect(
                name.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
                })
            names.insert(name)
        }
        #expect(names.count == unsafe.count)
        #expect(FileTokenStore.fileName(forKey: "a/b") != FileTokenStore.fileName(forKey: "a_b"))
    }

    @Test func aKeyCannotEscapeTheDirectory() async throws {
        try await Fixtures.withScratchDirectory { root in
            let directory = root.appendingPathComponent("store", isDirectory: true)
            let store = FileTokenStore(directory: directory, key: "../escaped")
            try await store.save(Fixtures.tokens())
            #expect(store.fileURL.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["store"])
        }
    }
}

@Suite("TokenSet redaction")
struct TokenSetRedactionTests {
    @Test func descriptionsNeverShowTokenValues() {
        let tokens = TokenStoreFixtures.tokens()
        for text in [tokens.description, tokens.debugDescription, "\(tokens)", String(reflecting: tokens)] {
            #expect(!text.contains(TokenStoreFixtures.accessToken))
            #expect(!text.contains(TokenStoreFixtures.refreshToken))
            #expect(!text.contains(TokenStoreFixtures.idToken))
            #expect(!text.contains("SECRET"))
        }
    }

    @Test func storeErrorsCarryNoTokens() async throws {
        try await TokenStoreFixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try Data("{\"accessToken\":\"\(TokenStoreFixtures.accessToken)\"}".utf8).write(to: store.fileURL)
            do {
                _ = try await store.load()
            } catch {
                #expect(!"\(error)".contains("SECRET"))
                #expect(!String(reflecting: error).contains("SECRET"))
            }
        }
    }
}
