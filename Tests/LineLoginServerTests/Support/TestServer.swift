#if Hummingbird && Emulator
import Foundation
import Hummingbird
import Logging

/// A Hummingbird application on a free loopback port, stopped by ``stop()``.
final class TestServer: Sendable {
    let baseURL: URL
    private let task: Task<Void, any Error>
    private let close: @Sendable () async -> Void

    private init(baseURL: URL, task: Task<Void, any Error>, close: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.task = task
        self.close = close
    }

    static func start<Context: RequestContext>(_ router: Router<Context>, port: Int = 0) async throws -> TestServer
    where Context.Source == ApplicationRequestContextSource {
        let (ready, continuation) = AsyncStream.makeStream(of: (Int, @Sendable () async -> Void).self)
        var logger = Logger(label: "test-server")
        logger.logLevel = .error
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                continuation.yield((channel.localAddress?.port ?? 0, { try? await channel.close() }))
                continuation.finish()
            }, logger: logger)
        let task = Task { try await application.run() }
        var port = 0
        var close: @Sendable () async -> Void = {}
        for await (value, closer) in ready { (port, close) = (value, closer) }
        guard port != 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        return TestServer(baseURL: url, task: task, close: close)
    }

    func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path) ?? baseURL }

    func stop() async {
        // Closing the listener first ends the accept loop; cancelling then ends open keep-alive connections.
        await close()
        task.cancel()
        _ = await task.result
    }
}
#endif
