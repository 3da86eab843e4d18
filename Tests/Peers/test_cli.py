#!/usr/bin/env python3
"""Test peer: the `line-login` CLI driven as a user (and a script) would, against the emulator.

Runs `$LINE_LOGIN demo`, then `$LINE_LOGIN emulator --auto-approve brown@example.com --port N` and, with
a temporary `--store-dir` for every session command (never the real home): `login --no-browser --json`
with this script acting as the browser (GET the printed authorization URL, follow the 302 to the CLI's
loopback listener by hand), `status`, `profile`, `token show [--reveal] | verify | refresh | revoke`,
`logout`, `verify-id-token` (issuer discovery, a JWKS file, stdin mode, nonce/aud/exp/signature
failures, usage errors), usage errors of `login` and `status`, `profile` with the emulator gone, and `login
--platform-issuer` against `emulator --issuer https://access.line.me`.
Checks the documented exit codes (0 ok, 1 check failed, 2 usage, 3 not logged in, 4 network, 5 login
failed) and that no token ever appears on stderr, nor on stdout unless `token show --reveal`.

Standalone: `LINE_LOGIN=/path/to/line-login python test_cli.py`. Prints one `ok - …` / `not ok - …`
line per check and exits 1 if any failed. Tokens and codes are never printed, only lengths or booleans.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import requests

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import PACKAGE_ROOT, Emulator, check  # noqa: E402

OVERALL_TIMEOUT = 240  # seconds for the whole script
COMMAND_TIMEOUT = 60  # seconds for one CLI command
CHANNEL_ID = "1234567890"
BROWN_USER_ID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"
URL_PROMPT = "Open this URL in a browser to sign in:"


def first_line(text: str) -> str:
    return text.strip().splitlines()[0][:200] if text.strip() else ""


@dataclass
class Result:
    """One finished CLI command. `stdout`/`stderr` may hold tokens: never print them whole."""
    args: list[str]
    code: int
    stdout: str
    stderr: str
    revealed: bool = False  # `token show --reveal`: tokens on stdout are expected

    def json(self) -> dict:
        try:
            value = json.loads(self.stdout.strip().splitlines()[-1]) if self.stdout.strip() else {}
            return value if isinstance(value, dict) else {}
        except ValueError:
            return {}

    def json_lines(self) -> list[dict]:
        values = []
        for line in self.stdout.splitlines():
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                value = None
            values.append(value if isinstance(value, dict) else {})
        return values

    def label(self) -> str:
        shown = [a if len(a) < 60 else f"<{len(a)} chars>" for a in self.args]
        return " ".join(shown)


@dataclass
class CLI:
    binary: str
    env: dict[str, str]
    results: list[Result] = field(default_factory=list)  # every command, for the token-leak scan

    def run(self, *args: str, stdin: str | None = None, timeout: float = COMMAND_TIMEOUT) -> Result:
        proc = subprocess.Popen(
            [self.binary, *args], env=self.env, cwd=tempfile.gettempdir(),
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        peerkit.track(proc)
        try:
            out, err = proc.communicate(input=stdin, timeout=timeout)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            peerkit.stop_process(proc, term_first=False)
            out, err = proc.communicate()
            code = -999
            err = (err or "") + f"\n[test: timed out after {timeout} s]"
        finally:
            peerkit.untrack(proc)
        result = Result(list(args), code, out or "", err or "",
                        revealed=len(args) >= 2 and args[0] == "token" and args[1] in ("show", "print") and "--reveal" in args)
        self.results.append(result)
        return result


@dataclass
class LoginOutcome:
    result: Result | None
    callback_url: str


def login(cli: CLI, emulator: Emulator, store: str, label: str, platform_args: list[str] | None = None) -> LoginOutcome:
    """`login --no-browser --json`, with this function as the browser. Emits checks prefixed by `label`.
    `platform_args` replace `--platform <emulator>` (None: that flag; []: the remembered platform)."""
    platform = ["--platform", emulator.base_url] if platform_args is None else platform_args
    args = ["login", "--channel-id", CHANNEL_ID, *platform, "--no-browser",
            "--store-dir", store, "--json", "--timeout", "60"]
    proc = subprocess.Popen([cli.binary, *args], env=cli.env, cwd=tempfile.gettempdir(),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peerkit.track(proc)
    stderr_lines: list[str] = []
    lines: queue.Queue[str | None] = queue.Queue()

    def pump_stderr():
        assert proc.stderr is not None
        for line in proc.stderr:
            stderr_lines.append(line)
            lines.put(line)
        lines.put(None)

    pump = threading.Thread(target=pump_stderr, daemon=True)
    pump.start()
    callback_url = ""
    result: Result | None = None
    try:
        # Read stderr until the prompt line, then take the next non-empty line as the URL.
        auth_url = ""
        seen_prompt = False
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not auth_url:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            if URL_PROMPT in line:
                seen_prompt = True
            elif seen_prompt and line.strip():
                auth_url = line.strip()
        check(seen_prompt and auth_url.startswith(emulator.base_url + "/"),
              f"{label}: stderr shows '{URL_PROMPT}' then the emulator's authorization URL",
              f"prompt seen {seen_prompt}, url host/path {urllib.parse.urlsplit(auth_url)[1:3]}")
        if not auth_url:
            return LoginOutcome(None, "")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(auth_url).query)
        redirect_uri = query.get("redirect_uri", [""])[0]
        check(query.get("client_id") == [CHANNEL_ID] and query.get("code_challenge_method") == ["S256"]
              and bool(query.get("state")) and bool(query.get("nonce")),
              f"{label}: the URL carries client_id, PKCE S256, state and nonce")
        check(redirect_uri.startswith("http://127.0.0.1:") and redirect_uri.endswith("/callback"),
              f"{label}: redirect_uri is the loopback listener http://127.0.0.1:<port>/callback",
              f"host/path {urllib.parse.urlsplit(redirect_uri)[1:3]}")

        # The browser: the emulator auto-approves with a 302 to the CLI's listener.
        r = requests.get(auth_url, allow_redirects=False, timeout=10)
        callback_url = r.headers.get("location", "")
        check(r.status_code == 302 and callback_url.startswith(redirect_uri + "?"),
              f"{label}: authorize answers 302 to the CLI's callback",
              f"status {r.status_code}, location host/path {urllib.parse.urlsplit(callback_url)[1:3]}")
        if not callback_url.startswith("http://127.0.0.1:"):
            return LoginOutcome(None, "")
        r = requests.get(callback_url, allow_redirects=False, timeout=10)
        check(r.status_code == 200 and "close this tab" in r.text and "complete" in r.text,
              f"{label}: the CLI's listener answers 200 with a 'complete, you can close this tab' page",
              f"status {r.status_code}, {len(r.text)} chars")

        try:
            proc.wait(timeout=COMMAND_TIMEOUT)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            peerkit.stop_process(proc, term_first=False)
            code = -999
        pump.join(timeout=5)
        assert proc.stdout is not None
        stdout = proc.stdout.read()
        result = Result(args, code, stdout, "".join(stderr_lines))
        cli.results.append(result)
        return LoginOutcome(result, callback_url)
    finally:
        if proc.poll() is None:
            peerkit.stop_process(proc, term_first=False)
        peerkit.untrack(proc)
        if result is None:
            cli.results.append(Result(args, proc.returncode if proc.returncode is not None else -999,
                                      proc.stdout.read() if proc.stdout else "", "".join(stderr_lines)))


def check_login_result(outcome: LoginOutcome, label: str) -> None:
    result = outcome.result
    if result is None:
        check(False, f"{label}: the CLI finished the login")
        return
    out = result.json()
    check(result.code == 0, f"{label}: exit 0", f"exit {result.code}: {first_line(result.stderr)}")
    profile = out.get("profile", {}) if isinstance(out.get("profile"), dict) else {}
    check(profile.get("displayName") == "Brown" and profile.get("userID") == BROWN_USER_ID,
          f"{label}: JSON on stdout has the profile (Brown)", f"profile keys {sorted(profile)}")
    check(set(out.get("permissions", [])) == {"profile", "openid"},
          f"{label}: JSON has permissions profile openid", f"permissions {out.get('permissions')}")
    check("accessToken" not in out and "idTokenRaw" not in out, f"{label}: JSON holds no token value")
    if outcome.callback_url:
        try:
            requests.get(outcome.callback_url, allow_redirects=False, timeout=5)
            closed = False
        except requests.ConnectionError:
            closed = True
        except requests.RequestException:
            closed = False
        check(closed, f"{label}: the loopback listener is closed afterwards (second GET cannot connect)")


def tamper_signature(token: str) -> str:
    """Changes one base64url character in the middle of the signature (not the last, whose low bits are padding)."""
    head, payload, signature = token.split(".")
    i = len(signature) // 2
    replacement = "A" if signature[i] != "A" else "B"
    return ".".join([head, payload, signature[:i] + replacement + signature[i + 1:]])


def collect_store_secrets(store: str, secrets: set[str]) -> None:
    """Adds every long string stored under a key mentioning 'token' in the store's JSON files."""
    def walk(value, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and "token" in key.lower() and len(value) >= 16:
            secrets.add(value)

    for path in Path(store).glob("*.json"):
        try:
            walk(json.loads(path.read_text()))
        except (OSError, ValueError):
            pass


def run(cli: CLI, emulator: Emulator, work: Path) -> None:
    base = emulator.base_url
    secrets: set[str] = set()
    store = str(work / "store")
    empty_store = str(work / "empty-store")
    os.makedirs(empty_store, exist_ok=True)

    # --- 2. login through the loopback listener ------------------------------------------------------
    outcome = login(cli, emulator, store, "login")
    check_login_result(outcome, "login")
    collect_store_secrets(store, secrets)
    check(len(secrets) >= 2, "login: the store dir holds the session (tokens found in its JSON files)",
          f"{len(secrets)} token strings")

    # --- 3. session commands need no --channel-id -------------------------------------------------------
    r = cli.run("status", "--store-dir", store, "--json")
    out = r.json()
    check(r.code == 0 and out.get("loggedIn") is True and out.get("channelID") == CHANNEL_ID and out.get("version") == 1,
          "status --json: exit 0, loggedIn true, channel remembered, version 1", f"exit {r.code}, loggedIn {out.get('loggedIn')}")
    r = cli.run("status", "--store-dir", store)
    check(r.code == 0 and f"channel {CHANNEL_ID}" in r.stdout and f"on {base}" in r.stdout,
          "status (text): exit 0, names the channel and the platform", f"exit {r.code}")
    r = cli.run("logins", "--store-dir", store, "--json")
    entries = r.json().get("logins", [])
    check(r.code == 0 and r.json().get("version") == 1 and len(entries) == 1 and entries[0].get("kind") == "line"
          and entries[0].get("issuer") == base and entries[0].get("clientID") == CHANNEL_ID and entries[0].get("expiresIn", 0) > 0,
          "logins --json: one LINE login, its issuer, channel and expiry", f"exit {r.code}: {entries}")
    r = cli.run("logins", "--store-dir", empty_store)
    check(r.code == 0 and "No stored logins" in r.stdout, "logins with an empty store: says so, exit 0", f"exit {r.code}")
    r = cli.run("status", "--online", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("acceptedByPlatform") is True and r.json().get("platform") == base,
          "status --online --json: exit 0, the platform accepts the token", f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("profile", "--store-dir", store, "--json", "--show-http")
    out = r.json()
    check(r.code == 0 and out.get("displayName") == "Brown" and out.get("userID") == BROWN_USER_ID,
          "profile --json: Brown", f"exit {r.code}, {first_line(r.stderr)}")
    check("http: GET /v2/profile → 200" in r.stderr, "profile --show-http: the exchange on stderr", f"{r.stderr[:200]!r}")
    r = cli.run("token", "show", "--store-dir", store, "--json")
    out = r.json()
    check(r.code == 0 and isinstance(out.get("expiresIn"), int) and out["expiresIn"] > 0,
          "token show --json: exit 0 with expiresIn", f"exit {r.code}, expiresIn {out.get('expiresIn')}")
    check("accessToken" not in out and "idTokenRaw" not in out, "token show --json: no accessToken/idTokenRaw key")
    check(isinstance(out.get("idToken"), dict) and out["idToken"].get("sub") == BROWN_USER_ID,
          "token show --json: the ID token's claims (sub Brown)")
    r = cli.run("token", "show", "--store-dir", store)
    check(r.code == 0 and "expires:" in r.stdout and "(in 29 days)" in r.stdout,
          "token show (text): exit 0 with the expiry as people say it (in 29 days)", f"exit {r.code}: {r.stdout.count(chr(10))} lines")
    r = cli.run("token", "show", "--reveal", "--store-dir", store, "--json")
    out = r.json()
    access1 = out.get("accessToken", "")
    id_token = out.get("idTokenRaw", "")
    check(r.code == 0 and bool(access1) and id_token.count(".") == 2,
          "token show --reveal --json: accessToken and idTokenRaw",
          f"exit {r.code}, accessToken length {len(access1)}, idTokenRaw length {len(id_token)}")
    secrets.update(s for s in (access1, id_token) if s)
    r = cli.run("token", "print", "--reveal", "--store-dir", store)
    check(r.code == 0 and r.stdout == access1 + "\n" and bool(access1),
          "token print --reveal: the bare access token and a newline, for $(…)", f"exit {r.code}")
    r = cli.run("token", "print", "--store-dir", store)
    check(r.code == 2 and r.stdout == "" and "--reveal" in r.stderr, "token print without --reveal: exit 2, nothing printed",
          f"exit {r.code}")
    r = cli.run("token", "verify", "--store-dir", store, "--json")
    out = r.json()
    check(r.code == 0 and out.get("valid") is True and out.get("channelID") == CHANNEL_ID,
          "token verify --json: valid true for the channel", f"exit {r.code}, valid {out.get('valid')}")
    r = cli.run("token", "refresh", "--store-dir", store, "--json")
    check(r.code == 0 and isinstance(r.json().get("expiresIn"), int), "token refresh --json: exit 0",
          f"exit {r.code}: {first_line(r.stderr)}")
    check("accessToken" not in r.json(), "token refresh --json: no accessToken key")
    r = cli.run("token", "show", "--reveal", "--store-dir", store)  # --reveal alone prints JSON too
    out = r.json()
    access2 = out.get("accessToken", "")
    check(r.code == 0 and bool(access2) and access2 != access1,
          "token show --reveal after refresh: a different access token",
          f"exit {r.code}, length {len(access2)}, same {access2 == access1}")
    check(out.get("idTokenRaw") == id_token, "token show --reveal after refresh: the ID token is kept")
    secrets.update(s for s in (access2,) if s)
    collect_store_secrets(store, secrets)
    r = cli.run("token", "verify", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("valid") is True, "token verify after refresh: valid", f"exit {r.code}")
    r = cli.run("token", "verify", "--store-dir", store)
    check(r.code == 0 and r.stdout.startswith(f"Valid: channel {CHANNEL_ID}, permissions ") and "expires in " in r.stdout,
          "token verify (text): Valid, the channel, permissions and remaining life", f"exit {r.code}")

    # --- 4. verify-id-token -----------------------------------------------------------------------------
    if id_token:
        common = ["verify-id-token", "--channel-id", CHANNEL_ID]
        r = cli.run(*common, "--issuer", base, id_token)
        out = r.json()
        claims = out.get("claims", {}) if isinstance(out.get("claims"), dict) else {}
        check(r.code == 0 and out.get("valid") is True and claims.get("sub") == BROWN_USER_ID,
              "verify-id-token --issuer: exit 0, valid true, claims.sub is Brown",
              f"exit {r.code}, valid {out.get('valid')}, error {out.get('error')}")
        check(claims.get("iss") == base and claims.get("aud") == CHANNEL_ID,
              "verify-id-token --issuer: claims iss and aud as expected")
        nonce = claims.get("nonce")
        if isinstance(nonce, str) and nonce:
            r = cli.run(*common, "--issuer", base, f"--nonce={nonce}", id_token)  # = form: a nonce may start with "-"
            check(r.code == 0 and r.json().get("valid") is True, "verify-id-token --nonce <the token's>: valid",
                  f"exit {r.code}")
        r = cli.run(*common, "--issuer", base, "--nonce", "wrong", id_token)
        out = r.json()
        check(r.code == 1 and out.get("valid") is False and out.get("error") == "nonce_mismatch",
              "verify-id-token --nonce wrong: exit 1, nonce_mismatch", f"exit {r.code}, error {out.get('error')}")
        tampered = tamper_signature(id_token)
        r = cli.run(*common, "--issuer", base, tampered)
        out = r.json()
        check(r.code == 1 and out.get("valid") is False and out.get("error") == "invalid_signature"
              and out.get("message") == "the ID token's signature is invalid",
              "verify-id-token with a tampered signature: exit 1, invalid_signature, the reason in words",
              f"exit {r.code}, error {out.get('error')}")
        r = cli.run("verify-id-token", "--channel-id", "999", "--issuer", base, id_token)
        out = r.json()
        check(r.code == 1 and out.get("valid") is False and out.get("error") == "audience_mismatch",
              "verify-id-token --channel-id 999: exit 1, audience_mismatch", f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--issuer", base, "--now", "4102444800", id_token)  # 2100-01-01
        out = r.json()
        check(r.code == 1 and out.get("valid") is False and out.get("error") == "expired",
              "verify-id-token --now 2100-01-01: exit 1, expired", f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--issuer", base, "--expected-issuer", "https://access.line.me", id_token)
        out = r.json()
        check(r.code == 1 and out.get("valid") is False and out.get("error") not in (None, ""),
              "verify-id-token --expected-issuer another: exit 1, invalid", f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--issuer", base, "-", stdin=f"{id_token}\n{tampered}\nnot-a-jwt\n")
        values = r.json_lines()
        check(r.code == 1 and len(values) == 3, "verify-id-token - (stdin): three JSON lines, exit 1",
              f"exit {r.code}, {len(values)} lines")
        if len(values) == 3:
            check(values[0].get("valid") is True and values[0].get("claims", {}).get("sub") == BROWN_USER_ID,
                  "verify-id-token -: line 1 (valid token) valid")
            check(values[1].get("valid") is False and values[1].get("error") == "invalid_signature",
                  "verify-id-token -: line 2 (tampered) invalid_signature", f"error {values[1].get('error')}")
            check(values[2].get("valid") is False and bool(values[2].get("error")),
                  "verify-id-token -: line 3 (garbage) invalid with an error code", f"error {values[2].get('error')}")
        # One result per input line, always: a blank (or all-blank) line is a malformed token, so output
        # line N still answers input line N.
        r = cli.run(*common, "--issuer", base, "-", stdin=f"{id_token}\n\n{id_token}\n  \n{id_token}\n")
        values = r.json_lines()
        check(r.code == 1 and [v.get("valid") for v in values] == [True, False, True, False, True],
              "verify-id-token -: five input lines (two blank) → five results in order, exit 1",
              f"exit {r.code}, valid {[v.get('valid') for v in values]}")
        check([v.get("error") for v in values if v.get("valid") is False] == ["malformed", "malformed"],
              "verify-id-token -: a blank line is a malformed token", f"errors {[v.get('error') for v in values]}")
        for leeway in ["inf", "1e308", "nan", "-1", "601"]:
            r = cli.run(*common, "--issuer", base, f"--leeway={leeway}", id_token)
            check(r.code == 2 and r.stdout.strip() == "", f"verify-id-token --leeway={leeway}: usage error, exit 2",
                  f"exit {r.code}")
        r = cli.run(*common, "--issuer", base, "--leeway=600", id_token)
        check(r.code == 0, "verify-id-token --leeway=600 (the bound itself): valid", f"exit {r.code}")
        r = cli.run(*common, id_token)
        check(r.code == 2 and r.stdout.strip() == "", "verify-id-token without a key source: exit 2",
              f"exit {r.code}")
        # --platform (the option group login, status and example-site share) finds a LINE platform's keys
        # and issuer the way --issuer does; the channel may come from LINE_CHANNEL_ID instead of the flag.
        r = cli.run(*common, "--platform", base, id_token)
        out = r.json()
        check(r.code == 0 and out.get("valid") is True and out.get("claims", {}).get("iss") == base,
              "verify-id-token --platform (the emulator): valid, iss is the platform's",
              f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--platform", base, "--issuer", base, id_token)
        check(r.code == 2, "verify-id-token --platform with --issuer (two key sources): exit 2", f"exit {r.code}")
        with_channel = CLI(cli.binary, {**cli.env, "LINE_CHANNEL_ID": CHANNEL_ID}, cli.results)
        r = with_channel.run("verify-id-token", "--platform", base, id_token)
        check(r.code == 0 and r.json().get("valid") is True, "verify-id-token with LINE_CHANNEL_ID and no --channel-id: valid",
              f"exit {r.code}")
        without_channel = {k: v for k, v in cli.env.items() if k != "LINE_CHANNEL_ID"}
        r = CLI(cli.binary, without_channel, cli.results).run("verify-id-token", "--platform", base, id_token)
        check(r.code == 2 and "--channel-id" in r.stderr, "verify-id-token with no channel at all: exit 2, names --channel-id",
              f"exit {r.code}")
        r = cli.run(*common, "--issuer", base, "--no-such-flag", id_token)
        check(r.code == 2, "verify-id-token with an unknown flag: exit 2", f"exit {r.code}")
        r = cli.run(*common, "--issuer", base, "--jwks", str(work / "x.json"), id_token)
        check(r.code == 2, "verify-id-token with two key sources: exit 2", f"exit {r.code}")

        jwks_response = requests.get(f"{base}/oauth2/v2.1/certs", timeout=10)
        jwks_file = work / "jwks.json"
        jwks_file.write_bytes(jwks_response.content)
        check(jwks_response.status_code == 200 and "keys" in jwks_response.json(), "GET /oauth2/v2.1/certs: a JWKS")
        r = cli.run(*common, "--jwks", str(jwks_file), "--expected-issuer", base, id_token)
        out = r.json()
        check(r.code == 0 and out.get("valid") is True and out.get("claims", {}).get("sub") == BROWN_USER_ID,
              "verify-id-token --jwks FILE --expected-issuer: valid", f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--jwks", str(jwks_file), id_token)
        out = r.json()
        check(r.code == 1 and out.get("valid") is False,
              "verify-id-token --jwks FILE without --expected-issuer: invalid (LINE's issuer expected)",
              f"exit {r.code}, error {out.get('error')}")
        r = cli.run(*common, "--jwks-url", "http://127.0.0.1:1/certs", "--expected-issuer", base, id_token)
        check(r.code == 4 and r.json().get("error") == "keys_unavailable",
              "verify-id-token with an unreachable JWKS: exit 4 (network), keys_unavailable", f"exit {r.code}")
        r = cli.run(*common, "--jwks-url", f"{base}/oauth2/v2.1/certs", "--expected-issuer", base, id_token)
        check(r.code == 0 and r.json().get("valid") is True, "verify-id-token --jwks-url (loopback http): valid",
              f"exit {r.code}")
        r = cli.run(*common, "--jwks", str(work / "missing.json"), id_token)
        check(r.code == 2, "verify-id-token --jwks <missing file>: exit 2", f"exit {r.code}")
    else:
        check(False, "verify-id-token checks skipped: no ID token revealed")

    # --- 6. revoke, then a second login and logout ---------------------------------------------------
    r = cli.run("token", "revoke", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("revoked") is True, "token revoke --json: exit 0, revoked true",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("status", "--store-dir", store, "--json")
    check(r.code == 3 and r.json().get("loggedIn") is False, "status after revoke: exit 3, loggedIn false",
          f"exit {r.code}")
    if access2:
        gone = requests.get(f"{base}/oauth2/v2.1/verify", params={"access_token": access2}, timeout=10)
        check(gone.status_code == 400, "revoke: the emulator refuses the revoked access token", f"status {gone.status_code}")
    r = cli.run("profile", "--store-dir", store)
    check(r.code == 3, "profile after revoke: exit 3", f"exit {r.code}")
    r = cli.run("token", "show", "--store-dir", store)
    check(r.code == 3, "token show after revoke: exit 3", f"exit {r.code}")

    outcome = login(cli, emulator, store, "second login")
    check_login_result(outcome, "second login")
    collect_store_secrets(store, secrets)
    r = cli.run("token", "show", "--reveal", "--store-dir", store, "--json")
    access3 = r.json().get("accessToken", "")
    check(r.code == 0 and bool(access3) and access3 not in (access1, access2),
          "second login: a new access token", f"exit {r.code}")
    secrets.update(s for s in (access3, r.json().get("idTokenRaw", "")) if s)
    # `localhost` names this machine: the same platform (and stored session) as 127.0.0.1.
    r = cli.run("profile", "--store-dir", store, "--platform", base.replace("127.0.0.1", "localhost"), "--json")
    check(r.code == 0 and r.json().get("displayName") == "Brown",
          "profile --platform http://localhost:PORT: the 127.0.0.1 session, exit 0", f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("logout", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("loggedOut") is True, "logout --json: exit 0, loggedOut true",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("status", "--store-dir", store)
    check(r.code == 3, "status after logout: exit 3", f"exit {r.code}")
    r = cli.run("profile", "--store-dir", store)
    check(r.code == 3, "profile after logout: exit 3", f"exit {r.code}")
    r = cli.run("token", "refresh", "--store-dir", store)
    check(r.code == 3, "token refresh after logout: exit 3", f"exit {r.code}")
    if access3:
        gone = requests.get(f"{base}/oauth2/v2.1/verify", params={"access_token": access3}, timeout=10)
        check(gone.status_code == 400, "logout: the emulator refuses the old access token", f"status {gone.status_code}")
    r = cli.run("logout", "--store-dir", store)
    check(r.code == 0, "logout when not logged in: exit 0 (nothing to do)", f"exit {r.code}")
    r = cli.run("logout", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("wasLoggedIn") is False, "logout --json when not logged in: JSON on stdout",
          f"exit {r.code}: {first_line(r.stdout)}")
    r = cli.run("status", "--store-dir", store, "--channel-id", CHANNEL_ID, "--json")
    check(r.code == 3, "status --channel-id (the remembered channel) keeps the remembered platform: exit 3 after logout",
          f"exit {r.code}")

    # --- 7. usage errors ----------------------------------------------------------------------------------
    r = cli.run("login", "--redirect-port", "70000", "--store-dir", empty_store)
    check(r.code == 2, "login --redirect-port 70000: exit 2", f"exit {r.code}")
    r = cli.run("login", "--channel-id", CHANNEL_ID, "--bot-prompt", "sometimes", "--store-dir", empty_store)
    check(r.code == 2, "login --bot-prompt sometimes: exit 2", f"exit {r.code}")
    r = cli.run("status", "--store-dir", empty_store)
    # A fresh machine knows no channel: that is "not logged in", so `status || login` works in scripts.
    check(r.code == 3, "status with an empty store and no channel: exit 3 (not logged in)",
          f"exit {r.code}: {first_line(r.stderr)}")
    # No channel known at all is no session: "not logged in" (3), as `status` says, with what to do.
    for command in (["profile"], ["token", "show"], ["token", "refresh"], ["token", "verify"], ["token", "revoke"]):
        r = cli.run(*command, "--store-dir", empty_store)
        check(r.code == 3 and "line-login login" in r.stderr,
              f"{' '.join(command)} with no channel at all: exit 3 (not logged in), says to log in",
              f"exit {r.code}: {first_line(r.stderr)}")
    # Ports: 1-65535, or 0 for any free port; never a silent wrap-around.
    for args in (["emulator", "--port", "99999"], ["emulator", "--port=-1"], ["example-site", "--port", "70000"],
                 ["example-site", "--emulator-port", "65536"], ["login", "--channel-id", CHANNEL_ID, "--redirect-port", "0"]):
        r = cli.run(*args, "--store-dir", empty_store) if args[0] == "login" else cli.run(*args)
        check(r.code == 2 and "must be" in r.stderr, f"{' '.join(args)}: exit 2, says the allowed range",
              f"exit {r.code}: {first_line(r.stderr)}")
    # --platform: https anywhere, plain http only on this machine; the usage error says what to use.
    for platform in ("http://example.com", "http://10.0.0.1:8400", "http://localhost.evil.example:8400", "ftp://127.0.0.1/"):
        r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform", platform, "--no-browser", "--store-dir", empty_store)
        check(r.code == 2 and "127.0.0.1" in r.stderr, f"login --platform {platform}: exit 2, suggests 127.0.0.1",
              f"exit {r.code}: {first_line(r.stderr)}")
    # Fail fast: a platform that is down is named at once, before any browser wait.
    started = time.monotonic()
    r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform", "http://127.0.0.1:1", "--no-browser",
                "--store-dir", empty_store)
    elapsed = time.monotonic() - started
    check(r.code == 4 and "http://127.0.0.1:1" in r.stderr and "line-login emulator" in r.stderr and elapsed < 30,
          "login with the platform down: exit 4 at once, names the URL and how to start the emulator",
          f"exit {r.code} after {elapsed:.1f} s: {first_line(r.stderr)}")
    check(URL_PROMPT not in r.stderr, "login with the platform down: no login URL was offered")
    # Fail fast: a channel the platform doesn't know is named before any browser wait.
    r = cli.run("login", "--channel-id", "9999999999", "--platform", base, "--no-browser", "--store-dir", empty_store)
    check(r.code == 2 and "9999999999" in r.stderr and "--channel-id" in r.stderr and URL_PROMPT not in r.stderr,
          "login with a channel the platform doesn't know: exit 2 at once, says to check --channel-id", f"exit {r.code}: {first_line(r.stderr)}")
    # A login that never comes back: the wait is announced, and its end lists the likely causes.
    r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform", base, "--no-browser", "--timeout", "2",
                "--store-dir", empty_store)
    check(r.code == 5 and "Waiting up to 2 seconds" in r.stderr and "No login came back within 2 seconds" in r.stderr
          and "callback URL registered" in r.stderr,
          "login that times out: exit 5, announces the wait, lists the likely causes", f"exit {r.code}: {r.stderr[-300:]!r}")
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        busy = taken.getsockname()[1]
        r = cli.run("emulator", "--port", str(busy))
        check(r.code == 2 and "could not listen" in r.stderr and "errno" not in r.stderr and "bind(" not in r.stderr,
              "emulator on a port in use: exit 2, in words (no socket call names)", f"exit {r.code}: {first_line(r.stderr)}")
        r = cli.run("example-site", "--port", str(busy))
        check(r.code == 2 and "could not listen" in r.stderr, "example-site on a port in use: exit 2, in words",
              f"exit {r.code}: {first_line(r.stderr)}")
    bad_config = work / "bad-config.json"
    bad_config.write_text('{\n  "channels": [\n    {"channelID": "1", "channelSecret": "s",\n     "callbackURLs": "http://127.0.0.1/cb"}]\n}\n')
    r = cli.run("emulator", "--port", "0", "--config", str(bad_config))
    check(r.code == 2 and "channels[0].callbackURLs (line 4)" in r.stderr and "DecodingError" not in r.stderr,
          "emulator --config with a wrong field: exit 2, names the field and its line", f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("emulator", "--port", "0", "--config", str(Path(PACKAGE_ROOT) / "docs/examples/emulator-config.json"), timeout=15)
    check(r.code == -999 and "1234567890" in r.stdout, "emulator --config docs/examples/emulator-config.json: starts (the documented example)",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("oauth", "login", "--device", "--issuer", base, "--client-id", CHANNEL_ID, "--store-dir", empty_store)
    check(r.code == 2 and "offers no device sign-in" in r.stderr,
          "oauth login --device with a provider without the device flow (the emulator): exit 2, says so",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("login", "--channel-id", CHANNEL_ID, "--scope", "profile", "foo", "--store-dir", empty_store)
    check(r.code == 2 and 'no permission named "foo"' in r.stderr, "login --scope profile foo: exit 2, names foo",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("status", "--store-dir", empty_store, "--channel-id", CHANNEL_ID)
    check(r.code == 3, "status --channel-id with an empty store: exit 3", f"exit {r.code}")
    r = cli.run("status", "--store-dir", empty_store, "--channel-id", CHANNEL_ID, "--platform", "not a url")
    check(r.code == 2, "status --platform 'not a url': exit 2", f"exit {r.code}")
    r = cli.run("no-such-command")
    check(r.code == 2, "an unknown subcommand: exit 2", f"exit {r.code}")
    check(not any(Path(empty_store).iterdir()), "usage errors leave the empty store dir empty")

    # --- 8. network error with a stored session ----------------------------------------------------------
    store3 = str(work / "store-offline")
    outcome = login(cli, emulator, store3, "third login")
    check_login_result(outcome, "third login")
    collect_store_secrets(store3, secrets)
    r = cli.run("token", "show", "--reveal", "--store-dir", store3, "--json")
    secrets.update(s for s in (r.json().get("accessToken", ""), r.json().get("idTokenRaw", "")) if s)
    # A token LINE revoked behind the CLI's back: `token verify` is a failed check (1), not a network error.
    access_offline = r.json().get("accessToken", "")
    if access_offline:
        revoked = requests.post(f"{base}/oauth2/v2.1/revoke", data={"client_id": CHANNEL_ID, "access_token": access_offline},
                                timeout=10)
        check(revoked.status_code == 200, "revoke at the emulator behind the CLI's back", f"status {revoked.status_code}")
        r = cli.run("status", "--online", "--store-dir", store3, "--json")
        check(r.code == 1 and r.json().get("acceptedByPlatform") is False and r.json().get("loggedIn") is True,
              "status --online after LINE revoked the token: exit 1, acceptedByPlatform false", f"exit {r.code}: {first_line(r.stderr)}")
        r = cli.run("token", "verify", "--store-dir", store3, "--json")
        check(r.code == 1 and r.json().get("valid") is False and "not valid" in r.stderr,
              "token verify of a token LINE revoked: exit 1, valid false, says so", f"exit {r.code}: {first_line(r.stderr)}")
        # LINE ends the refresh token with its access token: the session is over, and the CLI says what to do.
        r = cli.run("token", "refresh", "--store-dir", store3)
        check(r.code == 3 and "session has ended" in r.stderr and "line-login login" in r.stderr,
              "token refresh after LINE revoked the session: exit 3, says the session ended and to log in",
              f"exit {r.code}: {first_line(r.stderr)}")
        outcome = login(cli, emulator, store3, "fourth login")
        check_login_result(outcome, "fourth login")
        collect_store_secrets(store3, secrets)
        r = cli.run("token", "show", "--reveal", "--store-dir", store3, "--json")
        secrets.update(s for s in (r.json().get("accessToken", ""), r.json().get("idTokenRaw", "")) if s)
        deauthorize_checks(cli, emulator, store3, r.json().get("accessToken", ""), secrets)
        outcome = login(cli, emulator, store3, "login after deauthorize")
        check_login_result(outcome, "login after deauthorize")
        collect_store_secrets(store3, secrets)
        r = cli.run("token", "show", "--reveal", "--store-dir", store3, "--json")
        secrets.update(s for s in (r.json().get("accessToken", ""), r.json().get("idTokenRaw", "")) if s)
    peerkit.check_sigterm_exit(emulator.stop(), "emulator")
    r = cli.run("profile", "--store-dir", store3, "--json")
    check(r.code == 4, "profile with the emulator gone: exit 4 (network)", f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("token", "verify", "--store-dir", store3)
    check(r.code == 4, "token verify with the emulator gone: exit 4", f"exit {r.code}")
    r = cli.run("token", "refresh", "--store-dir", store3)
    check(r.code == 4, "token refresh with the emulator gone: exit 4", f"exit {r.code}")
    r = cli.run("verify-id-token", "--channel-id", CHANNEL_ID, "--issuer", base, id_token or "x.y.z")
    check(r.code == 4, "verify-id-token --issuer with the emulator gone: exit 4", f"exit {r.code}")
    r = cli.run("profile", "--store-dir", store3, "--verbose")
    check(r.code == 4 and "details:" in r.stderr, "profile --verbose with the emulator gone: the underlying error follows",
          f"exit {r.code}")
    r = cli.run("status", "--store-dir", store3, "--json")
    check(r.code == 0 and r.json().get("loggedIn") is True, "status after the network errors: the session is kept",
          f"exit {r.code}")
    r = cli.run("logout", "--store-dir", store3, "--json")
    check(r.code == 4 and r.json().get("loggedOut") is True and r.json().get("revoked") is False
          and "Logged out on this machine" in r.stderr,
          "logout with the emulator gone: exit 4, forgotten here, says LINE could not revoke",
          f"exit {r.code}: {first_line(r.stderr)}")
    r = cli.run("status", "--store-dir", store3)
    check(r.code == 3, "status after that logout: exit 3 (forgotten locally)", f"exit {r.code}")

    # --- 9. words, not internals ---------------------------------------------------------------------------
    internals = re.compile(r"Optional\(|URLSessionError|URLError|connectionFailed|NSCocoaErrorDomain|DecodingError|"
                           r"keyNotFound|errno|\b[a-z]+[A-Z]\w*\(\w+:|Swift\.|OAuthEngine\.|LineSDK\.|LineSDKError")
    plain = [res for res in cli.results if res.code not in (0, -999) and "--verbose" not in res.args]
    leaking_internals = [f"{res.label()}: {first_line(res.stderr)}" for res in plain if internals.search(res.stderr)]
    check(not leaking_internals, f"no Swift type or case names in the errors of {len(plain)} failing commands",
          f"{leaking_internals[:4]}")

    # --- 5. no token leaks ------------------------------------------------------------------------------
    secrets.discard("")
    check(len(secrets) >= 8, f"leak scan: {len(secrets)} distinct token strings collected (access, refresh and ID "
          "tokens of three logins and a refresh)", f"{len(secrets)}")
    stderr_leaks = [res.label() for res in cli.results if any(s in res.stderr for s in secrets)]
    check(not stderr_leaks, f"no token on the stderr of any of {len(cli.results)} commands",
          f"leaking: {stderr_leaks[:5]}")
    stdout_leaks = [res.label() for res in cli.results
                    if not res.revealed and any(s in res.stdout for s in secrets)]
    check(not stdout_leaks, "no token on stdout except from token show --reveal", f"leaking: {stdout_leaks[:5]}")


def example_site_on_any_port(cli: CLI) -> None:
    """`example-site --port 0`: a free port is picked, printed, and is the one the site (and its callback) uses."""
    proc = peerkit.track(subprocess.Popen([cli.binary, "example-site", "--port", "0"], env=cli.env,
                                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    site = ""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and not site:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line.startswith("Example site at "):
                site = line.split()[3]
        port = urllib.parse.urlsplit(site).port if site else None
        check(bool(port), "example-site --port 0: prints the site's real port", f"printed {site!r}")
        if port:
            home = requests.get(site, timeout=10)
            check(home.status_code == 200, f"example-site --port 0: the printed URL answers (port {port})",
                  f"status {home.status_code}")
            start = requests.get(f"{site}/login", allow_redirects=False, timeout=10)
            redirect = urllib.parse.parse_qs(urllib.parse.urlsplit(start.headers.get("Location", "")).query).get("redirect_uri", [""])[0]
            check(redirect == f"{site}/callback", "example-site --port 0: the login's redirect_uri uses that port",
                  f"redirect_uri {redirect!r}")
    finally:
        peerkit.stop_process(proc)
        peerkit.untrack(proc)


def paste_back_login(cli: CLI, emulator: Emulator, store: str, state_of=lambda state: state) -> tuple[Result | None, str]:
    """`login --no-browser` with stdin on a pseudo-terminal: the browser "elsewhere" ends on the callback
    address, which is pasted (after one wrong line) instead of reaching the listener. `state_of` may
    forge the pasted state. Returns the result and the stderr text."""
    import pty
    master, slave = pty.openpty()
    args = ["login", "--channel-id", CHANNEL_ID, "--platform", emulator.base_url, "--no-browser",
            "--store-dir", store, "--json", "--timeout", "60"]
    proc = peerkit.track(subprocess.Popen([cli.binary, *args], env=cli.env, cwd=tempfile.gettempdir(), stdin=slave,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    os.close(slave)
    stderr = peerkit.StderrLines(proc)
    wait_for = stderr.wait_for

    try:
        wait_for(lambda line: URL_PROMPT in line)
        auth_url = wait_for(lambda line: line.strip().startswith(emulator.base_url)).strip()
        wait_for(lambda line: "paste the address" in line)
        if not auth_url:
            return None, stderr.text
        location = requests.get(auth_url, allow_redirects=False, timeout=10).headers.get("location", "")
        parts = urllib.parse.urlsplit(location)
        query = urllib.parse.parse_qs(parts.query)
        query["state"] = [state_of(query.get("state", [""])[0])]
        pasted = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode({k: v[0] for k, v in query.items()})))
        os.write(master, b"https://example.com/not-the-callback\n")
        wait_for(lambda line: "not the callback address" in line)
        os.write(master, (pasted + "\n").encode())
        try:
            proc.wait(timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired:
            peerkit.stop_process(proc, term_first=False)
        out = proc.stdout.read() if proc.stdout else ""
        time.sleep(0.2)
        result = Result(args, proc.returncode if proc.returncode is not None else -999, out, stderr.text)
        cli.results.append(result)
        return result, stderr.text
    finally:
        if proc.poll() is None:
            peerkit.stop_process(proc, term_first=False)
        peerkit.untrack(proc)
        os.close(master)


def check_paste_back(cli: CLI, emulator: Emulator, work: Path) -> None:
    result, stderr = paste_back_login(cli, emulator, str(work / "store-paste"))
    check(result is not None and "not the callback address" in stderr,
          "paste-back login: a pasted address that is not the callback is refused with a hint, and it keeps waiting")
    check(result is not None and result.code == 0 and result.json().get("profile", {}).get("displayName") == "Brown",
          "paste-back login: the pasted callback address completes the login (exit 0, Brown)",
          f"exit {result.code if result else None}: {first_line(result.stderr) if result else ''}")
    forged, _ = paste_back_login(cli, emulator, str(work / "store-paste-forged"), state_of=lambda state: state[::-1] + "x")
    check(forged is not None and forged.code == 5 and not list(Path(work / "store-paste-forged").glob("channel-*")),
          "paste-back login with a forged state: refused (exit 5), nothing stored",
          f"exit {forged.code if forged else None}")


def deauthorize_checks(cli: CLI, emulator: Emulator, store: str, access_token: str, secrets: set[str]) -> None:
    """LINE's required deauthorize, from the CLI and from an HTTP client no one here wrote (requests)."""
    base = emulator.base_url
    match = re.search(r"channel " + CHANNEL_ID + r"\s+secret ([0-9a-f]+)", emulator.output())
    secret = match.group(1) if match else ""
    check(bool(secret), "the emulator printed its generated channel secret")
    secrets.add(secret)
    r = cli.run("deauthorize", "--store-dir", store)
    check(r.code == 2 and "LINE_CHANNEL_SECRET" in r.stderr, "deauthorize without LINE_CHANNEL_SECRET: exit 2, says what to set",
          f"exit {r.code}: {first_line(r.stderr)}")
    with_secret = CLI(cli.binary, {**cli.env, "LINE_CHANNEL_SECRET": secret}, cli.results)
    r = with_secret.run("deauthorize", "--store-dir", store, "--json")
    check(r.code == 0 and r.json().get("deauthorized") is True, "deauthorize: exit 0, deauthorized true", f"exit {r.code}: {first_line(r.stderr)}")
    gone = requests.get(f"{base}/oauth2/v2.1/verify", params={"access_token": access_token}, timeout=10)
    check(gone.status_code == 400, "after deauthorize: LINE (the emulator) refuses the user's access token", f"status {gone.status_code}")
    r = cli.run("status", "--store-dir", store)
    check(r.code == 3, "after deauthorize: the login is forgotten here (status exit 3)", f"exit {r.code}")
    wrong = CLI(cli.binary, {**cli.env, "LINE_CHANNEL_SECRET": "0" * 32}, cli.results)
    outcome = login(cli, emulator, store, "login before a wrong-secret deauthorize")
    check_login_result(outcome, "login before a wrong-secret deauthorize")
    r = wrong.run("deauthorize", "--store-dir", store)
    check(r.code == 2 and "LINE_CHANNEL_SECRET" in r.stderr, "deauthorize with a wrong secret: exit 2, says to check it",
          f"exit {r.code}: {first_line(r.stderr)}")
    # The same two calls as any HTTP client makes them (requests, not this package).
    r = cli.run("token", "show", "--reveal", "--store-dir", store, "--json")
    token = r.json().get("accessToken", "")
    secrets.add(token)
    issued = requests.post(f"{base}/oauth2/v3/token", data={"grant_type": "client_credentials", "client_id": CHANNEL_ID,
                                                             "client_secret": secret}, timeout=10)
    channel_token = issued.json().get("access_token", "") if issued.status_code == 200 else ""
    check(issued.status_code == 200 and issued.json().get("token_type") == "Bearer" and issued.json().get("expires_in") == 900,
          "POST /oauth2/v3/token (requests): a stateless channel access token, 900 s", f"status {issued.status_code}")
    answer = requests.post(f"{base}/user/v1/deauthorize", json={"userAccessToken": token},
                           headers={"Authorization": f"Bearer {channel_token}"}, timeout=10)
    check(answer.status_code == 204, "POST /user/v1/deauthorize (requests): 204", f"status {answer.status_code}")
    again = requests.post(f"{base}/user/v1/deauthorize", json={"userAccessToken": token},
                          headers={"Authorization": f"Bearer {channel_token}"}, timeout=10)
    check(again.status_code == 400, "deauthorize again: 400 (the user token is dead)", f"status {again.status_code}")
    refused = requests.post(f"{base}/user/v1/deauthorize", json={"userAccessToken": token},
                            headers={"Authorization": "Bearer not-a-channel-token"}, timeout=10)
    check(refused.status_code == 401, "deauthorize with a bad channel access token: 401", f"status {refused.status_code}")
    r = cli.run("token", "verify", "--store-dir", store)
    check(r.code == 1, "token verify after a deauthorize by another client: exit 1 (LINE refuses it)", f"exit {r.code}")
    cli.run("logout", "--store-dir", store)


def run_demo(cli: CLI) -> None:
    r = cli.run("demo", timeout=120)
    check(r.code == 0, "demo: exit 0", f"exit {r.code}: {first_line(r.stderr)}")
    check("All" in r.stdout and "steps passed" in r.stdout, "demo: its results on stdout end with 'All N steps passed.'")
    check("Brown" in r.stdout, "demo: stdout shows the profile's display name (Brown)")
    check("steps passed" not in r.stderr and "✓" not in r.stderr, "demo: stderr holds progress only, not the results")
    r = cli.run("demo", "--json", timeout=120)
    out = r.json()
    check(r.code == 0 and out.get("passed") is True, "demo --json: exit 0, passed true on stdout",
          f"exit {r.code}, passed {out.get('passed')}")
    steps = out.get("steps", [])
    check(bool(steps) and all(isinstance(s, dict) and s.get("ok") is True for s in steps),
          f"demo --json: every step ok ({len(steps)} steps)")
    check(isinstance(out.get("profile"), dict) and out["profile"].get("displayName") == "Brown",
          "demo --json: profile displayName Brown")


def pinned_issuer(cli: CLI, env: dict[str, str], work: Path) -> None:
    """An emulator whose ID tokens carry LINE's issuer (`emulator --issuer https://access.line.me`), as a backend
    that pins it needs: `login` refuses its ID tokens until told the issuer with `--platform-issuer`, and a later
    login on the remembered platform remembers the issuer too."""
    line_issuer = "https://access.line.me"
    pinned = Emulator(cli.binary, ["--auto-approve", "brown@example.com", "--issuer", line_issuer], env=env)
    pinned.start()
    try:
        store = str(work / "store-pinned-issuer")
        r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform", pinned.base_url, "--no-browser", "--store-dir", store)
        check(r.code == 2 and f"--platform-issuer {line_issuer}" in r.stderr,
              "login on an emulator with LINE's issuer, no --platform-issuer: exit 2 before any browser, names the flag to add",
              f"exit {r.code}: {first_line(r.stderr)}")
        outcome = login(cli, pinned, store, "login --platform-issuer",
                        platform_args=["--platform", pinned.base_url, "--platform-issuer", line_issuer])
        check_login_result(outcome, "login --platform-issuer")
        again = login(cli, pinned, store, "login on the remembered platform and issuer", platform_args=[])
        check_login_result(again, "login on the remembered platform and issuer")
        r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform-issuer", line_issuer, "--store-dir",
                    str(work / "store-issuer-alone"), "--no-browser")
        check(r.code == 2 and "--platform-issuer needs --platform" in r.stderr,
              "login --platform-issuer without --platform: exit 2, says --platform is needed", f"exit {r.code}: {first_line(r.stderr)}")
        r = cli.run("login", "--channel-id", CHANNEL_ID, "--platform", pinned.base_url, "--platform-issuer", "access.line.me",
                    "--store-dir", str(work / "store-issuer-bad"), "--no-browser")
        check(r.code == 2 and "is not an issuer" in r.stderr,
              "login --platform-issuer access.line.me (no scheme): exit 2, says it is not an issuer", f"exit {r.code}: {first_line(r.stderr)}")
    finally:
        pinned.stop()


def main() -> int:
    binary = peerkit.line_login_binary(timeout=120)
    work = Path(tempfile.mkdtemp(prefix="line-login-cli-test-"))
    home = work / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("LINE_CHANNEL_ID", "LINE_CHANNEL_SECRET")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))  # a forgotten --store-dir never reaches the real home
    cli = CLI(binary, env)
    emulator = Emulator(binary, ["--auto-approve", "brown@example.com"], env=env)

    def bare_auto_approve() -> None:
        # `--auto-approve` without a user approves as the first configured user (Brown).
        bare = Emulator(binary, ["--auto-approve", "--test-controls"], env=env)
        bare.start()
        try:
            r = requests.get(f"{bare.base_url}/oauth2/v2.1/authorize", allow_redirects=False, timeout=10, params={
                "response_type": "code", "client_id": CHANNEL_ID, "redirect_uri": "http://127.0.0.1:9/callback",
                "state": "bare-auto-approve", "scope": "profile"})
            check(r.status_code == 302 and "code=" in r.headers.get("Location", ""),
                  "emulator --auto-approve (no user) approves as the first user", f"status {r.status_code}")
            stats = requests.get(f"{bare.base_url}/_emulator/stats", timeout=10)
            check(stats.status_code == 200 and stats.json().get("activeCodes") == 1,
                  "emulator --test-controls serves /_emulator/stats", f"status {stats.status_code}")
        finally:
            bare.stop()

    def all_checks() -> None:
        version = cli.run("--version")
        check(version.code == 0 and version.stdout.strip() == "0.9.0", "--version prints the package version",
              f"exit {version.code}: {version.stdout.strip()!r}")
        run_demo(cli)
        bare_auto_approve()
        example_site_on_any_port(cli)
        emulator.start()
        check(True, f"emulator (--auto-approve brown@example.com) answers discovery on port {emulator.port}")
        check_paste_back(cli, emulator, work)
        run(cli, emulator, work)
        pinned_issuer(cli, env, work)
        # Foundation on Linux may create empty cache directories under $HOME/$XDG_DATA_HOME; no file
        # (a token store, a URL cache entry) and no line-login directory may appear there.
        stores = {home / "data" / "line-login", home / ".local" / "share" / "line-login"}
        stray = [str(p.relative_to(home)) for p in home.rglob("*") if p.is_file() or p in stores]
        check(not stray, "nothing written to the default store dir or elsewhere under $HOME",
              f"found {stray[:5]}")

    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            peerkit.guarded("the checks ran without an exception", all_checks, traceback_limit=4, detail_chars=200)
    finally:
        emulator.stop()
        peerkit.kill_all()
        shutil.rmtree(work, ignore_errors=True)
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
