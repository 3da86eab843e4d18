// `public`: the initializer names URLSessionConfiguration, which is Foundation's on Apple platforms and
// FoundationNetworking's on Linux (scripts/apple-typecheck.sh holds every file to that pairing).
public import Foundation
import LineLoginPrimitives
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The production ``HTTPTransport``: one long-lived `URLSession` (FoundationNetworking on Linux).
///
/// Redirects are never followed: an OAuth endpoint that redirects is answered as the 3xx it is.
/// The stop has to be a session-level delegate because Linux ignores per-task delegates.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session (no cookies, no cache).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: NoRedirectDelegate(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request within `request.timeout` for the whole exchange (a deadline of its own: on Linux,
    /// URLSession's own timeouts are not a deadline), reading at most `request.maximumResponseSize` bytes of
    /// body; maps `URLError`s to ``TransportError``.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let (session, prepared, limit) = (self.session, urlRequest, max(0, request.maximumResponseSize))
        return try await ExchangeDeadline.run(seconds: request.timeout) { () throws(TransportError) in
            try await Self.exchange(prepared, on: session, limit: limit)
        }
    }

    /// One data task driven by the session's delegate, which counts the body's bytes as they arrive and
    /// cancels the task past `limit` (`data(for:)` would read any body whole before returning it).
    private static func exchange(_ urlRequest: URLRequest, on session: URLSession, limit: Int) async throws(TransportError) -> HTTPResponse
    {
        guard let delegate = session.delegate as? NoRedirectDelegate else { throw .other("the session has no transport delegate") }
        let task = session.dataTask(with: urlRequest)
        let collector = BodyCollector(limit: limit)
        delegate.register(collector, for: task)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                collector.deliver(to: continuation)
                task.resume()
            }
        } onCancel: {
            collector.finish(.failure(.cancelled))
            task.cancel()
        }
        delegate.unregister(task)
        return try outcome.get()
    }

    // URLError descriptions can contain the failing URL (and so a query with a token): keep only the code.
    static func map(_ error: URLError) -> TransportError {
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .cannotConnectToHost, .networkConnectionLost, .cannotFindHost, .notConnectedToInternet,
            .dnsLookupFailed, .secureConnectionFailed, .cannotLoadFromNetwork:
            return .connectionFailed("URLError \(error.code.rawValue)")
        default: return .other("URLError \(error.code.rawValue)")
        }
    }

    /// What a finished task left as a ``TransportError``.
    static func map(_ error: any Error) -> TransportError {
        switch error {
        case let error as URLError: return map(error)
        case is CancellationError: return .cancelled
        default: return .other(String(describing: type(of: error)))
        }
    }
}

/// The session's delegate: stops every redirect (the stop has to be session-level, because Linux ignores
/// per-task delegates) and feeds each data task's response and body to its ``BodyCollector``.
private final class NoRedirectDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The collectors of the tasks in flight, by task identifier.
    private let collectors = LockedValue<[Int: BodyCollector]>([:])

    func register(_ collector: BodyCollector, for task: URLSessionTask) {
        collectors.withLock { $0[task.taskIdentifier] = collector }
    }

    func unregister(_ task: URLSessionTask) {
        _ = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func collector(of task: URLSessionTask) -> BodyCollector? {
        collectors.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = collector(of: dataTask)?.received(response) ?? true
        // Linux ignores the disposition, so a refused body is also stopped by cancelling the task.
        completionHandler(accepted ? .allow : .cancel)
        if !accepted { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Only a body past the bound stops the task (its collector has answered already); a piece under
        // the bound is kept and the transfer goes on.
        if collector(of: dataTask)?.append(data) == true { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        collector(of: task)?.complete(error)
    }
}

/// One exchange's response and body as they arrive, bounded: the first outcome (the answer, the bound
/// passed, a failure, a cancellation) is handed to the one waiter; later events are dropped.
private final class BodyCollector: Sendable {
    private struct State: Sendable {
        var head: (statusCode: Int, headers: [String: String])?
        var body = Data()
        var outcome: Result<HTTPResponse, TransportError>?
        var waiter: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
    }

    private let limit: Int
    private let state = LockedValue(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps the status and headers of `response`; `false` (and the exchange fails) when it announces a
    /// body over the limit, so not a byte of it is read.
    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.other("not an HTTP response")))
            return false
        }
        if http.expectedContentLength > Int64(limit) {
            finish(.failure(.responseTooLarge(limit: limit)))
            return false
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        let head = (http.statusCode, headers)
        state.withLock { $0.head = head }
        return true
    }

    /// Adds `data` to the body; `true` when the body passed the limit (and the exchange failed).
    func append(_ data: Data) -> Bool {
        let over = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            if state.body.count + data.count > limit { return true }
            state.body.append(data)
            return false
        }
        if over { finish(.failure(.responseTooLarge(limit: limit))) }
        return over
    }

    /// The task ended: with the body read, or with `error`.
    func complete(_ error: (any Error)?) {
        if let error {
            finish(.failure(URLSessionTransport.map(error)))
            return
        }
        let answer = state.withLock { state -> Result<HTTPResponse, TransportError> in
            guard let head = state.head else { return .failure(.other("not an HTTP response")) }
            return .success(HTTPResponse(statusCode: head.statusCode, headers: head.headers, body: state.body))
        }
        finish(answer)
    }

    /// Records the outcome unless one was recorded already, and wakes the waiter.
    func finish(_ outcome: Result<HTTPResponse, TransportError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.body = Data()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Hands the outcome to `continuation`, now or once there is one.
    func deliver(to continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        let ready = state.withLock { state -> Result<HTTPResponse, TransportError>? in
            if let outcome = state.outcome { return outcome }
            state.waiter = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }
}
