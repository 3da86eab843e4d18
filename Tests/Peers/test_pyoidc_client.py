#!/usr/bin/env python3
"""Test peer: pyoidc (PyPI `oic`, an OpenID-certified Python relying party no one here wrote) against the
emulator, as a CONFIDENTIAL web client with the settings LINE needs (LineLoginPlatform's article
"Third-party clients", `Sources/LineLoginPlatform/LineLoginPlatform.docc/ThirdPartyClients.md`).

Runs `$LINE_LOGIN emulator --config <temp file> --auto-approve brown@example.com` (the config defines channel
1234567890 with a channel secret made for this run), then with `oic.oic.Client`:

- discovery (`provider_config`: issuer, endpoints, the JWKS into pyoidc's key jar);
- two full flows, each: authorization with state and nonce (a 302 straight to the redirect URI thanks to
  auto-approve), code exchange with `client_secret_post`, the ID token verified by pyoidc itself,
  userinfo, LINE's refresh, LINE's revoke (`access_token=` + `client_id` + `client_secret`, built by pyoidc
  with its `client_secret_post` authentication), then userinfo answers 401:
  1. the classic web login: no PKCE, so the secret is what authenticates; the default HS256 ID token,
     verified with the channel secret;
  2. PKCE (pyoidc's `add_code_challenge`) and `id_token_key_type=JWK` as an extra token-request argument:
     an ES256 ID token, verified with the JWKS;
- what a generic client gets without those settings: pyoidc's default `client_secret_basic` works for the
  code exchange and the refresh (RFC 6749 §2.3.1, as LINE takes it), also with the same `client_id` in the
  body, while the secret given both ways is 400 `invalid_request`;
  a client expecting ES256 (what discovery advertises) without `id_token_key_type=JWK` (pyoidc rejects
  the HS256 token), pyoidc's default userinfo request (POST, token in the body: 401 `invalid_token`),
  a wrong secret, a wrong nonce.

Standalone: `LINE_LOGIN=/path/to/line-login python test_pyoidc_client.py`. Prints one `ok - …` /
`not ok - …` line per check and exits 1 if any failed. Codes, tokens and the secret are never printed,
only lengths or booleans.
"""

from __future__ import annotations

import base64
import logging
import os
import secrets
import sys
import urllib.parse

import requests
from oic import rndstr
from oic.exception import ParameterError
from oic.oauth2.message import SINGLE_OPTIONAL_STRING, SINGLE_REQUIRED_STRING, Message, WrongSigningAlgorithm
from oic.oic import Client
from oic.oic.message import AuthorizationResponse, IdToken, OpenIDSchema, RegistrationResponse
from oic.utils.authn.client import CLIENT_AUTHN_METHOD
from oic.utils.keyio import KeyJar
from oic.utils.settings import OicClientSettings

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import Emulator, check, free_port  # noqa: E402

OVERALL_TIMEOUT = 120  # seconds for the whole script
CHANNEL_ID = "1234567890"
CHANNEL_SECRET = secrets.token_hex(16)  # this run's channel secret (32 characters, as LINE's)
BROWN_USER_ID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"

# pyoidc logs through `logging` (an ERROR line "Issuer "1234567890" not in keyjar" while it looks for an
# HS256 key under the client ID, before it finds the secret); failures reach the test as exceptions.
logging.getLogger("oic").addHandler(logging.NullHandler())
logging.getLogger("oic").propagate = False


class LineRevokeRequest(Message):
    """LINE's revocation request: `access_token` (not RFC 7009's `token`), `client_id`, `client_secret`.
    pyoidc has no revocation request of its own; its `client_secret_post` adds the client's fields."""
    c_param = {
        "access_token": SINGLE_REQUIRED_STRING,
        "client_id": SINGLE_REQUIRED_STRING,
        "client_secret": SINGLE_OPTIONAL_STRING,
    }


def line_client(issuer: str, redirect_uri: str, *, id_token_alg: str, auth_method: str = "client_secret_post",
                secret: str = CHANNEL_SECRET) -> Client:
    """A pyoidc client with LINE's settings (the article's snippet)."""
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD, settings=OicClientSettings(timeout=10))
    client.provider_config(issuer)  # GET {issuer}/.well-known/openid-configuration, then the JWKS
    client.store_registration_info(RegistrationResponse(
        client_id=CHANNEL_ID,
        client_secret=secret,  # also pyoidc's HS256 key for ID tokens
        redirect_uris=[redirect_uri],
        token_endpoint_auth_method=auth_method,  # LINE: the secret in the body
        id_token_signed_response_alg=id_token_alg,  # HS256 (default) or ES256 (with id_token_key_type=JWK)
    ))
    return client


