import Foundation

/// One attempt of a ``LoopbackUserAgent``: a bound listener waiting to be presented.
final class LoopbackSession: UserAgentSession {
    /// `http://127.0.0.1:<port><path>` with the port actually bound.
    let redirectURI: URL

    private let listener: LoopbackListener
    private let configuration: LoopbackServer.Configuration
    private let browser: any BrowserOpener

    /// Wraps a bound listener.
    init(
        redirectURI: URL, listener: LoopbackListener, configuration: LoopbackServer.Configuration,
        browser: any BrowserOpener
    ) {
        self.redirectURI = redirectURI
        self.listener = listener
        self.configuration = configuration
        self.browser = browser
    }

    deinit {
        listener.cancel()
    }

    /// The listening socket's bound address (`getsockname`), `nil` once closed. For tests.
    var localAddress: (host: String, port: Int)? { listener.localAddress }

    /// Opens the browser, then waits for the one callback on the expected path.
    func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
        let listener = self.listener
        let configuration = self.configuration
        let browser = self.browser
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<URL, UserAgentError>, Never>) in
                // Listen first, then open the browser, so even an opener that blocks until the
                // page has loaded works.
                let started = listener.serve(configuration) { continuation.resume(returning: $0) }
                if started { _ = browser.open(authorizationURL) }
            }
        } onCancel: {
            listener.cancel()
        }
        return try result.get()
    }

    /// Cancels the attempt; a pending ``present(_:)`` throws ``UserAgentError/cancelled``.
    func cancel() {
        listener.cancel()
    }
}
