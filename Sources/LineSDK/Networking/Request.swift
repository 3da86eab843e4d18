public import Foundation
public import LineLoginPlatform

/// An HTTP method of a ``Request``.
public enum HTTPMethod: String, Sendable {
    /// `GET`.
    case get = "GET"
    /// `POST`.
    case post = "POST"
    /// `PUT`.
    case put = "PUT"
    /// `DELETE`.
    case delete = "DELETE"
}

/// How a ``Request`` authenticates.
public enum AuthenticateMethod: Sendable {
    /// Not at all.
    case none
    /// With the session's access token as `Bearer`, refreshed before it expires and once after a 401.
    case token
}

/// How a ``Request`` encodes its ``Request/parameters`` when it has a body.
public enum ContentType: Sendable {
    /// No body.
    case none
    /// `application/x-www-form-urlencoded`.
    case formUrlEncoded
    /// `application/json`.
    case json
}

/// A request's parameters: a query for `GET`, otherwise a body encoded as its ``ContentType``.
public typealias Parameters = [String: Any]

/// One of LINE's endpoints, described as LINE's SDK describes it, to call one the SDK doesn't wrap with
/// ``Session/send(_:callbackQueue:completionHandler:)``: the stored token is attached and refreshed as
/// for every other call. (LINE's adapter and pipeline customisation points are not offered.)
///
/// ```swift
/// struct GetFriendshipStatus: Request {
///     typealias Response = GetBotFriendshipStatusRequest.Response
///     let method: HTTPMethod = .get
///     let path = "/friendship/v1/status"
///     let authentication: AuthenticateMethod = .token
/// }
/// let status = try await Session.shared.send(GetFriendshipStatus())
/// ```
public protocol Request: Sendable {
    /// What the answer decodes to.
    associatedtype Response: Decodable & Sendable

    /// The HTTP method.
    var method: HTTPMethod { get }
    /// The host; by default LINE's API host, which a `Session` for another platform (the emulator)
    /// replaces with that platform's.
    var baseURL: URL { get }
    /// The path, from `/`.
    var path: String { get }
    /// Query items added to every request, whatever the method.
    var pathQueries: [URLQueryItem]? { get }
    /// The parameters, or `nil`.
    var parameters: Parameters? { get }
    /// How the request authenticates.
    var authentication: AuthenticateMethod { get }
    /// How parameters are encoded in a body.
    var contentType: ContentType { get }
    /// Seconds before the request fails.
    var timeout: TimeInterval { get }
}

extension Request {
    /// LINE's API host, `https://api.line.me`.
    public var baseURL: URL { LinePlatform.production.apiBaseURL }
    /// None.
    public var pathQueries: [URLQueryItem]? { nil }
    /// None.
    public var parameters: Parameters? { nil }
    /// JSON.
    public var contentType: ContentType { .json }
    /// 30 seconds.
    public var timeout: TimeInterval { 30 }
}
