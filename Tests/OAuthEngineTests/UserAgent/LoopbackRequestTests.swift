@testable import OAuthEngine
import Testing

@Suite("LoopbackRequest")
struct LoopbackRequestTests {
    private static func parse(_ text: String) -> LoopbackRequest? {
        let bytes = Array(text.utf8)
        guard let end = LoopbackRequest.endOfHead(in: bytes) else { return nil }
        return LoopbackRequest(head: bytes[..<end])
    }

    @Test func parsesABrowserRequest() throws {
        let request = try #require(
            Self.parse(
                "GET /callback?code=abc&state=xyz HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nUser-Agent: test\r\nAccept: */*\r\n\r\n"
            ))
        #expect(request.method == "GET")
        #expect(request.path == "/callback")
        #expect(request.query == "code=abc&state=xyz")
        #expect(request.host == "127.0.0.1:5000")
        #expect(request.hasLoopbackHost)
        #expect(!request.carriesError)
    }

    @Test func acceptsBareLineFeeds() throws {
        let request = try #require(Self.parse("GET /callback HTTP/1.0\n\n"))
        #expect(request.path == "/callback")
        #expect(request.query == nil)
        #expect(request.hasLoopbackHost)
    }

    @Test func findsTheEndOfTheHead() {
        #expect(LoopbackRequest.endOfHead(in: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)) == nil)
        #expect(LoopbackRequest.endOfHead(in: Array("GET / HTTP/1.1\r\n\r\nbody".utf8)) == 18)
        #expect(LoopbackRequest.endOfHead(in: []) == nil)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET /callback\r\n\r\n",
        "GET /callback HTTP/2\r\n\r\n",
        "GET  /callback HTTP/1.1\r\n\r\n",
        "get /callback HTTP/1.1\r\n\r\n",
        "GET callback HTTP/1.1\r\n\r\n",
        "GET * HTTP/1.1\r\n\r\n",
        "GET http://127.0.0.1/callback HTTP/1.1\r\n\r\n",
        "GET /callback#x HTTP/1.1\r\n\r\n",
        "GET /callback HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET /callback HTTP/1.1\r\nHost : a\r\n\r\n",
        "GET /callback HTTP/1.1\r\n folded\r\n\r\n",
        "GET /callback HTTP/1.1\r\nNoColon\r\n\r\n",
        "GET /call\rback HTTP/1.1\r\n\r\n",
        "GET /caf\u{E9} HTTP/1.1\r\n\r\n",
    ])
    func refusesMalformedRequests(_ text: String) {
        #expect(Self.parse(text) == nil)
    }

    @Test func refusesBinaryJunk() {
        let bytes: [UInt8] = [0, 0xFF, 0xFE, 0x0A, 0x0A]
        #expect(LoopbackRequest(head: bytes[...]) == nil)
    }

    @Test func detectsAnErrorParameterByName() throws {
        #expect(try #require(Self.parse("GET /cb?state=x&error=access_denied HTTP/1.1\r\n\r\n")).carriesError)
        #expect(try #require(Self.parse("GET /cb?error HTTP/1.1\r\n\r\n")).carriesError)
        #expect(try !#require(Self.parse("GET /cb?code=error&state=x HTTP/1.1\r\n\r\n")).carriesError)
        #expect(try !#require(Self.parse("GET /cb?error_description=x HTTP/1.1\r\n\r\n")).carriesError)
    }

    @Test(arguments: [
        ("127.0.0.1:5000", true), ("127.0.0.1", true), ("localhost:5000", true), ("[::1]:5000", true),
        ("evil.example:5000", false), ("127.0.0.1.evil.example", false), ("[::1", false), ("", false),
    ])
    func checksTheHostHeader(_ host: String, _ allowed: Bool) throws {
        let request = try #require(Self.parse("GET /cb HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
        #expect(request.hasLoopbackHost == allowed)
    }
}

@Suite("LoopbackAddress")
struct LoopbackAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"), ("127.1.2.3", "127.1.2.3"), ("127.000.0.01", "127.0.0.1"),
        ("::1", "[::1]"), ("[::1]", "[::1]"), ("0:0:0:0:0:0:0:1", "[::1]"), ("0::1", "[::1]"),
    ])
    func acceptsLoopbackLiterals(_ host: String, _ urlHost: String) {
        #expect(LoopbackAddress(host: host)?.urlHost == urlHost)
    }

    @Test(arguments: [
        "localhost", "0.0.0.0", "128.0.0.1", "10.0.0.1", "127.0.0", "127.0.0.1.2", "127.0.0.256", "+127.0.0.1",
        "127.0.0.+1", "127.0.0.1 ", "::", "::2", "::1%lo0", "[::1", "1::1", "::ffff:127.0.0.1", "", "[]", "1:2:3:4:5:6:7:8:9",
    ])
    func refusesEverythingElse(_ host: String) {
        #expect(LoopbackAddress(host: host) == nil)
    }
}
