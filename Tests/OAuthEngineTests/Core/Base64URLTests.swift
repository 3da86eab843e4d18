import Foundation
@testable import OAuthEngine
import Testing

/// Base64url: unpadded on encode, strict on decode (one encoding per value).
@Suite struct Base64URLTests {
    @Test func encodesWithoutPaddingInTheURLAlphabet() {
        #expect(Base64URL.encode([UInt8]()) == "")
        #expect(Base64URL.encode([0]) == "AA")
        #expect(Base64URL.encode([0, 0]) == "AAA")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode(Array("hello".utf8)) == "aGVsbG8")
    }

    @Test func roundTripsEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...80 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decode(encoded) == bytes)
        }
        #expect(Base64URL.decode("") == [])
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test(arguments: ["AA==", "AA=", "AAA=", "aGVsbG8=", "=", "A=A"])
    func refusesPadding(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["+_8", "-/8", "a+b/", "++++"])
    func refusesTheStandardAlphabet(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: [" AAA", "AA AA", "AAA\n", "\tAA", "AA\r\n", "AA.A", "AA%3D", "ÄA"])
    func refusesWhitespaceAndOtherCharacters(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func refusesNonZeroTrailingBits() {
        #expect(Base64URL.decode("AA") == [0])
        #expect(Base64URL.decode("AB") == nil) // 4 spare bits 0001
        #expect(Base64URL.decode("AP") == nil)
        #expect(Base64URL.decode("AQ") == [1]) // Q = 010000: spare bits 0000
        #expect(Base64URL.decode("AAA") == [0, 0])
        #expect(Base64URL.decode("AAB") == nil) // 2 spare bits 01
        #expect(Base64URL.decode("AAE") == [0, 1])
        #expect(Base64URL.decode("aGVsbG9") == nil)
        #expect(Base64URL.decode("aGVsbG8") == Array("hello".utf8))
    }

    @Test func refusesABadCharacterAtEveryPosition() {
        // The decoder reads four characters at a time: a bad one must be caught in every lane and in the tail.
        for length in [8, 10, 11] {
            for position in 0..<length {
                for bad in ["=", "+", "/", " ", "."] {
                    var characters = Array(repeating: "A", count: length)
                    characters[position] = bad
                    #expect(Base64URL.decode(characters.joined()) == nil, "\(length) \(position) \(bad)")
                }
            }
        }
    }

    @Test(arguments: ["A", "AAAAA", "aGVsbG8hA", "_"])
    func refusesLengthOneModFour(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
