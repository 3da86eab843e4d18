#if Hummingbird && Emulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Hummingbird
import LineLoginEmulator
import LineLoginServer
import LineLoginHummingbird
import Testing

/// A client that sends half a request line and then nothing (slowloris) is disconnected by the
/// servers this package runs: the emulator and sites on ``LineHTTPServer``.
@Suite struct SlowClientTests {
    @Test func theEmulatorClosesAConnectionThatNeverFinishesItsRequestLine() async throws {
        let emulator = LineLoginEmulator(connectionIdleTimeout: .milliseconds(200))
        let baseURL = try await emulator.start()
        let port = try #require(baseURL.port)
        let outcome = await HalfRequest.sendAndAwaitClose(port: port)
        await emulator.shutdown()
        #expect(outcome == .closedByServer)
    }

    @Test func aLineHTTPServerClosesAConnectionThatNeverFinishesItsRequestLine() async throws {
        let router = Router()
        router.get("/") { _, _ in "hello" }
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, server: LineHTTPServer.http1(idleTimeout: .milliseconds(200)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? 0)
                boundContinuation.finish()
            })
        let server = Task { try await application.run() }
        var port = 0
        for await value in bound { port = value }
        try #require(port > 0)
        let outcome = await HalfRequest.sendAndAwaitClose(port: port)
        server.cancel()
        _ = await server.result
        #expect(outcome == .closedByServer)
    }

    @Test func theDefaultIdleTimeoutIsSecondsNotMinutes() {
        #expect(LineHTTPServer.idleTimeout >= .seconds(5))
        #expect(LineHTTPServer.idleTimeout <= .seconds(60))
        #expect(LineLoginEmulator().connectionIdleTimeout == LineHTTPServer.idleTimeout)
    }
}

/// Opens a connection, sends the start of a request line, and waits (on its own thread, with no
/// deadline) for the server to close the connection.
enum HalfRequest {
    enum Outcome: Equatable {
        case closedByServer
        case answered
        case couldNotConnect
    }

    static func sendAndAwaitClose(port: Int) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: run(port: port)) }.start()
        }
    }

    private static func run(port: Int) -> Outcome {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .couldNotConnect }
        defer { _ = close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return .couldNotConnect }
        let half = Array("GET /oauth2/v2.1/auth".utf8)
        _ = half.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var received = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            // A reset is a close too.
            return received == 0 ? .closedByServer : .answered
        }
    }
}
#endif
