#if Hummingbird
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// Sends requests straight to a Hummingbird router's responder, in process and with no socket, as
/// HummingbirdTesting's `.router` mode does (`http://localhost`, a channel with no peer address, a thrown
/// `HTTPResponseError` rendered by the router).
///
/// The package's tests use this instead of HummingbirdTesting: that product depends on AsyncHTTPClient, which
/// brings SwiftNIO's HTTP/2 and TLS stacks and swift-configuration into every build of the tests, the two
/// sanitizer builds included, where nothing else needs them (scripts/traits.sh).
struct HummingbirdRouterClient<Context: RequestContext> where Context.Source == ApplicationRequestContextSource {
    /// What the router answered: the status, every header in order, the whole body.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer
    }

    private let responder: RouterResponder<Context>
    private let logger: Logger

    init(_ router: Router<Context>) {
        responder = router.buildResponder()
        var logger = Logger(label: "router-client")
        logger.logLevel = .error
        self.logger = logger
    }

    func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> Answer {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let channel = EmbeddedChannel()
        // Closed after the answer, so nothing of the request outlives it (HummingbirdTesting's channels stayed open).
        defer { _ = try? channel.finish() }
        let context = Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        let response = try await responder.respond(to: request, context: context)
        let collector = BodyCollector()
        try await response.body.write(collector)
        return Answer(status: response.status, headers: response.headers, body: collector.buffer)
    }
}

/// Keeps what a response body writes; one task writes, then reads.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
#endif
