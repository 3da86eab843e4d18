import Foundation
@testable import LineSDK
@testable import OAuthEngine

/// Keys the parsed tokens are verified against: one EC and one RSA public key (throwaway keys made for the
/// seed corpus; the matching private keys were never kept).
private let verificationKeys: JWKSet = {
    let document = #"""
        {"keys":[
        {"kty":"EC","crv":"P-256","kid":"ec-1","alg":"ES256","use":"sig","x":"42xpC_j2ubNKwYPyyT8mW6-qbjvFdtesOTqayNFuWBk","y":"xsqAy3Oq4bvX8hvHzdutMd6qZ5YFRetZ1anYOOIjdFQ"},
        {"kty":"RSA","kid":"rsa-1","alg":"RS256","use":"sig","key_ops":["verify"],"e":"AQAB","n":"rE_dwD8lxa51hnxGk4MIlpZaittqg7FAHeysdoH9YWCEAV1vih-zmzXfym0djYKyJsonODk52JWNYZwScY9BuKLx9NAWBfJnsDjgBlfvTN_Of0F1n8qPnlMhkabdPjRtO8O5VqRTsCBX6I_PL-MUnCmsVW-b4JkTHIzzc_gZsQJF8rRlxihVvW1DyWwWK2T0NEkSJLk50roX5CL_XhyG4bGZA_NsOxemN9Ahg4EVpqZB56uHEunm1L33GEOYAxmt3FHNYwZDABruayOH0L5GaFi9Bzgo7zvUzvA3YRK9w_ocmP3ZswwS9d_tHTEQDmUZ2nX_U-kGaU-gHEAnnvneRw"}
        ]}
        """#
    do { return try JWKSet(data: Data(document.utf8)) } catch { fatalError("the jws harness's key set does not parse: \(error)") }
}()

/// `CompactJWS(parsing:)` with both payload formats; a parsed token's header and claims are read, its
/// signature checked, and its parts re-encoded (strict base64url has one encoding per value, so they must
/// come back byte for byte). LineSDK's `JWT(text:)` and its typed claim accessors run on the same text.
func fuzzJWS(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    for format in [CompactJWS.PayloadFormat.jsonObject, .opaque] {
        guard let jws = try? CompactJWS(parsing: text, payload: format) else { continue }
        checkParts(of: jws, text: text, format: format)
        touch(jws.header)
        touch(IDTokenClaims(raw: jws.claims))
        _ = try? JWSVerifier.verify(jws, allowed: Set(JWSAlgorithm.allCases), keySet: verificationKeys)
    }
    if let jwt = try? JWT(text: text) { touch(jwt) }
}

private func checkParts(of jws: CompactJWS, text: String, format: CompactJWS.PayloadFormat) {
    let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    require(parts.count == 3, "a parsed JWS has \(parts.count) parts")
    guard parts.count == 3 else { return }
    require(Base64URL.encode(jws.payload).utf8.elementsEqual(parts[1]), "payload does not re-encode to its part")
    require(Base64URL.encode(jws.signature).utf8.elementsEqual(parts[2]), "signature does not re-encode to its part")
    require(
        jws.signingInput.elementsEqual(text.utf8.prefix(parts[0].count + 1 + parts[1].count)), "signing input is not <header>.<payload>")
    require(jws.header.algorithm == jws.header.fields["alg"]?.stringValue, "alg differs from the header's member")
    if format == .opaque { require(jws.claims.isEmpty, "an opaque payload has claims") }
}

private func touch(_ header: JOSEHeader) {
    _ = JWSAlgorithm(rawValue: header.algorithm)
    _ = JWSVerifier.printableName(header.algorithm)
    _ = (header.keyID, header.type, header.critical?.count, header.fields.count)
}

private func touch(_ claims: IDTokenClaims) {
    _ = (claims.issuer, claims.subject, claims.audience, claims.expiration, claims.issuedAt, claims.authTime)
    _ = (claims.nonce, claims.amr, claims.name, claims.picture, claims.email)
}

private func touch(_ jwt: JWT) {
    let payload = jwt.payload
    _ = (jwt.header.algorithm, jwt.header.keyID, jwt.header.type)
    _ = (payload.issuer, payload.subject, payload.audience, payload.expiration, payload.issueAt, payload.authTime)
    _ = (payload.nonce, payload.amr, payload.name, payload.pictureURL, payload.email)
    // Every claim through the typed subscript, as an app reads them (bounded: a claim set is small).
    for key in payload.claims.keys.prefix(32) {
        _ = payload[key, String.self]
        _ = payload[key, Int.self]
        _ = payload[key, Int64.self]
        _ = payload[key, Double.self]
        _ = payload[key, Float.self]
        _ = payload[key, Bool.self]
        _ = payload[key, NSNumber.self]
        _ = payload[key, [String].self]
        _ = payload[key, [Any].self]
        _ = payload[key, [String: Any].self]
        _ = payload[key, [String: String].self]
    }
}
