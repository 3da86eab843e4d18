#!/usr/bin/env python3
"""Test peer: `line-login oauth …` against glewlwyd, a real OpenID Connect provider no one here wrote.

Needs the setup `scripts/glewlwyd/up.sh` writes (`.build/glewlwyd/env.json`, or the file named by
OIDC_INTEROP_ENV). Without it the script skips (exit 0) unless CI=true, where it fails.

For the public client (glewlwyd profile, PKCE) on the ES256 issuer and the confidential client (generic
profile, secret from OAUTH_CLIENT_SECRET) on the RS256 issuer, with a temporary --store-dir:
`oauth login --issuer … --client-id … --no-browser --redirect-port N --json`, this script acting as the
browser (the printed URL from stderr; glewlwyd's REST login, grant, GET auth&g_continue → 302 to the
CLI's loopback listener; GET it); then `oauth token show [--reveal]`, `oauth token refresh`,
`oauth token introspect [--refresh]`, `oauth userinfo`, `oauth token revoke [--refresh]`,
`oauth logout`, with the exit codes the CLI documents (0 ok, 2 usage, 3 not logged in, 4 network
or server, 5 login failed or cancelled). Also a person's path (the printed URL opened in headless
Chromium on glewlwyd's own login and consent pages), Ctrl-C during login (exit 5) and usage errors. No token
may appear on stdout or stderr except with `token show --reveal`.

Standalone: `LINE_LOGIN=/path/to/line-login python test_oauth_cli.py`. Prints `ok - …` / `not ok - …`
per check and exits 1 if any failed. Tokens and codes are never printed.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import requests

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import PACKAGE_ROOT, check  # noqa: E402

URL_PROMPT = "Open this URL in a browser to sign in:"
COMMAND_TIMEOUT = 60
OVERALL_TIMEOUT = 240

secrets_seen: set[str] = set()  # token values that must never be printed


def load_env() -> dict | None:
    path = Path(os.environ.get("OIDC_INTEROP_ENV") or PACKAGE_ROOT / ".build/glewlwyd/env.json")
    if not path.exists():
        return None
    return json.loads(path.read_text())


class Result:
    def __init__(self, args: list[str], code: int, stdout: str, stderr: str, revealed: bool = False):
        self.args, self.code, self.stdout, self.stderr, self.revealed = args, code, stdout, stderr, revealed

    def json(self) -> dict:
        try:
            lines = self.stdout.strip().splitlines()
            value = json.loads(lines[-1]) if lines else {}
            return value if isinstance(value, dict) else {}
        except ValueError:
            return {}

    @property
    def label(self) -> str:
        return "oauth " + " ".join(a for a in self.args if not a.startswith("/"))[:80]

    def first_error(self) -> str:
        return self.stderr.strip().splitlines()[0][:200] if self.stderr.strip() else ""


all_results: list[Result] = []


class CLI:
    def __init__(self, path: str, store: str, env: dict[str, str]):
        self.path, self.store, self.env = path, store, env

    def run(self, *args: str, timeout: float = COMMAND_TIMEOUT) -> Result:
        argv = [self.path, "oauth", *args, "--store-dir", self.store]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=self.env, stdin=subprocess.DEVNULL)
        result = Result(list(args), done.returncode, done.stdout, done.stderr, revealed="--reveal" in args)
        all_results.append(result)
        return result


class GlewlwydBrowser:
    """Does what glewlwyd's login page does, over its REST API (127.0.0.1 only)."""

    def __init__(self, env: dict):
        self.base = env["baseURL"]
        self.user = env["user"]

    def complete(self, authorization_url: str) -> tuple[int, str]:
        query = urllib.parse.parse_qs(urllib.parse.urlparse(authorization_url).query)
        session = requests.Session()
        login = session.post(f"{self.base}/api/auth/", json={"username": self.user["username"], "password": self.user["password"]}, timeout=10)
        if login.status_code != 200:
            return login.status_code, ""
        client_id = query["client_id"][0]
        grant = session.put(f"{self.base}/api/auth/grant/{client_id}", json={"scope": query["scope"][0]}, timeout=10)
        if grant.status_code != 200:
            return grant.status_code, ""
        authorize = session.get(authorization_url + "&g_continue", allow_redirects=False, timeout=10)
        location = authorize.headers.get("Location", "")
        if authorize.status_code != 302 or not location:
            return authorize.status_code, ""
        # The redirect goes to the CLI's loopback listener: deliver it like a browser would.
        callback = requests.get(location, timeout=10)
        return callback.status_code, location


