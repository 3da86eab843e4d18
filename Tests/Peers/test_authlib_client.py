#!/usr/bin/env python3
"""Test peer: Authlib, an OpenID Connect client no one here wrote, against the emulator.

Runs `$LINE_LOGIN emulator --auto-approve brown@example.com --port N`, then with Authlib's
`OAuth2Session` (public client, PKCE S256, nonce, state): discovery, authorization (a 302 straight to
the redirect URI thanks to auto-approve), code exchange with `id_token_key_type=JWK`, ID-token
validation against the JWKS (authlib.jose, cross-checked with joserfc), userinfo, refresh, and LINE's
revoke (`access_token` form field), after which userinfo must answer 401. Then a CONFIDENTIAL web client
with LINE's settings (LineLoginPlatform's article "Third-party clients",
`Sources/LineLoginPlatform/LineLoginPlatform.docc/ThirdPartyClients.md`): `client_secret_post` for the token
and revocation endpoints, no PKCE, the default HS256 ID token validated with the channel secret (authlib.jose and
authlib.oidc.core's `CodeIDToken`), userinfo, refresh, and revocation through Authlib's own `revoke_token`
with a compliance hook that turns RFC 7009's `token=` into LINE's `access_token=`; Authlib's unhooked
RFC 7009 request is checked to be refused. Then Authlib's default, `client_secret_basic` (RFC 6749 §2.3.1,
which LINE takes too): exchange, refresh and revoke with the secret only in the Authorization header. The emulator runs with
`--config` (a temp file: channel 1234567890 with a secret made for this run; the built-in users).

Standalone: `LINE_LOGIN=/path/to/line-login python test_authlib_client.py`. Prints one
`ok - …` / `not ok - …` line per check and exits 1 if any failed. Codes and tokens are never
printed, only their lengths or booleans.
"""

from __future__ import annotations

import os
import re
import secrets
import sys
import urllib.parse
import warnings

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session, OAuthError

with warnings.catch_warnings():
    # authlib.jose still works in Authlib 1.x but warns that joserfc is its successor.
    warnings.simplefilter("ignore")
    from authlib.jose import JsonWebKey, JsonWebToken
    from authlib.jose.errors import JoseError
    from authlib.oidc.core import CodeIDToken

from joserfc import jwt as rfc_jwt
from joserfc.jwk import KeySet as RfcKeySet

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import Emulator, check, free_port  # noqa: E402

OVERALL_TIMEOUT = 120  # seconds for the whole script
CHANNEL_ID = "1234567890"
CHANNEL_SECRET = secrets.token_hex(16)  # this run's channel secret (32 characters, as LINE's)
BROWN_USER_ID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"


def json_or_empty(response: requests.Response) -> dict:
    try:
        value = response.json()
        return value if isinstance(value, dict) else {}
    except ValueError:
        return {}


