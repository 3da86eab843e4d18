#if Hummingbird && Emulator
import Crypto
import Foundation
import Testing
@testable import LineLoginServer

/// The caches' key: the same token gives the same 32 bytes, another token or another process's key other
/// bytes. The key is private, so these are the properties a keyed hash must have rather than a comparison
/// with swift-crypto's one-shot HMAC.
struct TokenFingerprintTests {
    @Test func aTokenHasOneFingerprintPerKey() {
        let fingerprint = TokenFingerprint()
        let token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMSJ9.c2lnbmF0dXJl"
        #expect(fingerprint(token).count == 32)
        #expect(fingerprint(token) == fingerprint(String(token)))
        #expect(fingerprint(token) == fingerprint(token + ""), "the same bytes, however the string is held")
        #expect(fingerprint(token) != fingerprint(token + "x"))
        #expect(fingerprint("") != fingerprint(" "))
        #expect(TokenFingerprint()(token) != fingerprint(token), "each process (each cache) keys its own")
        // A bridged or non-ASCII string hashes its UTF-8 bytes like any other.
        let accented = "tökén"
        #expect(fingerprint(accented) == fingerprint(String(decoding: Array(accented.utf8), as: UTF8.self)))
        #expect(!fingerprint(token).contains(Data(token.utf8)), "the token is not in its fingerprint")
    }

    @Test func theStateIsCopiedNotShared() async {
        // Concurrent fingerprints from one fingerprinter must not disturb each other's HMAC state.
        let fingerprint = TokenFingerprint()
        let expected = (0..<64).map { fingerprint("token-\($0)") }
        let results = await withTaskGroup(of: (Int, Data).self) { group in
            for index in 0..<64 { group.addTask { (index, fingerprint("token-\(index)")) } }
            var results = [Int: Data]()
            for await (index, data) in group { results[index] = data }
            return results
        }
        for index in 0..<64 { #expect(results[index] == expected[index]) }
    }
}
#endif
