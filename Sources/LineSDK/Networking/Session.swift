import Foundation
import OAuthEngine
public import LineLoginPlatform

/// Sends ``Request``s to LINE as LINE's SDK does: `Session.shared.send(request) { result in … }`, or
/// `try await Session.shared.send(request)`. A `.token` request carries the session's access token,
/// refreshed before it expires and once after a 401, exactly as the SDK's own calls.
public final class Session: Sendable {
    /// The session of ``LoginManager/shared``.
    public static var shared: Session { LoginManager.shared.session }

    private let manager: LoginManager

    init(manager: LoginManager) {
        self.manager = manager
    }

    /// Sends `request`; `completionHandler` gets the decoded answer or a ``LineSDKError``.
    /// - Returns: the task, which can be cancelled.
    @discardableResult
    public func send<T: Request>(
        _ request: T, callbackQueue: CallbackQueue = .default,
        completionHandler: (@Sendable (Result<T.Response, LineSDKError>) -> Void)? = nil
    ) -> SessionTask? {
        let task = Task {
            let result: Result<T.Response, LineSDKError>
            do throws(LineSDKError) { result = .success(try await self.send(request)) } catch { result = .failure(error) }
            if let completionHandler { callbackQueue.execute { completionHandler(result) } }
        }
        return SessionTask(task: task)
    }

    /// Sends `request` and returns the decoded answer.
    public func send<T: Request>(_ request: T) async throws(LineSDKError) -> T.Response {
        let core = try manager.requireCore()
        let httpRequest = try Self.httpRequest(for: request, platform: core.configuration.platform)
        let response: HTTPResponse
        switch request.authentication {
        case .token:
            response = try await core.api.authorized(httpRequest)
        case .none:
            do { response = try await core.api.platform.transport.perform(httpRequest) } catch {
                throw LineSDKError(.transport(error), url: httpRequest.url)
            }
        }
        do { return try core.api.platform.decode(response, as: T.Response.self) } catch {
            throw LineSDKError(error, url: httpRequest.url, parsing: T.Response.self)
        }
    }

    /// The HTTP request for `request` on `platform`: LINE's API host becomes the platform's, `GET`
    /// parameters go to the query, others to a body of the request's content type.
    static func httpRequest<T: Request>(for request: T, platform: LinePlatform) throws(LineSDKError) -> HTTPRequest {
        let base = Self.isLINEAPIHost(request.baseURL) ? platform.apiBaseURL : request.baseURL
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .requestFailed(reason: .missingURL)
        }
        components.path =
            components.path.hasSuffix("/")
            ? String(components.path.dropLast()) + request.path
            : components.path + request.path
        var query: [(String, String)] = (request.pathQueries ?? []).map { ($0.name, $0.value ?? "") }
        var body: Data?
        var headers = ["Accept": "application/json"]
        if let parameters = request.parameters {
            switch (request.method, request.contentType) {
            case (.get, _), (_, .none):
                query += Self.fields(parameters)
            case (_, .formUrlEncoded):
                body = Data(FormEncoding.encode(Self.fields(parameters)).utf8)
                headers["Content-Type"] = "application/x-www-form-urlencoded; charset=utf-8"
            case (_, .json):
                let parameters = parameters.compactMapValues(Self.unwrapped)
                guard JSONSerialization.isValidJSONObject(parameters) else {
                    throw .requestFailed(reason: .jsonEncodingFailed(JSONBodyError()))
                }
                do { body = try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys]) } catch {
                    throw .requestFailed(reason: .jsonEncodingFailed(error))
                }
                headers["Content-Type"] = "application/json"
            }
        }
        // Escaped by hand: URLComponents leaves `+` alone, which a server reads as a space.
        if !query.isEmpty { components.percentEncodedQuery = FormEncoding.encode(query) }
        guard let url = components.url else { throw .requestFailed(reason: .missingURL) }
        return HTTPRequest(method: request.method.rawValue, url: url, headers: headers, body: body, timeout: request.timeout)
    }

    /// Whether `url` is LINE's API host (`https://api.line.me`, with or without a trailing slash or an
    /// explicit port 443): such requests go to the configured platform, so an app on the emulator never
    /// sends its emulator token to LINE because of how it spelled the base URL.
    static func isLINEAPIHost(_ url: URL) -> Bool {
        let production = LinePlatform.production.apiBaseURL
        guard url.scheme?.lowercased() == production.scheme, url.host?.lowercased() == production.host,
            url.port == nil || url.port == 443, url.query == nil
        else { return false }
        return url.path.isEmpty || url.path == "/"
    }

    // Sorted, so the same parameters always make the same request. An Optional is sent as its value, and
    // a nil one not at all (never as "Optional(…)" or "nil").
    private static func fields(_ parameters: Parameters) -> [(String, String)] {
        parameters.sorted { $0.key < $1.key }.compactMap { key, value in unwrapped(value).map { (key, "\($0)") } }
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    private struct JSONBodyError: Error, CustomStringConvertible {
        var description: String { "the parameters are not a valid JSON object" }
    }
}

/// A request sent by ``Session/send(_:callbackQueue:completionHandler:)``.
public final class SessionTask: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the request; its completion handler gets a failure.
    public func cancel() {
        task.cancel()
    }
}
