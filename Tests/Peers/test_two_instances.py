#!/usr/bin/env python3
"""Test peer: two instances of one site behind one database, as a load balancer would spread them.

Starts one emulator (`line-login emulator --config … --auto-approve brown@example.com`) and two example-site
processes (A and B) on different ports with the same channel secret, the same cookie key and the same
PostgreSQL database ($LINE_LOGIN_POSTGRES_URL, handed to A in `$LINE_POSTGRES_URL` and to B in a 0600 file for
`--postgres-url-file`, so that neither command line shows the password), then checks, with `requests` only:

1. a nonce A issued is consumed by B (B accepts an ID token carrying it), and the replay on A is refused;
2. 1,000 concurrent presentations of one ID token, spread over A and B, succeed exactly once;
3. a web login on A is a session on B, and a logout on A ends it on B too (the old cookie is refused).

Without LINE_LOGIN_POSTGRES_URL it says so and skips; under CI=true that is a failure (.ci/run starts a
database). Standalone: `LINE_LOGIN=… LINE_LOGIN_POSTGRES_URL=postgres://… python test_two_instances.py`.
Tokens, codes, nonces and secrets are never printed.
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import requests

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402
from peerkit import Emulator, check  # noqa: E402

OVERALL_TIMEOUT = 240
CHANNEL_ID = "1234567890"
REDIRECT = "http://127.0.0.1:9/callback"  # the emulator redirects there; nothing needs to listen


def id_token_with_nonce(emulator: Emulator, secret: str, nonce: str) -> str:
    """Signs Brown in on the auto-approving emulator with `nonce` and returns the (HS256) ID token."""
    params = {"response_type": "code", "client_id": CHANNEL_ID, "redirect_uri": REDIRECT, "state": secrets.token_urlsafe(12),
              "scope": "openid profile", "nonce": nonce}
    r = requests.get(f"{emulator.base_url}/oauth2/v2.1/authorize", params=params, allow_redirects=False, timeout=10)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(r.headers["Location"]).query)["code"][0]
    t = requests.post(f"{emulator.base_url}/oauth2/v2.1/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "client_id": CHANNEL_ID,
        "client_secret": secret}, timeout=10)
    return t.json()["id_token"]


def nonce_across_instances(emulator: Emulator, a: peerkit.Server, b: peerkit.Server, secret: str) -> None:
    r = requests.post(f"{a.base_url}/api/nonce", timeout=10)
    check(r.status_code == 200 and bool(r.json().get("nonce")), "A issues a nonce", f"status {r.status_code}")
    token = id_token_with_nonce(emulator, secret, r.json()["nonce"])
    on_b = requests.post(f"{b.base_url}/api/session", json={"id_token": token}, timeout=10)
    check(on_b.status_code == 200 and on_b.json().get("displayName") == "Brown",
          "B accepts an ID token whose nonce A issued (one nonce store for both)", f"status {on_b.status_code}")
    replay = requests.post(f"{a.base_url}/api/session", json={"id_token": token}, timeout=10)
    check(replay.status_code == 401 and replay.json().get("reason") == "nonce_not_issued",
          "the replay on A is refused: B consumed the nonce", f"status {replay.status_code}, reason {replay.json().get('reason')}")


def one_nonce_many_presentations(emulator: Emulator, a: peerkit.Server, b: peerkit.Server, secret: str) -> None:
    nonce = requests.post(f"{b.base_url}/api/nonce", timeout=10).json()["nonce"]
    token = id_token_with_nonce(emulator, secret, nonce)
    urls = [f"{(a if i % 2 else b).base_url}/api/session" for i in range(1000)]

    def present(url: str) -> int:
        try:
            return requests.post(url, json={"id_token": token}, timeout=60).status_code
        except requests.RequestException:
            return -1

    with ThreadPoolExecutor(max_workers=48) as pool:
        statuses = list(pool.map(present, urls))
    accepted = statuses.count(200)
    check(accepted == 1, "1,000 concurrent presentations of one nonce over A and B: exactly one succeeds",
          f"{accepted} succeeded, {statuses.count(401)} refused, others {len(statuses) - accepted - statuses.count(401)}")
    check(statuses.count(401) == 999, "the other 999 are refused with 401, none fails otherwise")


def logout_across_instances(a: peerkit.Server, b: peerkit.Server) -> None:
    browser = requests.Session()
    r = browser.get(f"{a.base_url}/login", timeout=20)  # A → emulator (auto-approve) → A/callback → /profile
    check(r.status_code == 200 and "Brown" in r.text and urllib.parse.urlsplit(r.url).path == "/profile",
          "a web login on A ends on A's profile page", f"status {r.status_code}, path {urllib.parse.urlsplit(r.url).path}")
    # Cookies are per host, not per port: the session cookie A set goes to B as well.
    cookies = {c.name: c.value for c in browser.cookies}
    check("line_session" in cookies, "A set the session cookie")
    on_b = requests.get(f"{b.base_url}/profile", cookies=cookies, allow_redirects=False, timeout=10)
    check(on_b.status_code == 200 and "Brown" in on_b.text, "B sees the session A began (one session store)",
          f"status {on_b.status_code}")
    out = browser.post(f"{a.base_url}/logout", headers={"Origin": a.base_url}, allow_redirects=False, timeout=10)
    check(out.status_code in (302, 303), "A logs out", f"status {out.status_code}")
    after = requests.get(f"{b.base_url}/profile", cookies=cookies, allow_redirects=False, timeout=10)
    check(after.status_code in (302, 303) and after.headers.get("Location") == "/",
          "after the logout on A, B refuses the old cookie (the session ended everywhere)", f"status {after.status_code}")


def main() -> int:
    url = os.environ.get("LINE_LOGIN_POSTGRES_URL", "")
    if not url:
        if os.environ.get("CI") == "true":
            check(False, "LINE_LOGIN_POSTGRES_URL is set (CI=true requires the two-instance test to run)")
            return peerkit.summary()
        print("ok - skipped: LINE_LOGIN_POSTGRES_URL is not set, so the two-instance test has no database (.ci/run starts one)")
        return 0
    secret = secrets.token_hex(16)
    config_path = peerkit.emulator_config("two-instances-", channelID=CHANNEL_ID, channelSecret=secret)
    binary = peerkit.line_login_binary()
    emulator = Emulator(binary, ["--config", config_path, "--auto-approve", "brown@example.com"])
    env = dict(os.environ, LINE_CHANNEL_SECRET=secret)
    cookie_key = secrets.token_hex(32)
    sites: list[peerkit.Server] = []
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            emulator.start()
            url_file = os.path.join(tempfile.mkdtemp(prefix="two-instances-"), "postgres-url")
            with os.fdopen(os.open(url_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as handle:
                handle.write(url + "\n")
            for name, database, site_env in (("A", [], dict(env, LINE_POSTGRES_URL=url)),
                                             ("B", ["--postgres-url-file", url_file], env)):
                site = peerkit.Server(binary, "example-site", ["--channel-id", CHANNEL_ID, "--platform", emulator.base_url,
                                                               "--cookie-key", cookie_key, *database],
                                      env=site_env, not_ready=f"example site {name} did not answer", grace=10)
                site.start()
                sites.append(site)
                password = urllib.parse.urlsplit(url).password or ""
                with open(f"/proc/{site.proc.pid}/cmdline", "rb") as cmdline:
                    shown = cmdline.read().decode(errors="replace")
                check(not password or password not in shown, f"{name}: the database password is not in the process list")
                check("PostgreSQL" in site.output() and "warning" not in site.output(),
                      f"{name}: uses PostgreSQL without a warning ({'$LINE_POSTGRES_URL' if not database else '--postgres-url-file'})")
            check(sites[0].port != sites[1].port, f"two instances on ports {sites[0].port} and {sites[1].port}, one database")
            a, b = sites
            peerkit.guarded("nonce across instances ran", nonce_across_instances, emulator, a, b, secret)
            peerkit.guarded("1,000 presentations ran", one_nonce_many_presentations, emulator, a, b, secret)
            peerkit.guarded("logout across instances ran", logout_across_instances, a, b)
    finally:
        for site in sites:
            site.stop()
        emulator.stop()
        os.unlink(config_path)
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
