#if Emulator
import Foundation

/// The client's identity and secret as RFC 6749 §2.3.1 lets a client send them: in an
/// `Authorization: Basic` header (`client_secret_basic`) or in the form (`client_secret_post`).
///
/// LINE documents only the body, but clients that send Basic alone (openid-client/Auth.js,
/// mod_auth_openidc by default) are reported to work against LINE, so both are read here. This is a
/// pure function of the form and the header, so every refusal is testable without a server.
struct ClientCredentials: Sendable, Equatable {
    /// The channel ID the client named.
    var clientID: String
    /// The channel secret, when the client sent one by either means.
    var secret: String?
    /// Whether the credentials came in an `Authorization: Basic` header (an `invalid_client` answer
    /// then carries `WWW-Authenticate: Basic`, RFC 6749 §5.2).
    var viaBasic: Bool

    /// Why the credentials can't be read.
    enum Problem: Error, Sendable, Equatable {
        /// No `client_id` by either means: 400 `invalid_request`.
        case missingClientID
        /// A Basic header that is not base64 of `id:secret`, form-urlencoded: 401 `invalid_client`.
        case malformedBasic
        /// The secret came both ways, or the Basic user differs from the body's `client_id`: 400
        /// `invalid_request` (RFC 6749 §2.3: one authentication method per request).
        case conflicting(String)
    }

    /// Reads the credentials of a token or revoke request.
    ///
    /// - Parameters:
    ///   - form: the request's form parameters.
    ///   - authorization: the `Authorization` header, if any. A scheme other than `Basic` is not client
    ///     authentication and is ignored.
    static func read(form: FormParameters, authorization: String?) -> Result<ClientCredentials, Problem> {
        let bodyClientID = form.nonEmpty("client_id")
        guard let authorization, let basic = basicToken(in: authorization) else {
            guard let bodyClientID else { return .failure(.missingClientID) }
            return .success(ClientCredentials(clientID: bodyClientID, secret: form["client_secret"], viaBasic: false))
        }
        guard let (user, password) = decodeBasic(basic) else { return .failure(.malformedBasic) }
        if form["client_secret"] != nil {
            return .failure(.conflicting("client_secret was sent both in the Authorization header and in the body"))
        }
        // Compared as bytes: an identifier is never matched with Unicode-aware equality.
        if let bodyClientID, !bodyClientID.utf8.elementsEqual(user.utf8) {
            return .failure(.conflicting("client_id differs from the client in the Authorization header"))
        }
        // `id:` with nothing after the colon is how Basic says "no secret" (a public client).
        return .success(ClientCredentials(clientID: user, secret: password.isEmpty ? nil : password, viaBasic: true))
    }

    /// The credentials part of `Basic <credentials>`; the scheme is case-insensitive (RFC 9110 §11.1).
    private static func basicToken(in header: String) -> Substring? {
        let trimmed = header.drop { $0 == " " || $0 == "\t" }
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            return trimmed.lowercased() == "basic" ? "" : nil
        }
        guard trimmed[..<space].lowercased() == "basic" else { return nil }
        var token = trimmed[space...].drop { $0 == " " || $0 == "\t" }
        while let last = token.last, last == " " || last == "\t" { token = token.dropLast() }
        return token
    }

    /// `base64(urlencode(id) ":" urlencode(secret))` → `(id, secret)`; `nil` for bad base64, bytes that
    /// are not UTF-8, no colon, a malformed escape or an empty ID. RFC 6749 §2.3.1 has the client
    /// form-urlencode both parts first, so a secret may hold a colon (`%3A`).
    private static func decodeBasic(_ token: Substring) -> (String, String)? {
        guard !token.isEmpty, let data = Data(base64Encoded: String(token)),
            let decoded = String(bytes: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":"),
            let user = FormParameters.decode(decoded[..<colon]), !user.isEmpty,
            let password = FormParameters.decode(decoded[decoded.index(after: colon)...])
        else { return nil }
        return (user, password)
    }
}
#endif
