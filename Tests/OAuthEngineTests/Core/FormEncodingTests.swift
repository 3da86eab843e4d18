import Foundation
@testable import OAuthEngine
import Testing

/// `application/x-www-form-urlencoded`: what is encoded decodes back exactly.
@Suite struct FormEncodingTests {
    static let fields: [(String, String)] = [
        ("redirect_uri", "https://app.example/cb?x=1&y=2"),
        ("with space", "a b  c"),
        ("amp&name", "v&w"),
        ("eq=name", "a=b=c"),
        ("plus", "1+1 = 2"),
        ("percent", "100% %20 %zz"),
        ("unicode", "日本語 Ünïcödé 🎉"),
        ("empty", ""),
        ("", "empty name"),
        ("unreserved", "AZaz09-._~"),
        ("reserved", "!*'();:@$,/?#[]\"<>\\^`{|}"),
        ("newline", "a\r\nb"),
    ]

    @Test func roundTrips() throws {
        let encoded = FormEncoding.encode(Self.fields)
        let decoded = try #require(FormEncoding.decode(encoded))
        #expect(decoded.map(\.0) == Self.fields.map(\.0))
        #expect(decoded.map(\.1) == Self.fields.map(\.1))
    }

    @Test func encodesEverythingButUnreservedCharacters() {
        #expect(FormEncoding.encode([("a b", "c&d=e+f")]) == "a%20b=c%26d%3De%2Bf")
        #expect(FormEncoding.escape("AZaz09-._~") == "AZaz09-._~")
        #expect(FormEncoding.escape("é") == "%C3%A9")
        #expect(FormEncoding.escape("/?#") == "%2F%3F%23")
        #expect(FormEncoding.encode([("a", "1"), ("b", "2")]) == "a=1&b=2")
        #expect(FormEncoding.encode([]) == "")
    }

    @Test func decodesPlusAsSpaceAndRefusesBrokenEscapes() throws {
        let decoded = try #require(FormEncoding.decode("a+b=c+d&e=%2B&flag&=x"))
        #expect(decoded.map(\.0) == ["a b", "e", "flag", ""])
        #expect(decoded.map(\.1) == ["c d", "+", "", "x"])
        #expect(FormEncoding.decode("a=%zz") == nil)
        #expect(FormEncoding.decode("a=%E6%97") == nil)
        #expect(FormEncoding.decode("")?.isEmpty == true)
        // Repeats are kept, in order (callers decide what a repeat means).
        #expect(FormEncoding.decode("a=1&a=2")?.map(\.1) == ["1", "2"])
    }
}