def authorize(client: Client, redirect_uri: str, label: str, *, pkce: bool = False) -> dict:
    """Authorization request with state and nonce (and PKCE); returns state, nonce, code_verifier and the
    parsed response. The redirect is not followed: nothing listens on the redirect URI."""
    state, nonce = rndstr(32), rndstr(32)  # rndstr: letters and digits, LINE's unreserved characters
    args = {"response_type": "code", "scope": ["openid", "profile"], "redirect_uri": redirect_uri,
            "state": state, "nonce": nonce}
    code_verifier = None
    if pkce:
        challenge, code_verifier = client.add_code_challenge()  # S256, a 64-character verifier
        args.update(challenge)
    url = client.construct_AuthorizationRequest(request_args=args).request(client.authorization_endpoint)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    check(query.get("state") == [state] and query.get("nonce") == [nonce] and query.get("client_id") == [CHANNEL_ID],
          f"{label}: the authorize URL carries client_id, state and nonce")
    if pkce:
        check(query.get("code_challenge_method") == ["S256"] and len(query.get("code_challenge", [""])[0]) == 43,
              f"{label}: the authorize URL carries pyoidc's S256 code_challenge")
    r = client.http_request(url, "GET", allow_redirects=False)
    location = r.headers.get("location", "")
    check(r.status_code == 302 and location.startswith(redirect_uri + "?"),
          f"{label}: authorize answers 302 to the redirect URI (auto-approve)",
          f"status {r.status_code}, location host/path {urllib.parse.urlsplit(location)[1:3]}")
    response = client.parse_response(AuthorizationResponse, info=location, sformat="urlencoded")
    ok = isinstance(response, AuthorizationResponse) and bool(response.get("code"))
    check(ok, f"{label}: pyoidc parses an AuthorizationResponse with a code",
          f"{type(response).__name__}, code length {len(str(response.get('code', '')))}")
    # pyoidc leaves the state comparison to the application.
    check(response.get("state") == state, f"{label}: the response's state is the one sent")
    return {"state": state, "nonce": nonce, "code_verifier": code_verifier, "ok": ok}


def status_of_userinfo(client: Client, access_token: str) -> int:
    r = client.http_request(client.provider_info["userinfo_endpoint"], "GET",
                            headers={"Authorization": f"Bearer {access_token}"})
    return r.status_code


def line_revoke(client: Client, access_token: str, label: str) -> requests.Response:
    """LINE's revoke with pyoidc's own request building and `client_secret_post` (the article's snippet)."""
    url, body, http_args, _ = client.request_info(
        LineRevokeRequest, method="POST", request_args={"access_token": access_token},
        authn_method="client_secret_post", endpoint=client.provider_info["revocation_endpoint"])
    fields = urllib.parse.parse_qs(body)
    check(set(fields) == {"access_token", "client_id", "client_secret"} and fields["client_id"] == [CHANNEL_ID],
          f"{label}: revoke: pyoidc's body has access_token, client_id and client_secret (no RFC 7009 token=)",
          f"fields {sorted(fields)}")
    headers = dict(http_args.get("headers", {}), **{"Content-Type": "application/x-www-form-urlencoded"})
    return client.http_request(url, "POST", data=body, headers=headers)


