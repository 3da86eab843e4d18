#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LineLoginPrimitives
@testable import OAuthEngine
import Testing

/// Every descriptor the loopback server opens is closed exactly once.
@Suite struct LoopbackDescriptorTests {
    @Test func closeRunsOnce() throws {
        let raw = open("/dev/null", O_RDONLY)
        try #require(raw >= 0)
        let descriptor = LoopbackDescriptor(raw)
        descriptor.close()
        #expect(!descriptor.isOpen)
        // The number is free again: whoever gets it next must not lose it to a second close.
        let reused = open("/dev/null", O_RDONLY)
        defer { _ = close(reused) }
        descriptor.close()
        descriptor.finish()
        #expect(fcntl(reused, F_GETFD) != -1)
    }

    /// A connection that hangs up is closed in the same poll round as the callback that follows it.
    /// Descriptors opened meanwhile elsewhere (here: while the callback is recognised) take the freed
    /// numbers; the server must not close one of them on its way out.
    @Test func aJunkConnectionClosedInTheCallbackRoundIsNotClosedAgain() async throws {
        let (listener, port) = try LoopbackSocket.makeListener(on: .ipv4(127, 0, 0, 1), port: 0)
        let wake = try #require(LoopbackSocket.makeWakePipe())
        defer { [listener, wake.read, wake.write].forEach { _ = close($0) } }

        // Both connections are queued before the server runs, so it accepts them in one round and
        // reads them in the next: the junk one first.
        let junk = try #require(LoopbackTestClient.openConnection(port: port))
        _ = close(junk)
        let callback = try #require(LoopbackTestClient.openConnection(port: port))
        defer { _ = close(callback) }
        let request = Array("GET /callback?code=c&state=s HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { send(callback, $0.baseAddress, $0.count, LoopbackTestClient.sendFlags) } == request.count)

        let bystanders = OpenedElsewhere()
        let server = LoopbackServer(
            listener: listener,
            wake: wake.read,
            configuration: .init(
                expectedPath: "/callback", redirectBase: "http://127.0.0.1:\(port)/callback",
                timeout: .seconds(60), successPage: nil),
            isCancelled: { false },
            closeListener: { bystanders.openSome() }
        )
        let result = await LoopbackTestClient.offload { server.run() }
        #expect(try result.get().query == "code=c&state=s")

        let opened = bystanders.descriptors
        defer { opened.forEach { _ = close($0) } }
        #expect(!opened.isEmpty)
        let closedByTheServer = opened.filter { fcntl($0, F_GETFD) == -1 }
        #expect(closedByTheServer.isEmpty)
    }
}

/// Descriptors another part of the process opens while the server runs; they fill the lowest free
/// numbers, the ones the server just closed among them.
private final class OpenedElsewhere: Sendable {
    private let opened = LockedValue<[Int32]>([])

    func openSome() {
        opened.withLock { opened in
            for _ in 0..<64 {
                let descriptor = open("/dev/null", O_RDONLY)
                if descriptor >= 0 { opened.append(descriptor) }
            }
        }
    }

    var descriptors: [Int32] { opened.current }
}
