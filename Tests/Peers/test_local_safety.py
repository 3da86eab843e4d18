#!/usr/bin/env python3
"""Test peer: what another user of the machine, a hostile provider or a database that stops answering
can do to the `line-login` processes, checked from outside as an operator would see it.

1. `emulator --config FILE` warns when group or others can read or change FILE, or another user owns it
   (it holds secrets and passwords),
   and says nothing when it is 0600.
2. `emulator --state FILE`: the file and its lock are 0600; a second emulator on the same file is refused
   in words (exit 2) while the first runs; a file others may write is refused in words (exit 2).
3. `example-site --postgres URL` with a password warns that the process list shows it;
   `--postgres-url-file` refuses a file others can read (exit 2); both at once is a usage error.
4. `example-site` on a database that accepts connections and never answers: `POST /api/nonce` is a 503
   within the stores' 2 s deadline (not the pool's minute), the failure is logged on stderr and counted
   on `/metrics`; a 404 carries the security headers and every page a Content-Security-Policy.
5. `oauth login --device` against a provider whose `user_code` and `error_description` carry escape
   sequences and run long: nothing reaches the terminal raw, the code is cut at 64 characters, the
   description at 1,024, and both say they were cut.

Standalone: `LINE_LOGIN=/path/to/line-login python test_local_safety.py`.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402
from peerkit import PACKAGE_ROOT, Emulator, check  # noqa: E402

OVERALL_TIMEOUT = 180


def run(binary: str, env: dict[str, str], *args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    proc = peerkit.track(subprocess.Popen([binary, *args], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True))
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        peerkit.stop_process(proc, term_first=False)
        out, err = proc.communicate()
    finally:
        peerkit.untrack(proc)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


class SilentListener:
    """Accepts TCP connections on 127.0.0.1 and never answers: a database that stopped answering."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self.stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.stopped:
            try:
                connection, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(connection)

    def stop(self):
        self.stopped = True
        for connection in self.held:
            connection.close()
        self.sock.close()


def config_warning(binary: str, env: dict[str, str], work: Path) -> None:
    config = work / "emulator.json"
    shutil.copyfile(PACKAGE_ROOT / "docs/examples/emulator-config.json", config)
    # (mode, what the warning must say, or None for no warning)
    cases = [(0o644, "other users can read it"), (0o622, "other users can change it"), (0o600, None)]
    for mode, words in cases:
        os.chmod(config, mode)
        emulator = Emulator(binary, ["--config", str(config)], env=env)
        emulator.start()
        output = emulator.output()
        emulator.stop()
        said = words is not None and words in output and f"chmod 600 {config}" in output
        warned = "holds channel secrets and passwords" in output
        check(said == (words is not None) and warned == (words is not None),
              f"emulator --config with mode {mode:o}: {'warns that ' + words + ', naming chmod 600' if words else 'no warning'}",
              output[-300:])
    if os.geteuid() == 0:
        # Another user's file (only root can make one): that user could change the secrets in it.
        os.chown(config, 65534, 65534)
        emulator = Emulator(binary, ["--config", str(config)], env=env)
        emulator.start()
        output = emulator.output()
        emulator.stop()
        os.chown(config, 0, 0)
        check("belongs to another user (uid 65534)" in output and "Use a copy of your own (chmod 600)" in output,
              "emulator --config owned by another user: warns that it belongs to them", output[-300:])


def state_file(binary: str, env: dict[str, str], work: Path) -> None:
    state = work / "state.json"
    first = Emulator(binary, ["--state", str(state)], env=env)
    first.start()
    try:
        check(mode_of(state) == 0o600 and mode_of(Path(str(state) + ".lock")) == 0o600,
              "emulator --state: the state file and its lock file are 0600", f"{mode_of(state):o}")
        second = run(binary, env, "emulator", "--port", "0", "--state", str(state), timeout=20)
        check(second.returncode == 2 and "Another emulator is using the state file" in second.stderr,
              "a second emulator on the same --state file is refused in words (exit 2)",
              f"exit {second.returncode}: {second.stderr.strip()[:200]}")
        leftovers = [p.name for p in work.iterdir() if p.name.endswith(".tmp")]
        check(not leftovers, "no temporary state file is left beside it", f"{leftovers}")
    finally:
        first.stop()
    again = Emulator(binary, ["--state", str(state)], env=env)
    again.start()
    again.stop()
    check(True, "after the first emulator stopped, a new one uses the same --state file")
    # A state file others may write: whoever wrote it could have chosen the signing keys.
    os.chmod(state, 0o666)
    refused = run(binary, env, "emulator", "--port", "0", "--state", str(state), timeout=20)
    os.chmod(state, 0o600)
    check(refused.returncode == 2 and "is not used: the group or others may write to it (mode 0666)" in refused.stderr,
          "a --state file others may write is refused in words (exit 2)",
          f"exit {refused.returncode}: {refused.stderr.strip()[:200]}")


