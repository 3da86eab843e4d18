import LineLoginServer
import Foundation
import Hummingbird

extension Response {
    /// A JSON error body `{"error": …, "error_description": …, "reason": …}` (sorted keys), never cached.
    static func lineJSONError(
        status: HTTPResponse.Status, error: String, description: String, reason: String,
        extraHeaders: HTTPFields = [:]
    ) -> Response {
        let object = ["error": error, "error_description": description, "reason": reason]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        var headers = extraHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A redirect (`302`/`303`) with `Location` and cookies, never cached.
    static func lineRedirect(to location: String, status: HTTPResponse.Status = .seeOther, cookies: [ResponseCookie] = []) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        for cookie in cookies { headers[values: .setCookie].append(cookie.headerValue) }
        return Response(status: status, headers: headers)
    }

    /// An HTML page.
    static func lineHTML(_ html: String, status: HTTPResponse.Status = .ok, cookies: [ResponseCookie] = []) -> Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        for cookie in cookies { headers[values: .setCookie].append(cookie.headerValue) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Adds `Set-Cookie` headers.
    mutating func appendCookies(_ cookies: [ResponseCookie]) {
        for cookie in cookies { headers[values: .setCookie].append(cookie.headerValue) }
    }
}
