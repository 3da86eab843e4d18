"""ID-token validation rates of PyJWT and joserfc on the tokens line-login-bench exported.

Each library does the same work as the Swift validator: parse, signature, iss, aud, exp/iat, nonce.
Prints one JSON object: {"pyjwt": {"ES256": rate, ...}, "joserfc": {...}}.
"""
import json
import sys
import time

import jwt as pyjwt
from joserfc import jwt as jose_jwt
from joserfc.jwk import KeySet, OctKey
from joserfc.jwt import JWTClaimsRegistry

fixtures = json.load(open(sys.argv[1]))
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
issuer, audience, nonce = fixtures["issuer"], fixtures["audience"], fixtures["nonce"]
jwks = fixtures["jwks"]
pyjwt_keys = {k["kid"]: pyjwt.PyJWK(k).key for k in jwks["keys"]}
jose_keys = KeySet.import_key_set(jwks)
jose_secret = OctKey.import_key(fixtures["secret"].encode())
registry = JWTClaimsRegistry(iss={"essential": True, "value": issuer}, aud={"essential": True, "value": audience},
                             nonce={"essential": True, "value": nonce}, exp={"essential": True}, iat={"essential": True})


def rate(fn):
    fn()  # warm up and check it validates
    count, start = 0, time.perf_counter()
    while True:
        for _ in range(50):
            fn()
        count += 50
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def pyjwt_check(token, alg):
    def run():
        if alg == "HS256":
            key = fixtures["secret"]
        else:
            key = pyjwt_keys[pyjwt.get_unverified_header(token)["kid"]]
        claims = pyjwt.decode(token, key, algorithms=[alg], audience=audience, issuer=issuer,
                              options={"require": ["exp", "iat", "iss", "aud", "sub"]})
        if claims.get("nonce") != nonce:
            raise ValueError("nonce")
    return run


def joserfc_check(token, alg):
    def run():
        key = jose_secret if alg == "HS256" else jose_keys
        decoded = jose_jwt.decode(token, key, algorithms=[alg])
        registry.validate(decoded.claims)
    return run


def openssl_raw(token, alg):
    """OpenSSL's signature check alone (through `cryptography`), the floor under PyJWT's figure."""
    from cryptography.hazmat.primitives import hashes, hmac
    from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
    signing_input, _, signature = token.rpartition(".")
    data, sig = signing_input.encode(), pyjwt.utils.base64url_decode(signature)
    if alg == "ES256":
        key = pyjwt_keys["es-1"]
        der = utils.encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
        return lambda: key.verify(der, data, ec.ECDSA(hashes.SHA256()))
    if alg == "RS256":
        key = pyjwt_keys["rs-1"]
        return lambda: key.verify(sig, data, padding.PKCS1v15(), hashes.SHA256())
    def mac():
        h = hmac.HMAC(fixtures["secret"].encode(), hashes.SHA256())
        h.update(data)
        h.verify(sig)
    return mac


result = {"pyjwt": {}, "joserfc": {}, "openssl": {}}
for alg, field in (("ES256", "es256"), ("HS256", "hs256"), ("RS256", "rs256")):
    result["pyjwt"][alg] = rate(pyjwt_check(fixtures[field], alg))
    result["joserfc"][alg] = rate(joserfc_check(fixtures[field], alg))
    result["openssl"][alg] = rate(openssl_raw(fixtures[field], alg))
print(json.dumps(result))
