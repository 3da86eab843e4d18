#if Emulator
import Foundation
import Hummingbird

/// Reads request bodies with a size cap and turns every failure into a LINE-shaped answer.
enum RequestBodyReader {
    /// Largest body the emulator reads.
    static let maxBodySize = 64 * 1024

    /// Why a form could not be read.
    enum Failure: Error, Sendable {
        case wrongContentType
        case tooLarge
        case unreadable
        case form(FormParameters.Problem)

        /// The error page for the browser-facing forms (login, consent).
        var pageResponse: Response {
            let status: HTTPResponse.Status = if case .tooLarge = self { .contentTooLarge } else { .badRequest }
            return RouteSupport.errorPage(status, title: "Invalid request", message: pageMessage)
        }

        /// The OAuth-shaped error response.
        var oauthResponse: Response {
            switch self {
            case .wrongContentType:
                Reply.oauthError(.badRequest, "invalid_request", "content type must be application/x-www-form-urlencoded")
            case .tooLarge:
                Reply.oauthError(.contentTooLarge, "invalid_request", "request body is too large")
            case .unreadable:
                Reply.oauthError(.badRequest, "invalid_request", "request body could not be read")
            case .form(let problem):
                Reply.oauthError(.badRequest, "invalid_request", problem.description)
            }
        }

        /// A short explanation for HTML error pages.
        var pageMessage: String {
            switch self {
            case .wrongContentType: "The form was not sent as application/x-www-form-urlencoded."
            case .tooLarge: "The request is too large."
            case .unreadable: "The request could not be read."
            case .form(let problem): "The form is invalid (\(problem.description))."
            }
        }
    }

    /// Reads an `application/x-www-form-urlencoded` body of at most ``maxBodySize`` bytes.
    static func form(from request: Request) async -> Result<FormParameters, Failure> {
        let contentType = request.headers[.contentType] ?? ""
        let mediaType = contentType.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard mediaType == "application/x-www-form-urlencoded" else { return .failure(.wrongContentType) }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBodySize {
            return .failure(.tooLarge)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBodySize)
        } catch {
            return .failure(.tooLarge)
        }
        return FormParameters.parse(body: Array(buffer.readableBytesView))
            .flatMap { $0.rejectingDuplicates() }
            .mapError { .form($0) }
    }
}
#endif
