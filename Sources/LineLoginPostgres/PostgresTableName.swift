#if PostgreSQL
/// A table name checked before it is written into SQL: one or two (schema-qualified) identifiers of
/// lower-case ASCII letters, digits and underscores, starting with a letter or underscore, at most 63
/// characters each (PostgreSQL's limit). Nothing else is ever interpolated into a statement; every value
/// is a bound parameter.
struct PostgresTableName: Sendable, Equatable {
    /// The name as written in SQL, e.g. `line_login_nonces` or `auth.line_login_nonces`.
    let sql: String
    /// The table's name without its schema, the base of the index names.
    let base: String

    /// `name` if it is a safe identifier, otherwise an error that quotes it (it is configuration, not a secret).
    init(_ name: String) throws(PostgresStoreError) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(Self.isIdentifier), let last = parts.last else {
            throw PostgresStoreError(
                "invalid table name \"\(name.prefix(80))\": use lower-case letters, digits and underscores, optionally schema.table")
        }
        sql = name
        base = String(last)
    }

    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first, part.utf8.count <= 63 else { return false }
        let lower: ClosedRange<Unicode.Scalar> = "a"..."z"
        let digit: ClosedRange<Unicode.Scalar> = "0"..."9"
        guard lower.contains(first) || first == "_" else { return false }
        return part.unicodeScalars.allSatisfy { lower.contains($0) || digit.contains($0) || $0 == "_" }
    }
}
#endif
