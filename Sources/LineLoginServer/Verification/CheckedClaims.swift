#if Server
import OAuthEngine

/// The claims `IDTokenVerifier` checks: the token's own (local mode, decoded one by one as the checks read
/// them) or the ones LINE's verify endpoint returned (remote mode).
enum CheckedClaims {
    case claimSet(ClaimSet)
    case dictionary([String: JSONValue])

    /// Steps 4–9 of the validator on these claims.
    func check(with validator: IDTokenValidator, expecting expectations: IDTokenExpectations) throws(IDTokenError) -> IDTokenClaims {
        switch self {
        case .claimSet(let claims): try validator.checkClaims(claims, expecting: expectations)
        case .dictionary(let claims): try validator.checkClaims(claims, expecting: expectations)
        }
    }
}
#endif
