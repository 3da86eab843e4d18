import Foundation
import OAuthEngine
import Testing

/// What every production transport must do with a body that has no end or lies about its length (shared by
/// the URLSession and the AsyncHTTPClient transports' tests): it stops at the request's
/// `maximumResponseSize`, fails with `.responseTooLarge`, and keeps no more than that of the body. (How
/// much the client library reads ahead before the stop lands is its own: libcurl under URLSession on Linux
/// was seen to take from 7 to 144 MB off the socket before the failure came back.) Each case but
/// ``bytesPastTheContentLengthAreNeverTaken(_:)`` and
/// ``aBodyUnderTheBoundInSeveralReadsArrivesWhole(_:)`` (the other side: a bound must not stop a body under it)
/// fails with a transport that reads whole.
enum TransportBodyBoundCases {
    static func outcome(_ transport: any HTTPTransport, _ url: URL, limit: Int) async -> Result<HTTPResponse, TransportError> {
        do {
            return .success(try await transport.send(HTTPRequest(url: url, timeout: 60, maximumResponseSize: limit)))
        } catch {
            return .failure(TransportError(error))
        }
    }

    /// A chunked body without end: refused once the bytes counted pass the bound, long before the deadline.
    static func anEndlessChunkedBodyStopsAtTheBound(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.endlessChunkedBody))
        defer { server.stop() }
        let result = await outcome(transport, server.url(), limit: 64 * 1024)
        #expect(result.failure == .responseTooLarge(limit: 64 * 1024), "\(result.summary)")
    }

    /// A `Content-Length` over the bound: refused as announced, before the body is read.
    static func anAnnouncedHugeBodyIsRefusedAtOnce(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.announcedHugeBody))
        defer { server.stop() }
        let result = await outcome(transport, server.url(), limit: 64 * 1024)
        #expect(result.failure == .responseTooLarge(limit: 64 * 1024), "\(result.summary)")
    }

    /// `Content-Length: 10` followed by bytes without end: never more than the announced ten are taken
    /// (or the exchange fails), and the call returns long before its deadline. This guards framing, not the
    /// bound: both clients stop at `Content-Length` by themselves, so it passes with a whole-body read too
    /// (its name says what it shows). The lie that needs the bound is the next case.
    static func bytesPastTheContentLengthAreNeverTaken(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.bytesPastTheContentLength))
        defer { server.stop() }
        switch await outcome(transport, server.url(), limit: 64 * 1024) {
        case .success(let response): #expect(response.body.count <= 10)
        case .failure(let error): #expect(error != .timedOut, "the extra bytes must not hold the call")
        }
    }

    /// A `Content-Length` under the bound over a chunked body without end: the length must not be taken
    /// for the size. A transport that trusted it (or read whole, as URLSessionTransport did before the
    /// bound) reads the 64 MiB the server sends and fails when it hangs up, never with `.responseTooLarge`.
    /// A client that refuses the contradictory framing outright (RFC 9112 §6.3 lets it; AsyncHTTPClient's
    /// parser does) also passes, as long as it stops at once: the server got rid of no more than the
    /// socket buffers hold.
    static func aSmallContentLengthOverEndlessChunksStopsAtTheBound(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.smallContentLengthOverEndlessChunks))
        defer { server.stop() }
        let result = await outcome(transport, server.url(), limit: 64 * 1024)
        switch result {
        case .failure(.responseTooLarge(let limit)): #expect(limit == 64 * 1024)
        case .failure(let error):
            #expect(error != .timedOut, "the endless chunks held the call")
            // Socket buffers on loopback hold a few MiB before a client reads a byte; a whole read is 64 MiB.
            #expect(server.bytesSent < 16 << 20, "refused, but only after \(server.bytesSent) bytes: \(error)")
        case .success: Issue.record("a contradictory, endless body was accepted: \(result.summary)")
        }
    }

    /// A body under the bound that reaches the client in several reads (four 16 KiB pieces, 100 ms apart)
    /// comes back whole: only passing the bound stops a transfer. URLSessionTransport once cancelled its
    /// task after the first piece of every body, so such a body failed as `.cancelled`, and an endless one
    /// as `.cancelled` instead of `.responseTooLarge` when the cancellation won the race.
    static func aBodyUnderTheBoundInSeveralReadsArrivesWhole(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.pacedBody(pieces: 4, every: 0.1)))
        defer { server.stop() }
        let result = await outcome(transport, server.url(), limit: 256 * 1024)
        let body = try #require(try? result.get().body, "\(result.summary)")
        #expect(body == Data(repeating: UInt8(ascii: "a"), count: 4 * MisbehavingServer.filler.count))
    }

    /// Through the engine: a discovery document without end fails at its kind's bound (256 KiB), not
    /// after the whole of it (a 1 GB document took the CLI to 2.1 GB of memory).
    static func anEndlessDiscoveryDocumentFailsAtItsKindsBound(_ transport: any HTTPTransport) async throws {
        let server = try #require(MisbehavingServer(.endlessChunkedBody))
        defer { server.stop() }
        let issuer = "http://127.0.0.1:\(server.port)"
        await #expect(throws: OAuthError.transport(.responseTooLarge(limit: ResponseSizeLimit.discovery))) {
            _ = try await DiscoveryDocument.fetch(issuer: issuer, transport: transport, timeout: 60)
        }
    }
}

extension Result where Success == HTTPResponse, Failure == TransportError {
    /// The failure, if any.
    var failure: TransportError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// A short description for a failed expectation (the status and size, never the body).
    var summary: String {
        switch self {
        case .success(let response): return "HTTP \(response.statusCode), \(response.body.count) bytes"
        case .failure(let error): return "\(error)"
        }
    }
}