def login(cli: CLI, browser: GlewlwydBrowser, args: list[str], label: str) -> Result | None:
    argv = [cli.path, "oauth", "login", *args, "--no-browser", "--json", "--store-dir", cli.store]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli.env, stdin=subprocess.DEVNULL)
    lines: queue.Queue[str] = queue.Queue()
    stderr_lines: list[str] = []

    def pump():
        for line in proc.stderr:
            stderr_lines.append(line)
            lines.put(line)

    thread = threading.Thread(target=pump, daemon=True)
    thread.start()
    url = None
    deadline = time.time() + 30
    saw_prompt = False
    while time.time() < deadline and url is None:
        try:
            line = lines.get(timeout=1).strip()
        except queue.Empty:
            if proc.poll() is not None:
                break
            continue
        if saw_prompt and line.startswith("http"):
            url = line
        saw_prompt = saw_prompt or URL_PROMPT in line
    if not check(url is not None, f"{label}: stderr shows '{URL_PROMPT}' and the authorization URL"):
        proc.kill()
        proc.wait()
        print("# stderr: " + "".join(stderr_lines)[:500])
        return None
    query = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
    check(query.get("code_challenge_method") == ["S256"] and "nonce" in query and "state" in query,
          f"{label}: the URL carries PKCE S256, state and nonce")
    status, location = browser.complete(url)
    check(status == 200, f"{label}: glewlwyd redirected to the CLI's loopback listener, which answered 200", f"HTTP {status}")
    code = urllib.parse.parse_qs(urllib.parse.urlparse(location).query).get("code", [""])[0]
    if code:
        secrets_seen.add(code)
    try:
        stdout, _ = proc.communicate(timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        stdout, _ = proc.communicate()
    thread.join(timeout=5)
    result = Result(["login", *args], proc.returncode, stdout, "".join(stderr_lines))
    all_results.append(result)
    check(result.code == 0, f"{label}: login exits 0", result.first_error())
    return result


def session_checks(cli: CLI, browser: GlewlwydBrowser, issuer: str, client_id: str, login_args: list[str], label: str, public: bool) -> None:
    result = login(cli, browser, login_args, label)
    if result is None or result.code != 0:
        return
    summary = result.json()
    claims = summary.get("idToken", {})
    check(claims.get("iss") == issuer, f"{label}: the validated ID token's issuer is the glewlwyd issuer")
    check(client_id in claims.get("aud", []), f"{label}: the ID token's audience is the client")
    check(summary.get("hasRefreshToken") is True, f"{label}: a refresh token is stored")

    shown = cli.run("token", "show", "--json")
    check(shown.code == 0 and shown.json().get("issuer") == issuer, f"{label}: token show (remembered issuer and client) exits 0", shown.first_error())
    revealed = cli.run("token", "show", "--reveal")
    tokens = revealed.json()
    for name in ("accessToken", "refreshToken", "idTokenRaw"):
        if tokens.get(name):
            secrets_seen.add(tokens[name])
    check(revealed.code == 0 and bool(tokens.get("accessToken")), f"{label}: token show --reveal prints the tokens")
    plain = cli.run("token", "show")
    check(plain.code == 0 and "user ID:" in plain.stdout, f"{label}: token show prints a summary")
    check(plain.stdout.splitlines()[:1] == [f"Signed in to {issuer} as client {client_id}."],
          f"{label}: token show (text) starts with the issuer and client")

    refreshed = cli.run("token", "refresh", "--json")
    check(refreshed.code == 0, f"{label}: token refresh exits 0", refreshed.first_error())
    after = cli.run("token", "show", "--reveal").json()
    check(after.get("accessToken") not in (None, tokens.get("accessToken")), f"{label}: the refresh stored a new access token")
    if after.get("accessToken"):
        secrets_seen.add(after["accessToken"])

    introspected = cli.run("token", "introspect", "--json")
    check(introspected.code == 0 and introspected.json().get("active") is True, f"{label}: token introspect says active",
          introspected.first_error())
    introspected_refresh = cli.run("token", "introspect", "--refresh", "--json")
    check(introspected_refresh.code == 0 and introspected_refresh.json().get("active") is True,
          f"{label}: token introspect --refresh says active", introspected_refresh.first_error())

    userinfo = cli.run("userinfo", "--json")
    check(userinfo.code == 0 and userinfo.json().get("sub") == claims.get("sub"), f"{label}: userinfo's sub is the ID token's",
          userinfo.first_error())
    check(userinfo.json().get("email") == browser.user["email"], f"{label}: userinfo has the user's email")

    revoked = cli.run("token", "revoke", "--json")
    check(revoked.code == 0 and revoked.json().get("signedIn") is True, f"{label}: token revoke (access) exits 0, session kept",
          revoked.first_error())
    if not public:
        # A confidential client introspects with its own credentials: the revoked token is inactive.
        inactive = cli.run("token", "introspect", "--json")
        check(inactive.code == 0 and inactive.json().get("active") is False, f"{label}: the revoked access token is inactive",
              inactive.first_error())
    again = cli.run("userinfo", "--json")
    check(again.code == 0 and again.json().get("sub") == claims.get("sub"), f"{label}: userinfo after revoke refreshes first and works",
          again.first_error())
    fresh = cli.run("token", "show", "--reveal").json()
    if fresh.get("accessToken"):
        secrets_seen.add(fresh["accessToken"])
    active_again = cli.run("token", "introspect", "--json")
    check(active_again.code == 0 and active_again.json().get("active") is True, f"{label}: the new access token is active")
    spoken = cli.run("token", "introspect")
    check(spoken.code == 0 and spoken.stdout.splitlines()[:1] == ["Active."] and "openid" in spoken.stdout,
          f"{label}: token introspect (text): Active. and the scopes", spoken.first_error())
    printed = cli.run("token", "print", "--reveal")
    check(printed.code == 0 and bool(fresh.get("accessToken")) and printed.stdout == fresh.get("accessToken", "") + "\n",
          f"{label}: token print --reveal: the bare access token and a newline", f"exit {printed.code}")
    refused = cli.run("token", "print")
    check(refused.code == 2 and refused.stdout == "" and "--reveal" in refused.stderr,
          f"{label}: token print without --reveal: exit 2, nothing printed", f"exit {refused.code}")

    revoked_refresh = cli.run("token", "revoke", "--refresh")
    check(revoked_refresh.code == 0, f"{label}: token revoke --refresh exits 0", revoked_refresh.first_error())
    check(revoked_refresh.stdout == "Revoked the refresh token.\n", f"{label}: token revoke --refresh (text) says so")
    no_refresh = cli.run("token", "refresh")
    check(no_refresh.code == 3, f"{label}: token refresh without a refresh token exits 3", f"exit {no_refresh.code}")

    logout = cli.run("logout", "--json")
    check(logout.code == 0 and logout.json().get("loggedOut") is True, f"{label}: logout exits 0", logout.first_error())
    gone = cli.run("token", "show")
    check(gone.code == 3, f"{label}: token show after logout exits 3", f"exit {gone.code}")
    userinfo_gone = cli.run("userinfo")
    check(userinfo_gone.code == 3, f"{label}: userinfo after logout exits 3", f"exit {userinfo_gone.code}")
    twice = cli.run("logout", "--json")
    check(twice.code == 0 and twice.json().get("wasLoggedIn") is False, f"{label}: a second logout says not logged in")


def cancel_check(cli: CLI, issuer: str, client_id: str, port: int) -> None:
    argv = [cli.path, "oauth", "login", "--issuer", issuer, "--client-id", client_id, "--provider", "glewlwyd",
            "--redirect-port", str(port), "--no-browser", "--store-dir", cli.store]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli.env, stdin=subprocess.DEVNULL)
    deadline = time.time() + 20
    buffer = ""
    while time.time() < deadline and URL_PROMPT not in buffer:
        line = proc.stderr.readline()
        if not line:
            break
        buffer += line
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    check(proc.returncode == 5, "Ctrl-C during oauth login exits 5 (cancelled)", f"exit {proc.returncode}")


