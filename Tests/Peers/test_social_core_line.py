#!/usr/bin/env python3
"""Test peer: python-social-auth's LINE backend (`social_core.backends.line.LineOAuth2`, social-auth-core
pinned in requirements.txt, not modified), which hard-codes https://access.line.me and https://api.line.me,
against `$LINE_LOGIN emulator --line-hosts`.

The emulator answers for LINE's host names over HTTPS with a certificate from a local CA it creates in a
temporary `--ca-dir` (`--https-port` a free port: no privilege, nothing on 443). This process only:
 - trusts that CA through `REQUESTS_CA_BUNDLE` (requests' own CA-bundle variable), and
 - overrides `socket.getaddrinfo` so that access.line.me, api.line.me and access-auto.line.me resolve to
   127.0.0.1 and the emulator's port. TLS still sees LINE's names (SNI, certificate check); the machine's
   hosts file is not touched.
Then the library's real flow, with its public settings and a minimal strategy on its public BaseStrategy:
auth_url() → the emulator's authorize page (auto-approved as Brown: a 302 to the callback) → auth_complete()
(state check, code exchange at api.line.me's token endpoint) → user data from api.line.me/v2/profile,
through the library's pipeline. Also checked: discovery on access.line.me names LINE's issuer and URLs, the
dashboard refuses `Host: access.line.me`, and a name outside the CA's constraints is refused by TLS. Then
`line-login emulator-ca export | rotate | delete` on that CA: the export is the PEM the emulator serves with, a
rotated CA is what a restarted emulator serves (the old one no longer trusted), and a delete removes both files.

Standalone: `LINE_LOGIN=/path/to/line-login python test_social_core_line.py`. Prints `ok - …` / `not ok - …`
per check and exits 1 if any failed. Codes and tokens are never printed.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse

import requests
from social_core.backends.line import LineOAuth2
from social_core.storage import BaseStorage, NonceMixin
from social_core.strategy import BaseStrategy

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402
from peerkit import check, free_port  # noqa: E402

OVERALL_TIMEOUT = 90
CHANNEL_ID = "1234567890"
BROWN_USER_ID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"
LINE_HOSTS = ("access.line.me", "api.line.me", "access-auto.line.me")

_original_getaddrinfo = socket.getaddrinfo
_emulator_port = 0


def _getaddrinfo(host, port, *args, **kwargs):
    """LINE's names → 127.0.0.1 and the emulator's port, in this process only; other names as before."""
    name = host.decode() if isinstance(host, bytes) else host
    if isinstance(name, str) and name.lower().rstrip(".") in LINE_HOSTS:
        return _original_getaddrinfo("127.0.0.1", _emulator_port, *args, **kwargs)
    return _original_getaddrinfo(host, port, *args, **kwargs)


class MemoryNonce(NonceMixin):
    """The state nonces, in memory: `use` records one, `consume` takes it once (what a database would do)."""

    used: set = set()

    @classmethod
    def use(cls, server_url, timestamp, salt):
        key = (server_url, timestamp, salt)
        if key in cls.used:
            return False
        cls.used.add(key)
        return True

    @classmethod
    def consume(cls, server_url, timestamp, salt):
        key = (server_url, timestamp, salt)
        if key not in cls.used:
            return False
        cls.used.discard(key)
        return True


class MemoryStorage(BaseStorage):
    nonce = MemoryNonce


class PeerStrategy(BaseStrategy):
    """The smallest strategy: settings from a dict, a dict as the session, the callback's query as the request,
    the state nonces in memory."""

    def __init__(self, settings: dict):
        super().__init__(storage=MemoryStorage)
        self.settings = settings
        self.session: dict = {}
        self.data: dict = {}

    def get_setting(self, name):
        return self.settings[name]

    def request_data(self, merge=True):
        return dict(self.data)

    def get_request_data(self, merge=True):
        return dict(self.data)

    def request_host(self):
        return "127.0.0.1"

    def request_is_secure(self):
        return False

    def request_path(self):
        return "/callback"

    def request_port(self):
        return 80

    def request_get(self):
        return dict(self.data)

    def request_post(self):
        return {}

    def session_get(self, name, default=None):
        return self.session.get(name, default)

    def session_set(self, name, value):
        self.session[name] = value

    def session_pop(self, name):
        return self.session.pop(name, None)

    def build_absolute_uri(self, path=None):
        path = path or "/"
        return path if "://" in path else "http://127.0.0.1" + path

    def redirect(self, url):
        return url

    def html(self, content):
        return content

    def render_template(self, tpl, context):
        return ""

    def render_string(self, html, context):
        return html


class PipelineUser:
    """What the pipeline's last step returns as the signed-in user."""

    def __init__(self, uid: str, details: dict, profile: dict):
        self.uid = uid
        self.details = details
        self.profile = profile