def run(emulator: Emulator) -> None:
    base = emulator.base_url
    http = requests.Session()

    # --- discovery -------------------------------------------------------------------------------
    r = http.get(f"{base}/.well-known/openid-configuration", timeout=10)
    meta = json_or_empty(r)
    check(r.status_code == 200 and bool(meta), "discovery: 200 with a JSON document")
    check(meta.get("issuer") == base, "discovery: issuer equals the base URL", f"issuer {meta.get('issuer')!r}")
    for key in ("authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri", "revocation_endpoint"):
        value = meta.get(key, "")
        check(isinstance(value, str) and value.startswith(base + "/"), f"discovery: {key} is on the emulator",
              f"{value!r}")
    check("S256" in meta.get("code_challenge_methods_supported", []), "discovery: PKCE S256 supported")
    check("ES256" in meta.get("id_token_signing_alg_values_supported", []), "discovery: ES256 ID tokens advertised")
    check(meta.get("response_types_supported") == ["code"], "discovery: response_types_supported is [code]")
    check("end_session_endpoint" not in meta, "discovery: no end_session_endpoint (LINE has none)")

    # --- authorization request with PKCE, nonce and state -----------------------------------------
    redirect_uri = f"http://127.0.0.1:{free_port()}/callback"  # nothing listens: redirects are not followed
    client = OAuth2Session(
        client_id=CHANNEL_ID,
        client_secret=None,
        token_endpoint_auth_method="none",  # public client: PKCE instead of the secret
        scope="profile openid",
        redirect_uri=redirect_uri,
        code_challenge_method="S256",
    )
    code_verifier = generate_token(64)
    nonce = generate_token(24)
    auth_url, state = client.create_authorization_url(
        meta["authorization_endpoint"], code_verifier=code_verifier, nonce=nonce)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(auth_url).query)
    check(query.get("code_challenge_method") == ["S256"] and len(query.get("code_challenge", [""])[0]) == 43,
          "authorize URL: Authlib added an S256 code_challenge")
    check(bool(state) and query.get("state") == [state] and query.get("nonce") == [nonce],
          "authorize URL: carries state and nonce")

    r = http.get(auth_url, allow_redirects=False, timeout=10)
    location = r.headers.get("location", "")
    check(r.status_code == 302, "authorize: auto-approve answers 302", f"status {r.status_code}")
    check(location.startswith(redirect_uri + "?"), "authorize: Location is the redirect URI",
          f"location host/path {urllib.parse.urlsplit(location)[1:3]}")
    params = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    code = params.get("code", [""])[0]
    check(len(params.get("code", [])) == 1 and bool(code), "authorize: the redirect carries a code",
          f"code length {len(code)}")
    check(params.get("state") == [state], "authorize: the redirect carries the same state")
    check("error" not in params, "authorize: no error in the redirect",
          f"error {params.get('error')}")
    if not code:
        return

    # --- code exchange -----------------------------------------------------------------------------
    token = client.fetch_token(
        meta["token_endpoint"],
        authorization_response=location,  # Authlib re-checks state against the session's
        state=state,
        code_verifier=code_verifier,
        id_token_key_type="JWK",  # LINE (observed): an ES256 ID token instead of HS256
    )
    access_token = token.get("access_token", "")
    id_token = token.get("id_token", "")
    refresh_token = token.get("refresh_token", "")
    check(bool(access_token), "token: access_token issued", f"length {len(access_token)}")
    check(bool(id_token), "token: id_token issued", f"length {len(id_token)}")
    check(bool(refresh_token), "token: refresh_token issued", f"length {len(refresh_token)}")
    check(str(token.get("token_type", "")).lower() == "bearer", "token: token_type Bearer")
    check(token.get("expires_in") == 2592000, "token: expires_in is 30 days", f"expires_in {token.get('expires_in')}")
    check(set(str(token.get("scope", "")).split()) == {"profile", "openid"}, "token: scope is profile openid",
          f"scope {token.get('scope')!r}")

    # --- ID token validation with the JWKS ---------------------------------------------------------
    r = http.get(meta["jwks_uri"], timeout=10)
    jwks = json_or_empty(r)
    check(r.status_code == 200 and bool(jwks.get("keys")), "jwks: 200 with keys", f"status {r.status_code}")
    check(all(k.get("kty") == "EC" and k.get("crv") == "P-256" and k.get("kid") for k in jwks.get("keys", [])),
          "jwks: every key is a P-256 EC key with a kid")
    check(all("d" not in k for k in jwks.get("keys", [])), "jwks: no private key material published")

    claims_options = {
        "iss": {"essential": True, "value": meta["issuer"]},
        "aud": {"essential": True, "value": CHANNEL_ID},
        "exp": {"essential": True},
        "iat": {"essential": True},
        "sub": {"essential": True},
        "nonce": {"essential": True, "value": nonce},
    }
    sub = ""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        key_set = JsonWebKey.import_key_set(jwks)
        jwt = JsonWebToken(["ES256"])
        try:
            claims = jwt.decode(id_token, key=key_set, claims_options=claims_options)
            claims.validate(leeway=30)
            check(True, "id_token: authlib.jose verifies the ES256 signature and iss, aud, exp, iat, nonce")
            check(claims.header.get("alg") == "ES256", "id_token: header alg is ES256")
            sub = claims.get("sub", "")
            check(bool(re.fullmatch(r"U[0-9a-f]{32}", sub)), "id_token: sub is U + 32 hex")
            check(sub == BROWN_USER_ID, "id_token: sub is the auto-approved user (Brown)")
            check(claims.get("name") == "Brown", "id_token: name claim present (profile scope)")
            amr = claims.get("amr")
            check(amr is None or (isinstance(amr, list) and all(isinstance(m, str) for m in amr)),
                  "id_token: amr, when present, is a list of strings")
        except JoseError as error:
            check(False, "id_token: authlib.jose verifies the ES256 signature and iss, aud, exp, iat, nonce",
                  f"{type(error).__name__}: {error.error}")
        # A client expecting another nonce must reject the token.
        wrong = dict(claims_options, nonce={"essential": True, "value": "not-the-nonce"})
        try:
            jwt.decode(id_token, key=key_set, claims_options=wrong).validate(leeway=30)
            check(False, "id_token: a different expected nonce is rejected")
        except JoseError:
            check(True, "id_token: a different expected nonce is rejected")
        # An HS256-only client must not accept it either (the header says ES256).
        try:
            JsonWebToken(["HS256"]).decode(id_token, key=key_set)
            check(False, "id_token: not accepted by an HS256-only validator")
        except (JoseError, ValueError, TypeError):
            check(True, "id_token: not accepted by an HS256-only validator")

    # Cross-check with joserfc (Authlib's successor JOSE library).
    try:
        decoded = rfc_jwt.decode(id_token, RfcKeySet.import_key_set(jwks), algorithms=["ES256"])
        registry = rfc_jwt.JWTClaimsRegistry(
            leeway=30,
            iss={"essential": True, "value": meta["issuer"]},
            aud={"essential": True, "value": CHANNEL_ID},
            exp={"essential": True},
            nonce={"essential": True, "value": nonce},
        )
        registry.validate(decoded.claims)
        check(decoded.claims.get("sub") == sub, "id_token: joserfc agrees (signature, claims, same sub)")
    except Exception as error:  # joserfc raises its own error types
        check(False, "id_token: joserfc agrees (signature, claims, same sub)", f"{type(error).__name__}")

    # --- userinfo ----------------------------------------------------------------------------------
    r = client.get(meta["userinfo_endpoint"], timeout=10)  # Authlib adds the Bearer header
    info = json_or_empty(r)
    check(r.status_code == 200, "userinfo: 200 with the Bearer token", f"status {r.status_code}")
    check(bool(sub) and info.get("sub") == sub, "userinfo: sub equals the ID token's sub")
    check("email" not in info, "userinfo: never returns email")

    # --- refresh -----------------------------------------------------------------------------------
    refreshed = client.refresh_token(meta["token_endpoint"], refresh_token=refresh_token)
    new_access = refreshed.get("access_token", "")
    check(bool(new_access), "refresh: a new access_token is issued", f"length {len(new_access)}")
    check(new_access != access_token, "refresh: the access token changed")
    check(bool(refreshed.get("refresh_token")), "refresh: a refresh_token is present (same or rotated)")
    check("id_token" not in refreshed, "refresh: no id_token in the refresh response (LINE keeps the login's ID token)")
    r = requests.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {new_access}"}, timeout=10)
    check(r.status_code == 200 and json_or_empty(r).get("sub") == sub, "refresh: userinfo works with the new token",
          f"status {r.status_code}")
    r = requests.get(f"{base}/oauth2/v2.1/verify", params={"access_token": new_access}, timeout=10)
    verify = json_or_empty(r)
    check(r.status_code == 200 and verify.get("client_id") == CHANNEL_ID and int(verify.get("expires_in", 0)) > 0,
          "verify: the new access token verifies for channel 1234567890", f"status {r.status_code}")

    # --- LINE's revoke (access_token, not RFC 7009's token) ----------------------------------------
    r = requests.post(meta.get("revocation_endpoint") or f"{base}/oauth2/v2.1/revoke",
                      data={"access_token": new_access, "client_id": CHANNEL_ID}, timeout=10)
    check(r.status_code == 200, "revoke: 200", f"status {r.status_code}")
    check(r.content == b"", "revoke: empty body", f"{len(r.content)} bytes")
    r = requests.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {new_access}"}, timeout=10)
    check(r.status_code == 401, "revoke: userinfo then answers 401", f"status {r.status_code}")
    r = requests.get(f"{base}/oauth2/v2.1/verify", params={"access_token": new_access}, timeout=10)
    check(r.status_code == 400 and json_or_empty(r).get("error") == "invalid_request",
          "revoke: verify then answers 400 invalid_request", f"status {r.status_code}")


