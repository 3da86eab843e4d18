#!/usr/bin/env python3
"""Configures a fresh glewlwyd over its admin REST API and writes env.json for the interop tests.

Called by up.sh once the server answers. Creates:
  - a JWKS with an ES256 (P-256) and an RS256 (2048-bit) private key (joserfc);
  - two OIDC plugin instances, `oidc-es256` and `oidc-rs256`, with the keys in opposite order
    (glewlwyd 2.7.5 signs with the first key of the JWKS; `default-kid` has no effect);
  - scopes `profile` and `email` (`openid` ships with the schema);
  - a user with a password;
  - a public client (PKCE, no secret) and a confidential client (client_secret_basic/post).

Talks to 127.0.0.1 only. The admin password is glewlwyd's packaged default, fine for a test server.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path

import requests
from joserfc.jwk import ECKey, RSAKey

ADMIN = {"username": "admin", "password": "password"}
USER = {"username": "alice", "password": "alice-password-1", "name": "Alice Example", "email": "alice@example.com"}
PUBLIC_CLIENT = "swift-public"
CONFIDENTIAL_CLIENT = "swift-confidential"
SCOPES = ["openid", "profile", "email"]
# Registered callbacks: one the Swift tests use (nothing listens there; the headless browser only
# reads the 302), one each for the CLI peer's loopback listener.
CALLBACK_PORTS = [4594, 4595, 4596]
PLUGINS = {"oidc-es256": "ES256", "oidc-rs256": "RS256"}


def fail(message: str, response: requests.Response | None = None) -> None:
    detail = f" (HTTP {response.status_code}: {response.text[:300]})" if response is not None else ""
    print(f"configure.py: {message}{detail}", file=sys.stderr)
    sys.exit(1)


def expect_ok(response: requests.Response, what: str) -> None:
    if response.status_code != 200:
        fail(what, response)


def make_keys() -> dict[str, dict]:
    ec = ECKey.generate_key("P-256", parameters={"kid": "es256-key", "alg": "ES256", "use": "sig"}, private=True)
    rsa = RSAKey.generate_key(2048, parameters={"kid": "rs256-key", "alg": "RS256", "use": "sig"}, private=True)
    return {"ES256": ec.as_dict(private=True), "RS256": rsa.as_dict(private=True)}


def plugin_parameters(defaults: dict, issuer: str, jwks: dict) -> dict:
    parameters = dict(defaults)
    parameters.update({
        "iss": issuer,
        "jwks-private": json.dumps(jwks),
        "jwt-type": "ec" if jwks["keys"][0]["kty"] == "EC" else "rsa",
        "jwt-key-size": "256",
        "secret-type": "public",
        "allowed-scope": SCOPES,
        "name-claim": "mandatory",
        "email-claim": "mandatory",
        "pkce-allowed": True,
        "pkce-method-plain-allowed": False,
        "introspection-revocation-allowed": True,
        "introspection-revocation-auth-scope": ["openid"],
        "introspection-revocation-allow-target-client": True,
        "auth-type-code-revoke-replayed": True,
        "auth-type-client-enabled": False,
        "auth-type-token-enabled": False,
        # RFC 8628, for `line-login oauth login --device`.
        "auth-type-device-enabled": True,
        "service-documentation": "",
    })
    return parameters


def main() -> None:
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--base", required=True, help="http://127.0.0.1:PORT")
    arguments.add_argument("--state", required=True, help="directory for env.json")
    options = arguments.parse_args()
    base = options.base.rstrip("/")
    state = Path(options.state)
    defaults = json.loads((Path(__file__).parent / "oidc-plugin-defaults.json").read_text())

    admin = requests.Session()
    expect_ok(admin.post(f"{base}/api/auth/", json=ADMIN, timeout=10), "admin login failed")

    keys = make_keys()
    issuers = {}
    for name, algorithm in PLUGINS.items():
        other = "RS256" if algorithm == "ES256" else "ES256"
        jwks = {"keys": [keys[algorithm], keys[other]]}
        issuer = f"{base}/api/{name}"
        body = {
            "module": "oidc", "name": name, "display_name": f"OpenID Connect ({algorithm})",
            "parameters": plugin_parameters(defaults, issuer, jwks), "enabled": True,
        }
        response = admin.post(f"{base}/api/mod/plugin/", json=body, timeout=30)
        if response.status_code != 200:
            # A half-created instance blocks a retry under the same name.
            admin.delete(f"{base}/api/mod/plugin/{name}", timeout=10)
            response = admin.post(f"{base}/api/mod/plugin/", json=body, timeout=30)
        expect_ok(response, f"creating plugin {name} failed")
        issuers[algorithm] = {"issuer": issuer, "plugin": name, "algorithm": algorithm, "kid": keys[algorithm]["kid"]}

    for scope in ("profile", "email"):
        body = {"name": scope, "display_name": scope, "description": f"OpenID Connect {scope} claims",
                "password_required": True, "password_max_age": 0, "scheme": {}}
        expect_ok(admin.post(f"{base}/api/scope/", json=body, timeout=10), f"creating scope {scope} failed")

    user = {"username": USER["username"], "password": USER["password"], "name": USER["name"],
            "email": USER["email"], "enabled": True,
            # g_profile lets the user's session grant scopes to clients (PUT /api/auth/grant/…).
            "scope": SCOPES + ["g_profile"]}
    expect_ok(admin.post(f"{base}/api/user/", json=user, timeout=10), "creating the user failed")

    redirect_uris = [f"http://127.0.0.1:{port}/callback" for port in CALLBACK_PORTS]
    public = {"client_id": PUBLIC_CLIENT, "name": "Swift public client", "enabled": True, "confidential": False,
              "redirect_uri": redirect_uris, "authorization_type": ["code", "refresh_token", "device_authorization"],
              "scope": [], "token_endpoint_auth_method": ["none"]}
    expect_ok(admin.post(f"{base}/api/client/", json=public, timeout=10), "creating the public client failed")
    secret = secrets.token_urlsafe(24)
    confidential = {"client_id": CONFIDENTIAL_CLIENT, "name": "Swift confidential client", "enabled": True,
                    "confidential": True, "password": secret, "redirect_uri": redirect_uris,
                    "authorization_type": ["code", "refresh_token"], "scope": [],
                    "token_endpoint_auth_method": ["client_secret_basic", "client_secret_post"]}
    expect_ok(admin.post(f"{base}/api/client/", json=confidential, timeout=10), "creating the confidential client failed")

    env = {
        "baseURL": base,
        "adminURL": f"{base}/api/",
        "admin": ADMIN,
        "issuers": [issuers["ES256"], issuers["RS256"]],
        "user": {"username": USER["username"], "password": USER["password"], "name": USER["name"], "email": USER["email"]},
        "scopes": SCOPES,
        "redirectURIs": redirect_uris,
        "publicClient": {"clientID": PUBLIC_CLIENT},
        "confidentialClient": {"clientID": CONFIDENTIAL_CLIENT, "clientSecret": secret,
                               "authMethods": ["client_secret_basic", "client_secret_post"]},
    }
    path = state / "env.json"
    path.write_text(json.dumps(env, indent=2) + "\n")
    path.chmod(0o600)


if __name__ == "__main__":
    main()