def capture_user(backend, details, uid, response, *args, **kwargs):
    """The pipeline's last step (named by its dotted path in the PIPELINE setting)."""
    return {"user": PipelineUser(uid, details, response)}


def start_emulator(binary: str, ca_dir: str) -> tuple[subprocess.Popen, int, tempfile.TemporaryFile]:
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = peerkit.track(subprocess.Popen(
        [binary, "emulator", "--line-hosts", "--ca-dir", ca_dir, "--https-port", str(port), "--host", "127.0.0.1",
         "--port", str(free_port()), "--auto-approve", "brown@example.com"],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        log.seek(0)
        if re.search(rb"over HTTPS on 127\.0\.0\.1:(\d+)", log.read()):
            break
        time.sleep(0.1)
    log.seek(0)
    match = re.search(rb"over HTTPS on 127\.0\.0\.1:(\d+)", log.read())
    if not match:
        log.seek(0)
        raise RuntimeError("the emulator did not start:\n" + log.read().decode(errors="replace")[-2000:])
    return proc, int(match.group(1)), log


def main() -> int:
    global _emulator_port
    binary = peerkit.line_login_binary()
    ca_dir = tempfile.mkdtemp(prefix="social-core-ca-")
    proc = None
    try:
        proc, _emulator_port, log = start_emulator(binary, ca_dir)
        ca_file = os.path.join(ca_dir, "ca.pem")
        check(os.path.exists(ca_file), "the emulator created its CA in --ca-dir and exported ca.pem")
        check(oct(os.stat(os.path.join(ca_dir, "ca-key.pem")).st_mode & 0o777) == "0o600", "the CA key is 0600")
        os.environ["REQUESTS_CA_BUNDLE"] = ca_file
        socket.getaddrinfo = _getaddrinfo

        discovery = requests.get("https://access.line.me/.well-known/openid-configuration", timeout=10)
        document = discovery.json() if discovery.status_code == 200 else {}
        check(document.get("issuer") == "https://access.line.me", "discovery on access.line.me: issuer https://access.line.me")
        check(document.get("token_endpoint") == "https://api.line.me/oauth2/v2.1/token"
              and document.get("authorization_endpoint") == "https://access.line.me/oauth2/v2.1/authorize",
              "discovery lists LINE's own URLs")
        dashboard = requests.get("https://access.line.me/", timeout=10)
        check(dashboard.status_code == 403, "Host access.line.me does not unlock the dashboard",
              f"status {dashboard.status_code}")
        try:
            requests.get(f"https://127.0.0.1:{_emulator_port}/", timeout=10)
            check(False, "a name the certificate does not carry (127.0.0.1) is refused by TLS")
        except requests.exceptions.SSLError:
            check(True, "a name the certificate does not carry (127.0.0.1) is refused by TLS")

        strategy = PeerStrategy({
            "SOCIAL_AUTH_LINE_KEY": CHANNEL_ID,
            # The built-in channel's secret is made up per run and printed at start (LineOAuth2 is a web
            # client: it sends it with the code).
            "SOCIAL_AUTH_LINE_SECRET": secret_from_output(log),
            "SOCIAL_AUTH_PIPELINE": [
                "social_core.pipeline.social_auth.social_details",
                "social_core.pipeline.social_auth.social_uid",
                "__main__.capture_user",
            ],
        })
        callback = f"http://127.0.0.1:{free_port()}/callback"  # nothing listens: the redirect is not followed
        backend = LineOAuth2(strategy, redirect_uri=callback)
        auth_url = backend.auth_url()
        check(auth_url.startswith("https://access.line.me/oauth2/v2.1/authorize?"), "auth_url is LINE's, unchanged")
        authorize = requests.get(auth_url, allow_redirects=False, timeout=10)
        location = authorize.headers.get("Location", "")
        check(authorize.status_code == 302 and location.startswith(callback), "authorize: signed in, 302 to the callback",
              f"status {authorize.status_code}: {authorize.text[:300]!r}; sent {urllib.parse.urlsplit(auth_url).query[:400]!r}")
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))
        check("code" in query and "state" in query, "the callback carries a code and the state")
        # The callback is a new request: the framework makes a new backend on the same session, as here.
        strategy.data = query
        user = LineOAuth2(strategy, redirect_uri=callback).auth_complete()
        check(isinstance(user, PipelineUser), "auth_complete: token exchange and profile through the library's pipeline")
        if isinstance(user, PipelineUser):
            check(user.uid == BROWN_USER_ID, "the user ID is Brown's, from api.line.me/v2/profile")
            check(user.details.get("fullname") == "Brown", "the display name is Brown's")
            check(user.profile.get("userId") == BROWN_USER_ID, "the profile response is LINE's shape (userId)")
        # The CA's own commands, on the CA this run created.
        status = peerkit.stop_process(proc)
        proc = None
        check(status == 0, "the emulator exits 0 on SIGTERM", f"status {status}")
        emulator_ca_commands(binary, ca_dir, ca_file)
    finally:
        socket.getaddrinfo = _original_getaddrinfo
        os.environ.pop("REQUESTS_CA_BUNDLE", None)
        peerkit.stop_process(proc)
        shutil.rmtree(ca_dir, ignore_errors=True)
    return peerkit.summary()