def line_revoke_hook(url: str, headers: dict, body: str) -> tuple[str, dict, str]:
    """Authlib compliance hook (`revoke_token_request`): RFC 7009's `token=` + `token_type_hint=` becomes
    LINE's `access_token=` (or `refresh_token=`). Client authentication is added after the hooks."""
    fields = dict(urllib.parse.parse_qsl(body))
    hint = fields.pop("token_type_hint", "access_token")
    fields[hint if hint in ("access_token", "refresh_token") else "access_token"] = fields.pop("token", "")
    return url, headers, urllib.parse.urlencode(fields)


def line_session(redirect_uri: str) -> OAuth2Session:
    """A confidential Authlib client with LINE's settings (the article's snippet)."""
    session = OAuth2Session(
        client_id=CHANNEL_ID,
        client_secret=CHANNEL_SECRET,
        token_endpoint_auth_method="client_secret_post",       # LINE reads the secret from the body
        revocation_endpoint_auth_method="client_secret_post",  # Authlib's default would be HTTP Basic
        scope="profile openid",
        redirect_uri=redirect_uri,
    )
    session.register_compliance_hook("revoke_token_request", line_revoke_hook)
    return session


def authorize(session: OAuth2Session, url: str, redirect_uri: str, label: str) -> tuple[str, str, str]:
    """Authorization with state and nonce (no PKCE); returns (location, state, nonce)."""
    nonce = generate_token(24)
    auth_url, state = session.create_authorization_url(url, nonce=nonce)
    r = requests.get(auth_url, allow_redirects=False, timeout=10)
    location = r.headers.get("location", "")
    params = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    check(r.status_code == 302 and location.startswith(redirect_uri + "?") and bool(params.get("code"))
          and params.get("state") == [state], f"{label}: authorize answers 302 with a code and the state",
          f"status {r.status_code}")
    return location, state, nonce


