/// The one comparison for identifiers that must match "exactly" (`iss`, `aud`, `azp`, `sub`, a
/// discovery document's `issuer`, channel IDs): the same UTF-8 bytes.
///
/// Swift's `String ==` (and so `Set`, `Dictionary` and `contains`) treats Unicode canonical
/// equivalents as equal: `"https://\u{212A}.example" == "https://K.example"` (KELVIN SIGN vs `K`).
/// OIDC and RFC 9207 compare these as simple strings, code unit by code unit, so an issuer or audience
/// spelled differently is a different one. Secrets and `state` use ``SecureCompare`` instead (constant time).
package enum ExactMatch {
    /// Whether `lhs` and `rhs` are the same bytes.
    package static func equals(_ lhs: String, _ rhs: String) -> Bool {
        // Over the two contiguous buffers: going through `String.UTF8View` element by element cost more than
        // the rest of the claim checks together.
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }

    /// Whether `candidates` holds `value`, byte for byte.
    package static func contains(_ candidates: some Sequence<String>, _ value: String) -> Bool {
        candidates.contains { equals($0, value) }
    }

    /// The first of `candidates` that names `value` byte for byte (a lookup that a `String`-keyed
    /// dictionary would answer for a canonical equivalent too).
    package static func first<Element>(
        in candidates: some Sequence<Element>, named value: String,
        by name: (Element) -> String
    ) -> Element? {
        candidates.first { equals(name($0), value) }
    }
}