def full_flow(base: str, label: str, es256: bool) -> None:
    """Authorize, exchange (client_secret_post), ID token verified by pyoidc, userinfo, refresh, revoke."""
    redirect_uri = f"http://127.0.0.1:{free_port()}/callback"
    client = line_client(base, redirect_uri, id_token_alg="ES256" if es256 else "HS256")
    auth = authorize(client, redirect_uri, label, pkce=es256)
    if not auth["ok"]:
        return
    state = auth["state"]

    # --- token exchange: client_secret_post; id_token_key_type=JWK as an extra argument for ES256 --------
    request_args = {"redirect_uri": redirect_uri}
    if auth["code_verifier"]:
        request_args["code_verifier"] = auth["code_verifier"]
    # pyoidc parses the response and verifies the ID token: signature (HS256 with the client secret, or
    # ES256 with the provider's JWKS), the alg registered, iss, aud, exp, and the nonce of this state.
    token = client.do_access_token_request(
        state=state, request_args=request_args, authn_method="client_secret_post",
        extra_args={"id_token_key_type": "JWK"} if es256 else None)
    check(type(token).__name__ == "AccessTokenResponse", f"{label}: token: pyoidc accepts the token response",
          f"{type(token).__name__} {token.get('error', '')} {token.get('error_description', '')}")
    if "access_token" not in token:
        return
    access_token = token["access_token"]
    refresh_token = token.get("refresh_token", "")
    check(bool(access_token) and bool(refresh_token), f"{label}: token: access_token and refresh_token issued",
          f"lengths {len(access_token)}, {len(refresh_token)}")
    check(token.get("expires_in") == 2592000 and str(token.get("token_type", "")).lower() == "bearer",
          f"{label}: token: Bearer, expires_in 30 days")
    id_token = token.get("id_token")
    check(isinstance(id_token, IdToken), f"{label}: id_token: verified and parsed by pyoidc",
          f"{type(id_token).__name__}")
    if not isinstance(id_token, IdToken):
        return
    header = id_token.jws_header
    if es256:
        jwks = client.http_request(client.provider_info["jwks_uri"], "GET").json()
        kids = {key.get("kid") for key in jwks.get("keys", [])}
        check(header.get("alg") == "ES256" and header.get("kid") in kids,
              f"{label}: id_token: ES256, its kid in the JWKS", f"header alg {header.get('alg')}")
        # Verifiable with the JWKS alone (no channel secret): what a backend or another service can do.
        jwks_only = KeyJar()
        jwks_only.import_jwks(jwks, base)
        try:
            IdToken().from_jwt(token["id_token_jwt"], keyjar=jwks_only, sender=base, algs={"sign": "ES256"})
            check(True, f"{label}: id_token: the JWKS alone verifies it (no secret)")
        except Exception as error:
            check(False, f"{label}: id_token: the JWKS alone verifies it (no secret)", type(error).__name__)
    else:
        check(header.get("alg") == "HS256" and "kid" not in header,
              f"{label}: id_token: HS256 without kid (keyed with the channel secret)", f"header alg {header.get('alg')}")
        # The signature really is checked: under another secret pyoidc refuses the same token.
        other = KeyJar()
        other.add_symmetric("", secrets.token_hex(16), ["sig"])
        try:
            IdToken().from_jwt(token["id_token_jwt"], keyjar=other, algs={"sign": "HS256"})
            check(False, f"{label}: id_token: pyoidc refuses it under another channel secret")
        except Exception:
            check(True, f"{label}: id_token: pyoidc refuses it under another channel secret")
    check(id_token.get("iss") == base and id_token.get("aud") == [CHANNEL_ID],
          f"{label}: id_token: iss is the emulator, aud the channel", f"aud {id_token.get('aud')}")
    check(id_token.get("nonce") == auth["nonce"], f"{label}: id_token: the nonce sent")
    sub = id_token.get("sub", "")
    check(sub == BROWN_USER_ID and id_token.get("name") == "Brown", f"{label}: id_token: sub and name are Brown's")

    # --- userinfo: Bearer header (GET), as LINE documents -------------------------------------------
    info = client.do_user_info_request(state=state, method="GET")
    check(isinstance(info, OpenIDSchema) and info.get("sub") == sub,
          f"{label}: userinfo (GET, Bearer): the ID token's sub", f"{type(info).__name__}")
    check(isinstance(info, OpenIDSchema) and "email" not in info, f"{label}: userinfo: no email")

    # --- LINE's refresh (client_secret_post; no id_token in the answer) -----------------------------------
    refreshed = client.do_access_token_refresh(state=state, authn_method="client_secret_post")
    new_access = refreshed.get("access_token", "")
    check(bool(new_access) and new_access != access_token, f"{label}: refresh: a new access token",
          f"{type(refreshed).__name__}, length {len(new_access)}")
    check(bool(refreshed.get("refresh_token")), f"{label}: refresh: a refresh_token comes back (same or rotated)")
    check("id_token" not in refreshed, f"{label}: refresh: no id_token (keep the login's)")
    check(client.get_token(state=state).access_token == new_access, f"{label}: refresh: pyoidc stored the new token")
    info = client.do_user_info_request(state=state, method="GET")
    check(isinstance(info, OpenIDSchema) and info.get("sub") == sub, f"{label}: userinfo with the refreshed token")

    # --- LINE's revoke, then userinfo is 401 --------------------------------------------------------------
    r = line_revoke(client, new_access, label)
    check(r.status_code == 200 and r.content == b"", f"{label}: revoke: 200 with an empty body",
          f"status {r.status_code}, {len(r.content)} bytes")
    check(status_of_userinfo(client, new_access) == 401, f"{label}: revoke: userinfo then answers 401")
    info = client.do_user_info_request(state=state, method="GET")
    check(info.get("error") == "invalid_token", f"{label}: revoke: pyoidc's userinfo then gets invalid_token",
          f"{type(info).__name__}")