def run_confidential(emulator: Emulator) -> None:
    base = emulator.base_url
    meta = json_or_empty(requests.get(f"{base}/.well-known/openid-configuration", timeout=10))
    redirect_uri = f"http://127.0.0.1:{free_port()}/callback"
    label = "confidential"
    session = line_session(redirect_uri)

    # --- authorization code, no PKCE: the channel secret (in the body) is what authenticates -------------
    location, state, nonce = authorize(session, meta["authorization_endpoint"], redirect_uri, label)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    check("code_challenge" not in query, f"{label}: no PKCE in this flow")
    token = session.fetch_token(meta["token_endpoint"], authorization_response=location, state=state)
    access_token = token.get("access_token", "")
    id_token = token.get("id_token", "")
    check(bool(access_token) and bool(id_token) and bool(token.get("refresh_token")),
          f"{label}: token (client_secret_post): access_token, id_token and refresh_token issued",
          f"lengths {len(access_token)}, {len(id_token)}")

    # --- the web channel's default ID token: HS256 keyed with the channel secret ---------------------------
    sub = ""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            claims = JsonWebToken(["HS256"]).decode(
                id_token, key=CHANNEL_SECRET.encode(), claims_cls=CodeIDToken,
                claims_options={"iss": {"essential": True, "value": meta["issuer"]}},
                claims_params={"nonce": nonce, "client_id": CHANNEL_ID})
            claims.validate(leeway=30)
            check(claims.header.get("alg") == "HS256" and "kid" not in claims.header,
                  f"{label}: id_token: HS256 without kid, validated with the channel secret (CodeIDToken: iss, aud, exp, nonce)")
            sub = claims.get("sub", "")
            check(sub == BROWN_USER_ID, f"{label}: id_token: sub is Brown's")
        except JoseError as error:
            check(False, f"{label}: id_token: HS256 without kid, validated with the channel secret (CodeIDToken: iss, aud, exp, nonce)",
                  f"{type(error).__name__}: {error.error}")
        try:
            JsonWebToken(["HS256"]).decode(id_token, key=secrets.token_hex(16).encode())
            check(False, f"{label}: id_token: refused under another secret")
        except JoseError:
            check(True, f"{label}: id_token: refused under another secret")

    # --- userinfo, refresh ---------------------------------------------------------------------------------
    r = session.get(meta["userinfo_endpoint"], timeout=10)
    check(r.status_code == 200 and bool(sub) and json_or_empty(r).get("sub") == sub,
          f"{label}: userinfo: the ID token's sub", f"status {r.status_code}")
    refreshed = session.refresh_token(meta["token_endpoint"])  # client_secret_post, the stored refresh token
    new_access = refreshed.get("access_token", "")
    check(bool(new_access) and new_access != access_token and "id_token" not in refreshed,
          f"{label}: refresh (client_secret_post): a new access token, no id_token", f"length {len(new_access)}")
    r = session.get(meta["userinfo_endpoint"], timeout=10)
    check(r.status_code == 200, f"{label}: userinfo with the refreshed token", f"status {r.status_code}")

    # --- revocation: Authlib's RFC 7009 request is refused; with the hook it is LINE's -------------------
    plain = OAuth2Session(client_id=CHANNEL_ID, client_secret=CHANNEL_SECRET,
                          token_endpoint_auth_method="client_secret_post",
                          revocation_endpoint_auth_method="client_secret_post")
    r = plain.revoke_token(meta["revocation_endpoint"], token=new_access, token_type_hint="access_token")
    check(r.status_code == 400 and json_or_empty(r).get("error") == "invalid_request",
          f"{label}: revoke without the hook (RFC 7009 token=): 400 invalid_request", f"status {r.status_code}")
    r = requests.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {new_access}"}, timeout=10)
    check(r.status_code == 200, f"{label}: ... and the token still works", f"status {r.status_code}")
    r = session.revoke_token(meta["revocation_endpoint"], token=new_access, token_type_hint="access_token")
    check(r.status_code == 200 and r.content == b"",
          f"{label}: revoke with the hook (access_token=, client_id, client_secret in the body): 200, empty body",
          f"status {r.status_code}")
    r = requests.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {new_access}"}, timeout=10)
    check(r.status_code == 401, f"{label}: revoke: userinfo then answers 401", f"status {r.status_code}")

    # --- Authlib's default with a secret: client_secret_basic (RFC 6749 §2.3.1), which LINE takes too -------
    basic = OAuth2Session(client_id=CHANNEL_ID, client_secret=CHANNEL_SECRET, scope="profile openid",
                          redirect_uri=redirect_uri)
    basic.register_compliance_hook("revoke_token_request", line_revoke_hook)
    check(basic.token_endpoint_auth_method == "client_secret_basic",
          "client_secret_basic: Authlib's default for a client with a secret")
    location, state, _ = authorize(basic, meta["authorization_endpoint"], redirect_uri, "client_secret_basic")
    try:
        token = basic.fetch_token(meta["token_endpoint"], authorization_response=location, state=state)
        check(bool(token.get("access_token")) and bool(token.get("id_token")),
              "client_secret_basic: the code exchange succeeds (no PKCE: the secret in the header authenticates)")
        refreshed = basic.refresh_token(meta["token_endpoint"])
        basic_access = refreshed.get("access_token", "")
        check(bool(basic_access) and basic_access != token.get("access_token"),
              "client_secret_basic: the refresh succeeds", f"length {len(basic_access)}")
        r = basic.revoke_token(meta["revocation_endpoint"], token=basic_access, token_type_hint="access_token")
        check(r.status_code == 200, "client_secret_basic: revoke (Authlib's default Basic, the hook's access_token=): 200",
              f"status {r.status_code}")
        r = requests.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {basic_access}"}, timeout=10)
        check(r.status_code == 401, "client_secret_basic: userinfo then answers 401", f"status {r.status_code}")
    except OAuthError as error:
        check(False, "client_secret_basic: exchange, refresh and revoke succeed", f"{error.error}: {error.description}")


def main() -> int:
    config_path = peerkit.emulator_config("authlib-peer-", channelID=CHANNEL_ID, channelSecret=CHANNEL_SECRET)
    emulator = Emulator(peerkit.line_login_binary(), ["--config", config_path, "--auto-approve", "brown@example.com"])
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            emulator.start()
            check(True, f"emulator (--config, --auto-approve brown@example.com) answers discovery on port {emulator.port}")
            peerkit.guarded("the flow ran without an exception", run, emulator, traceback_limit=4, detail_chars=200)
            peerkit.guarded("the confidential flow ran without an exception", run_confidential, emulator,
                            traceback_limit=4, detail_chars=200)
    finally:
        peerkit.check_sigterm_exit(emulator.stop(), "emulator")
        os.unlink(config_path)
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
