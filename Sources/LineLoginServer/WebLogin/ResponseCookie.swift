#if Server
/// A cookie to send with `Set-Cookie`, independent of any web framework.
public struct ResponseCookie: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value (sealed values are base64url, so always cookie-safe).
    public var value: String
    /// `Max-Age` in seconds; `0` deletes the cookie; `nil` makes a session cookie.
    public var maxAge: Int?
    /// `Path`.
    public var path: String
    /// `HttpOnly`: invisible to page scripts.
    public var httpOnly: Bool
    /// `Secure`: sent over https only.
    public var secure: Bool
    /// `SameSite` (`Lax`: sent on top-level navigations from other sites, such as LINE's redirect back).
    public var sameSite: String

    /// Creates a cookie.
    public init(
        name: String, value: String, maxAge: Int?, path: String = "/", httpOnly: Bool = true,
        secure: Bool, sameSite: String = "Lax"
    ) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.path = path
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// The `Set-Cookie` header value.
    public var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        parts.append("SameSite=\(sameSite)")
        return parts.joined(separator: "; ")
    }

    /// The same cookie, emptied and expired (to delete it in the browser).
    public var deletion: ResponseCookie {
        var copy = self
        copy.value = ""
        copy.maxAge = 0
        return copy
    }

    /// The value of the cookie `name` in a request's `Cookie` header (`a=1; b=2`), if present.
    public static func value(named name: String, inCookieHeader header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop(while: { $0 == " " })
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
        }
        return nil
    }
}

extension ResponseCookie: CustomStringConvertible {
    /// The attributes; never the value (it may be a sealed session).
    public var description: String {
        var copy = self
        copy.value = value.isEmpty ? "" : "<sealed>"
        return copy.headerValue
    }
}
#endif