def trusts(ca_file: str) -> bool | None:
    """Whether TLS to access.line.me succeeds when only `ca_file` is trusted (None: no answer at all)."""
    try:
        return requests.get("https://access.line.me/.well-known/openid-configuration", timeout=10, verify=ca_file).ok
    except requests.exceptions.SSLError:
        return False
    except requests.RequestException:
        return None


def emulator_ca_commands(binary: str, ca_dir: str, ca_file: str) -> None:
    """`line-login emulator-ca export | rotate | delete --ca-dir`, end to end: the export is the PEM to trust, a
    rotation makes a new CA that a restarted emulator serves (the old one is no longer trusted), and a delete
    removes the key and the certificate."""
    global _emulator_port

    def ca(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([binary, "emulator-ca", *args, "--ca-dir", ca_dir], capture_output=True, text=True, timeout=60)

    with open(ca_file) as f:
        old_pem = f.read()
    exported = ca("export")
    check(exported.returncode == 0 and exported.stdout.strip() == old_pem.strip(),
          "emulator-ca export prints the CA certificate the emulator serves with, as PEM", f"exit {exported.returncode}")
    try:
        ssl.PEM_cert_to_DER_cert(exported.stdout)
        check(True, "the export is a PEM certificate (Python's ssl reads it)")
    except ValueError as error:
        check(False, "the export is a PEM certificate (Python's ssl reads it)", str(error))

    rotated = ca("rotate")
    with open(ca_file) as f:
        new_pem = f.read()
    check(rotated.returncode == 0 and new_pem.strip() != old_pem.strip(), "emulator-ca rotate writes a new CA certificate",
          f"exit {rotated.returncode}")
    check(oct(os.stat(os.path.join(ca_dir, "ca-key.pem")).st_mode & 0o777) == "0o600", "the rotated CA key is 0600")
    old_copy = os.path.join(ca_dir, "..", os.path.basename(ca_dir) + "-old-ca.pem")
    with open(old_copy, "w") as f:
        f.write(old_pem)
    proc, _emulator_port, _log = start_emulator(binary, ca_dir)
    try:
        check(trusts(ca_file) is True, "after a rotation the restarted emulator serves a certificate of the new CA")
        check(trusts(old_copy) is False, "the old CA is no longer trusted for LINE's names after a rotation")
    finally:
        os.remove(old_copy)
        status = peerkit.stop_process(proc)
    check(status == 0, "the restarted emulator exits 0 on SIGTERM", f"status {status}")

    deleted = ca("delete")
    check(deleted.returncode == 0 and not os.path.exists(ca_file) and not os.path.exists(os.path.join(ca_dir, "ca-key.pem")),
          "emulator-ca delete removes the CA's key and certificate", f"exit {deleted.returncode}")
    created = ca("export")
    check(created.returncode == 0 and os.path.exists(ca_file) and created.stdout.strip() == open(ca_file).read().strip(),
          "emulator-ca export with no CA creates one and prints it", f"exit {created.returncode}")


def secret_from_output(log) -> str:
    """The built-in channel's secret, from the emulator's start-up lines (it prints the secret it made up)."""
    log.seek(0)
    match = re.search(r"channel 1234567890\s+secret (\S+)", log.read().decode(errors="replace"))
    return match.group(1) if match else ""


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