def generic_defaults(base: str) -> None:
    """What a generic client gets from LINE's endpoints without the LINE-specific settings."""
    redirect_uri = f"http://127.0.0.1:{free_port()}/callback"

    # pyoidc's default client authentication: HTTP Basic, and no client_id in the body. LINE takes it (RFC 6749
    # §2.3.1; users of Basic-only clients report it works), so the emulator does: exchange and refresh.
    client = line_client(base, redirect_uri, id_token_alg="HS256", auth_method="client_secret_basic")
    auth = authorize(client, redirect_uri, "client_secret_basic")
    if auth["ok"]:
        answer = client.do_access_token_request(state=auth["state"], request_args={"redirect_uri": redirect_uri})
        check(type(answer).__name__ == "AccessTokenResponse" and bool(answer.get("access_token"))
              and bool(answer.get("refresh_token")),
              "client_secret_basic (pyoidc's default): the code exchange succeeds, tokens issued",
              f"{type(answer).__name__} {answer.get('error')} {answer.get('error_description')}")
        refreshed = client.do_access_token_refresh(state=auth["state"], authn_method="client_secret_basic")
        check(type(refreshed).__name__ == "AccessTokenResponse" and bool(refreshed.get("access_token")),
              "client_secret_basic (pyoidc's default): the refresh succeeds on a web-only channel",
              f"{type(refreshed).__name__} {refreshed.get('error')}")

    # Basic with the same client_id in the body too: fine. The secret both ways: invalid_request.
    basic = base64.b64encode(f"{CHANNEL_ID}:{CHANNEL_SECRET}".encode()).decode()
    for label, extra, expected in (("Basic + the same client_id in the body", {"client_id": CHANNEL_ID}, 200),
                                   ("Basic + client_secret in the body too", {"client_secret": CHANNEL_SECRET}, 400)):
        auth = authorize(client, redirect_uri, label)
        if not auth["ok"]:
            continue
        code = client.grant[auth["state"]].code
        r = requests.post(client.provider_info["token_endpoint"], timeout=10,
                          headers={"Authorization": f"Basic {basic}"},
                          data=dict({"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri},
                                    **extra))
        body = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
        good = bool(body.get("access_token")) if expected == 200 else body.get("error") == "invalid_request"
        check(r.status_code == expected and good, f"{label}: {expected}",
              f"status {r.status_code}, {body.get('error')} {body.get('error_description')}")

    # The right method with a wrong secret.
    wrong = line_client(base, redirect_uri, id_token_alg="HS256", secret=secrets.token_hex(16))
    auth = authorize(wrong, redirect_uri, "wrong secret")
    if auth["ok"]:
        answer = wrong.do_access_token_request(state=auth["state"], request_args={"redirect_uri": redirect_uri},
                                               authn_method="client_secret_post")
        check(answer.get("error") == "invalid_client", "client_secret_post with a wrong secret: invalid_client",
              f"{type(answer).__name__} {answer.get('error')}")

    # A client that trusts discovery (ES256 only) but does not send id_token_key_type=JWK: the web channel's
    # ID token is HS256, which the JWKS can't verify. (pyoidc itself, holding the client secret, would still
    # accept it: it does not hold token responses to the registered id_token_signed_response_alg.)
    client = line_client(base, redirect_uri, id_token_alg="ES256")
    auth = authorize(client, redirect_uri, "no id_token_key_type")
    if auth["ok"]:
        token = client.do_access_token_request(state=auth["state"], request_args={"redirect_uri": redirect_uri},
                                               authn_method="client_secret_post")
        id_token = token.get("id_token")
        check(isinstance(id_token, IdToken) and id_token.jws_header.get("alg") == "HS256",
              "no id_token_key_type=JWK: the web channel's ID token is HS256", f"{type(id_token).__name__}")
        jwks_only = KeyJar()
        jwks_only.import_jwks(client.http_request(client.provider_info["jwks_uri"], "GET").json(), base)
        try:
            IdToken().from_jwt(token["id_token_jwt"], keyjar=jwks_only, sender=base)
            check(False, "no id_token_key_type=JWK: the JWKS alone can't verify it")
        except Exception as error:  # jwkest's NoSuitableSigningKeys: no key for HS256 in a JWKS
            check(type(error).__name__ == "NoSuitableSigningKeys", "no id_token_key_type=JWK: the JWKS alone can't verify it",
                  type(error).__name__)
        try:
            IdToken().from_jwt(token["id_token_jwt"], keyjar=client.keyjar, algs={"sign": "ES256"})
            check(False, "no id_token_key_type=JWK: a client holding it to ES256 refuses it")
        except WrongSigningAlgorithm:
            check(True, "no id_token_key_type=JWK: a client holding it to ES256 refuses it")

    # pyoidc checks the nonce against the one it sent with this state.
    client = line_client(base, redirect_uri, id_token_alg="HS256")
    auth = authorize(client, redirect_uri, "nonce")
    if auth["ok"]:
        client.state2nonce[auth["state"]] = rndstr(32)
        try:
            client.do_access_token_request(state=auth["state"], request_args={"redirect_uri": redirect_uri},
                                           authn_method="client_secret_post")
            check(False, "nonce: pyoidc rejects an ID token with another nonce")
        except ParameterError:
            check(True, "nonce: pyoidc rejects an ID token with another nonce")

        # pyoidc's default userinfo request is a POST with the token in the body; LINE wants the header.
        token = client.get_token(state=auth["state"])
        if token is not None and token.access_token:
            info = client.do_user_info_request(state=auth["state"])
            check(info.get("error") == "invalid_token",
                  "userinfo, pyoidc's default (POST, token in the body): invalid_token; use GET (Bearer header)",
                  f"{type(info).__name__} {info.get('error')}")


def discovery(base: str) -> None:
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD, settings=OicClientSettings(timeout=10))
    info = client.provider_config(base)
    check(info.get("issuer") == base, "discovery: pyoidc accepts the issuer (the emulator's base URL)")
    for key in ("authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri", "revocation_endpoint"):
        check(str(info.get(key, "")).startswith(base + "/"), f"discovery: {key} is on the emulator")
    check(info.get("id_token_signing_alg_values_supported") == ["ES256"],
          "discovery: only ES256 advertised (the web channel's default ID token is HS256 all the same)")
    raw = client.http_request(f"{base}/.well-known/openid-configuration", "GET").json()
    check("token_endpoint_auth_methods_supported" not in raw,
          "discovery: the document has no token_endpoint_auth_methods_supported (as LINE's)")
    check(info.get("token_endpoint_auth_methods_supported") == ["client_secret_basic"],
          "discovery: so pyoidc assumes the RFC default, client_secret_basic",
          f"{info.get('token_endpoint_auth_methods_supported')}")
    keys = client.keyjar.get_verify_key(owner=base)
    check(bool(keys) and all(key.kty == "EC" for key in keys), "discovery: pyoidc loaded the JWKS (EC keys)",
          f"{len(keys)} keys")