def real_browser_check(cli: CLI, env_file: dict, issuer: str, client_id: str, port: int) -> None:
    """A person's path: the printed URL opened in a real browser (headless Chromium) on glewlwyd's own
    login and consent pages, which redirect to the CLI's loopback listener."""
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as EC
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        check(os.environ.get("CI") != "true", "selenium is installed for the real-browser check")
        return
    chromium = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)), None)
    driver_path = next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(p)), None)
    if not chromium or not driver_path:
        check(os.environ.get("CI") != "true", "chromium and chromedriver are installed for the real-browser check")
        return
    argv = [cli.path, "oauth", "login", "--issuer", issuer, "--client-id", client_id, "--provider", "glewlwyd",
            "--redirect-port", str(port), "--no-browser", "--json", "--store-dir", cli.store]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli.env, stdin=subprocess.DEVNULL)
    url = None
    buffer = ""
    deadline = time.time() + 30
    while time.time() < deadline and url is None:
        line = proc.stderr.readline()
        if not line:
            break
        if URL_PROMPT in buffer and line.startswith("http"):
            url = line.strip()
        buffer += line
    if not check(url is not None, "real browser: the CLI printed the authorization URL"):
        proc.kill()
        proc.wait()
        return
    driver = peerkit.new_driver("1000,900", chromium=chromium, chromedriver=driver_path,
                                arguments=("--headless=new", "--no-sandbox", "--disable-gpu"),
                                page_load_timeout=None, script_timeout=None)
    landed = ""
    try:
        wait = WebDriverWait(driver, 20)
        driver.get(url)
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "input[type=password]")))
        driver.find_element(By.CSS_SELECTOR, "input[type=text]").send_keys(env_file["user"]["username"])
        driver.find_element(By.CSS_SELECTOR, "input[type=password]").send_keys(env_file["user"]["password"])
        driver.find_element(By.XPATH, "//button[normalize-space()='OK']").click()
        # The consent page appears unless the user already granted these scopes to this client.
        grant_or_continue = "//button[normalize-space()='Grant access' or normalize-space()='Continue']"
        button = wait.until(EC.element_to_be_clickable((By.XPATH, grant_or_continue)))
        if button.text.strip() == "Grant access":
            for box in driver.find_elements(By.CSS_SELECTOR, "input[type=checkbox]"):
                if box.is_enabled() and not box.is_selected():
                    box.click()
            button.click()
            wait.until(EC.staleness_of(button))
        wait.until(EC.element_to_be_clickable((By.XPATH, "//button[normalize-space()='Continue']"))).click()
        wait.until(lambda d: d.current_url.startswith(f"http://127.0.0.1:{port}/callback"))
        landed = driver.current_url
    except Exception as error:  # noqa: BLE001 - report any browser failure as a failed check
        print(f"# browser: {type(error).__name__}: {str(error)[:200]}")
        driver.save_screenshot(os.path.join(tempfile.gettempdir(), "oauth-cli-browser.png"))
    finally:
        driver.quit()
    check(landed.startswith(f"http://127.0.0.1:{port}/callback"), "real browser: glewlwyd's pages redirected to the CLI's listener")
    try:
        stdout, stderr = proc.communicate(timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        stdout, stderr = proc.communicate()
    result = Result(["login", "(real browser)"], proc.returncode, stdout, buffer + stderr)
    all_results.append(result)
    check(result.code == 0, "real browser: oauth login exits 0", result.first_error())
    summary = result.json()
    check(summary.get("idToken", {}).get("iss") == issuer, "real browser: the validated ID token's issuer is the glewlwyd issuer")
    check(set(summary.get("scopes", [])) >= {"openid", "profile", "email"}, "real browser: the granted scopes are stored",
          " ".join(summary.get("scopes", [])))
    logout = cli.run("logout")
    check(logout.code == 0, "real browser: logout exits 0", logout.first_error())


def device_check(cli: CLI, env_file: dict, issuer: str, client_id: str) -> None:
    """RFC 8628 against glewlwyd: `oauth login --device` prints a user code; the user, elsewhere, signs in
    to glewlwyd, grants the scopes and enters the code; the CLI's polling then gets the tokens."""
    argv = [cli.path, "oauth", "login", "--device", "--issuer", issuer, "--client-id", client_id, "--provider", "glewlwyd",
            "--scope", "openid", "profile", "email", "--json", "--store-dir", cli.store]
    proc = peerkit.track(subprocess.Popen(argv, env=cli.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True))
    stderr = peerkit.StderrLines(proc)
    user_code = ""
    try:
        if stderr.wait_for(lambda line: "enter the code" in line):
            user_code = stderr.wait_for(lambda line: bool(line.strip())).strip()
        check(bool(user_code), "oauth login --device: prints the address and a user code", stderr.text[-300:])
        if not user_code:
            return
        # The user, on another device: glewlwyd's login, the grant, then the code.
        session = requests.Session()
        user = env_file["user"]
        session.post(f"{env_file['baseURL']}/api/auth/", json={"username": user["username"], "password": user["password"]}, timeout=10)
        session.put(f"{env_file['baseURL']}/api/auth/grant/{client_id}", json={"scope": "openid profile email"}, timeout=10)
        approved = session.get(f"{issuer}/device", params={"code": user_code, "g_continue": ""}, allow_redirects=False, timeout=10)
        check(approved.status_code == 302 and "deviceComplete" in approved.headers.get("Location", ""),
              "device flow: glewlwyd accepts the user code", f"status {approved.status_code}")
        try:
            out, _ = proc.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            peerkit.stop_process(proc, term_first=False)
            out = ""
        result = Result(["login", "--device"], proc.returncode if proc.returncode is not None else -999, out, stderr.text)
        all_results.append(result)
        summary = result.json()
        check(result.code == 0 and summary.get("issuer") == issuer and summary.get("hasRefreshToken") is True
              and (summary.get("idToken") or {}).get("sub"),
              "oauth login --device: the polling gets validated tokens (exit 0, issuer, refresh token, ID token)",
              f"exit {result.code}: {result.first_error()}")
        shown = cli.run("token", "show", "--json")
        check(shown.code == 0 and shown.json().get("issuer") == issuer, "after the device login: token show has the session",
              f"exit {shown.code}")
    finally:
        if proc.poll() is None:
            peerkit.stop_process(proc, term_first=False)
        peerkit.untrack(proc)


def main() -> int:
    env_file = load_env()
    if env_file is None:
        if os.environ.get("CI") == "true":
            print("not ok - no glewlwyd setup (.build/glewlwyd/env.json): scripts/glewlwyd/up.sh must run first under CI")
            return 1
        print("# skipped: no glewlwyd setup; run scripts/glewlwyd/up.sh")
        return 0
    peerkit.start_watchdog(OVERALL_TIMEOUT, exit_code=3, message=None)

    path = peerkit.line_login_binary(timeout=600)
    browser = GlewlwydBrowser(env_file)
    issuers = {issuer["algorithm"]: issuer["issuer"] for issuer in env_file["issuers"]}
    ports = [int(urllib.parse.urlparse(uri).port) for uri in env_file["redirectURIs"]]
    public_id = env_file["publicClient"]["clientID"]
    confidential = env_file["confidentialClient"]

    with tempfile.TemporaryDirectory(prefix="oauth-cli-") as store:
        base_env = {k: v for k, v in os.environ.items() if k != "OAUTH_CLIENT_SECRET"}
        cli = CLI(path, store, base_env)

        usage = cli.run("login", "--issuer", issuers["ES256"])
        check(usage.code == 2, "oauth login without --client-id exits 2", f"exit {usage.code}")
        usage = cli.run("login", "--client-id", public_id)
        check(usage.code == 2, "oauth login without --issuer or --provider exits 2", f"exit {usage.code}")
        usage = cli.run("login", "--issuer", issuers["ES256"], "--client-id", public_id, "--provider", "nope")
        check(usage.code == 2, "an unknown --provider exits 2", f"exit {usage.code}")
        insecure = cli.run("login", "--issuer", "http://id.example.com", "--client-id", public_id, "--no-browser")
        check(insecure.code == 2 and "https" in insecure.stderr, "a plain-http issuer off loopback is a configuration error (exit 2)",
              insecure.first_error())
        unreachable = cli.run("login", "--issuer", "http://127.0.0.1:9/nothing", "--client-id", public_id, "--no-browser")
        check(unreachable.code == 4, "an unreachable issuer exits 4", f"exit {unreachable.code}")
        nothing = cli.run("token", "show")
        check(nothing.code == 3, "token show before any login exits 3", f"exit {nothing.code}")

        # First, on a fresh server, so glewlwyd's consent page is shown and used.
        real_browser_check(cli, env_file, issuers["ES256"], public_id, ports[1])

        session_checks(cli, browser, issuers["ES256"], public_id,
                       ["--issuer", issuers["ES256"], "--client-id", public_id, "--provider", "glewlwyd", "--redirect-port", str(ports[1])],
                       "public client, ES256 issuer", public=True)

    with tempfile.TemporaryDirectory(prefix="oauth-cli-") as store:
        secret_env = dict(os.environ)
        secret_env["OAUTH_CLIENT_SECRET"] = confidential["clientSecret"]
        secrets_seen.add(confidential["clientSecret"])
        cli = CLI(path, store, secret_env)
        session_checks(cli, browser, issuers["RS256"], confidential["clientID"],
                       ["--issuer", issuers["RS256"], "--client-id", confidential["clientID"], "--client-auth", "client_secret_post",
                        "--redirect-port", str(ports[2])],
                       "confidential client (client_secret_post), RS256 issuer", public=False)
        stored = list(Path(store).glob("*"))
        check(all(confidential["clientSecret"] not in p.read_text(errors="ignore") for p in stored if p.is_file()),
              "the client secret is never written to the store directory")

    with tempfile.TemporaryDirectory(prefix="oauth-cli-") as store:
        cancel_check(CLI(path, store, dict(os.environ)), issuers["ES256"], public_id, ports[1])

    with tempfile.TemporaryDirectory(prefix="oauth-cli-") as store:
        device_check(CLI(path, store, dict(os.environ)), env_file, issuers["ES256"], public_id)

    leaks = [r.label for r in all_results
             if any(s and (s in r.stderr or (s in r.stdout and not r.revealed)) for s in secrets_seen)]
    check(not leaks, "no token, code or secret on stdout/stderr (except token show --reveal)", ", ".join(leaks[:3]))
    return peerkit.summary()


if __name__ == "__main__":
    sys.exit(main())