def database_url(binary: str, env: dict[str, str], work: Path) -> None:
    silent = SilentListener()
    try:
        url = f"postgres://line_login:hunter2-secret@127.0.0.1:{silent.port}/db"
        url_file = work / "postgres-url"
        url_file.write_text(url + "\n")
        os.chmod(url_file, 0o644)
        r = run(binary, env, "example-site", "--port", "0", "--postgres-url-file", str(url_file), timeout=20)
        check(r.returncode == 2 and "other users can read" in r.stderr and "chmod 600" in r.stderr
              and "hunter2" not in r.stderr,
              "example-site --postgres-url-file with a file others can read: exit 2, says chmod 600, never the password",
              f"exit {r.returncode}: {r.stderr.strip()[:200]}")
        r = run(binary, env, "example-site", "--postgres", url, "--postgres-url-file", str(url_file), timeout=20)
        check(r.returncode == 2, "example-site with --postgres and --postgres-url-file: a usage error", f"exit {r.returncode}")

        site = peerkit.Server(binary, "example-site", ["--postgres", url], env=env, not_ready="the example site did not answer")
        site.start()
        try:
            check("process list" in site.output() and "hunter2" not in site.output(),
                  "example-site --postgres URL with a password: warns that the process list shows it (never the password)",
                  site.output()[-300:])
            started = time.monotonic()
            r = requests.post(f"{site.base_url}/api/nonce", timeout=120)
            took = time.monotonic() - started
            check(r.status_code == 503 and took < 10,
                  f"a database that never answers: POST /api/nonce is a 503 in {took:.1f} s (the stores' deadline is 2 s)",
                  f"status {r.status_code}")
            log = site.output()
            check("the nonce store did not answer within 2 s" in log, "the failure is logged on stderr", log[-300:])
            metrics = requests.get(f"{site.base_url}/metrics", timeout=10).text
            counted = [line for line in metrics.splitlines() if line.startswith("line_login_store_failures_total{")
                       and 'store="nonce"' in line and 'reason="timeout"' in line]
            check(len(counted) == 1 and counted[0].endswith(" 1"),
                  "the failure is counted on /metrics (line_login_store_failures_total, store nonce, reason timeout)", f"{counted}")
            missing = requests.get(f"{site.base_url}/no-such-page", timeout=10)
            check(missing.status_code == 404 and missing.headers.get("X-Content-Type-Options") == "nosniff"
                  and "default-src 'none'" in missing.headers.get("Content-Security-Policy", ""),
                  "a 404 carries the security headers and the Content-Security-Policy", f"{dict(missing.headers)}")
        finally:
            site.stop()
    finally:
        silent.stop()


class HostileProvider:
    """An OpenID provider on 127.0.0.1 whose device flow answers with escape sequences and long text."""

    ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\u202e\x9b"
    USER_CODE = ESCAPES + "A" * 100_000
    DESCRIPTION = ESCAPES + "\r\nerror: a fake prompt " + "x" * 5000

    def __init__(self):
        provider = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def reply(self, status: int, body: dict):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):  # noqa: N802
                base = provider.base_url
                self.reply(200, {"issuer": base, "authorization_endpoint": f"{base}/authorize", "token_endpoint": f"{base}/token",
                                 "device_authorization_endpoint": f"{base}/device", "jwks_uri": f"{base}/jwks"})

            def do_POST(self):  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path == "/device":
                    self.reply(200, {"device_code": "device-code", "user_code": provider.USER_CODE,
                                     "verification_uri": f"{provider.base_url}/activate", "expires_in": 600, "interval": 1})
                else:
                    self.reply(400, {"error": "invalid_request", "error_description": provider.DESCRIPTION})

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def provider_text(binary: str, env: dict[str, str], work: Path) -> None:
    provider = HostileProvider()
    try:
        r = run(binary, env, "oauth", "login", "--device", "--issuer", provider.base_url, "--client-id", "client",
                "--store-dir", str(work / "store"), timeout=60)
        out = r.stdout + r.stderr
        check(r.returncode == 4, "oauth login --device, refused by a hostile provider: exit 4", f"exit {r.returncode}")
        raw = [hex(ord(c)) for c in set(out) if ord(c) < 0x20 and c != "\n" or 0x7f <= ord(c) <= 0x9f or c == "\u202e"]
        check(not raw, "no control character of the provider's reaches the terminal raw", f"found {raw}")
        check("\\u{1B}]0;pwned" in r.stderr, "the escape sequences are shown as text", r.stderr[:300])
        code_line = next((line for line in r.stderr.splitlines() if line.startswith("    ")), "")
        check(f"[cut: {len(provider.USER_CODE):,} characters in all]" in code_line and len(code_line) < 400,
              "the user_code is cut at 64 characters and says so", code_line[:200])
        error_line = next((line for line in r.stderr.splitlines() if line.startswith("error:")), "")
        check(f"[cut: {len(provider.DESCRIPTION):,} characters in all]" in error_line and len(error_line) < 1_500,
              "the error_description is cut at 1,024 characters and says so", error_line[:200])
        check(all(len(line) <= 4_200 for line in out.splitlines()), "no line is longer than the 4,096-character bound")
    finally:
        provider.stop()


def main() -> int:
    binary = peerkit.line_login_binary(timeout=120)
    work = Path(tempfile.mkdtemp(prefix="line-login-safety-"))
    home = work / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LINE_")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            peerkit.guarded("the --config check ran", config_warning, binary, env, work)
            peerkit.guarded("the --state checks ran", state_file, binary, env, work)
            peerkit.guarded("the database checks ran", database_url, binary, env, work)
            peerkit.guarded("the provider-text checks ran", provider_text, binary, env, work)
    finally:
        peerkit.kill_all()
        shutil.rmtree(work, ignore_errors=True)
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
