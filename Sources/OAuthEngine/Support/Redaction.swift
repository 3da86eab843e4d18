/// Shortens a secret for display: never the value itself, only a length and a hint that it exists.
enum Redaction {
    /// `"<redacted, N chars>"`.
    static func describe(_ secret: String?) -> String {
        guard let secret else { return "nil" }
        return "<redacted, \(secret.utf8.count) chars>"
    }
}