def main() -> int:
    # A web-only channel: the secret on every token, refresh and revoke call, as LINE requires of one.
    config_path = peerkit.emulator_config("pyoidc-peer-", channelID=CHANNEL_ID, channelSecret=CHANNEL_SECRET, webOnly=True)
    emulator = Emulator(peerkit.line_login_binary(), ["--config", config_path, "--auto-approve", "brown@example.com"])
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            emulator.start()
            check(True, f"emulator (--config, --auto-approve brown@example.com) answers discovery on port {emulator.port}")
            check(CHANNEL_SECRET not in emulator.output(), "emulator: the secret from the config file is not printed")
            base = emulator.base_url
            peerkit.guarded("discovery ran without an exception", discovery, base, traceback_limit=4, detail_chars=200)
            peerkit.guarded("HS256 flow ran without an exception", full_flow, base, "HS256", False,
                            traceback_limit=4, detail_chars=200)
            peerkit.guarded("ES256 flow ran without an exception", full_flow, base, "ES256 (JWK, PKCE)", True,
                            traceback_limit=4, detail_chars=200)
            peerkit.guarded("generic-default checks ran without an exception", generic_defaults, base,
                            traceback_limit=4, detail_chars=200)
    finally:
        peerkit.check_sigterm_exit(emulator.stop(), "emulator")
        os.unlink(config_path)
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
