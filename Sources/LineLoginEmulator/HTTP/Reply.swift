#if Emulator
import Foundation
import Hummingbird

/// Builders for every response shape the emulator sends.
enum Reply {
    /// A JSON body (sorted keys).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, noStore: Bool = false) -> Response {
        guard let data = try? JSONEncoder.emulator.encode(value) else {
            return raw(
                #"{"error":"server_error","error_description":"could not encode the response"}"#,
                status: .internalServerError,
                contentType: "application/json"
            )
        }
        var response = raw(String(decoding: data, as: UTF8.self), status: status, contentType: "application/json")
        if noStore {
            response.headers[.cacheControl] = "no-store"
            response.headers[.pragmaHeader] = "no-cache"
        }
        return response
    }

    /// `{"error", "error_description"}`, never cached.
    static func oauthError(_ status: HTTPResponse.Status, _ error: String, _ description: String) -> Response {
        json(OAuthErrorBody(error: error, errorDescription: description), status: status, noStore: true)
    }

    /// `{"message"}`.
    static func apiError(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(APIErrorBody(message: message), status: status)
    }

    /// Adds `WWW-Authenticate: Bearer error="…"` to a response.
    static func withBearerChallenge(_ response: Response, error: String) -> Response {
        var response = response
        response.headers[.wwwAuthenticateHeader] = "Bearer error=\"\(error)\""
        return response
    }

    /// Adds what every answer carries: LINE's `x-line-request-id` with a random value, and
    /// `X-Content-Type-Options: nosniff` (a page, a JSON body or an error is read as the type it says).
    static func finished(_ response: Response) -> Response {
        var response = response
        response.headers[.lineRequestID] = RandomToken.hex(byteCount: 12)
        response.headers[.contentTypeOptions] = "nosniff"
        return response
    }

    /// An HTML page that must not be cached or framed.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        var response = raw(page, status: status, contentType: "text/html; charset=utf-8")
        response.headers[.cacheControl] = "no-store"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.frameOptions] = "DENY"
        return response
    }

    /// A redirect to `location`: 302, or `status` (303 after a dashboard form, so the reload is a GET).
    static func redirect(to location: String, status: HTTPResponse.Status = .found) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = "0"
        return Response(status: status, headers: headers, body: ResponseBody())
    }

    /// A response with an empty body.
    static func empty(_ status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentLength] = "0"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody())
    }

    private static func raw(_ body: String, status: HTTPResponse.Status, contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        let buffer = ByteBuffer(string: body)
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}
#endif
