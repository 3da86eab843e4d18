"""The harness the test peers in this folder share. Not a test itself: CI runs only `test_*.py`.

A peer stays a standalone script: it puts its own folder on `sys.path`, imports this module, reports
every check with `check()` (one `ok - …` / `not ok - …` line each), ends its `main` with `summary()`
(`# N passed, M failed`; status 1 if any failed) and runs it with `run_main()`, which adds the overall
SIGALRM timeout (the script sees `TimeoutError`) and a watchdog for when the alarm cannot interrupt.

Also here: a free loopback port, the `line-login` binary (`$LINE_LOGIN`, else `swift build
--show-bin-path`), `line-login emulator` and other `line-login` servers as subprocesses that are always
stopped (SIGTERM, then SIGKILL), headless Chromium (Debian's /usr/bin/chromium and /usr/bin/chromedriver
through Selenium, imported only when a browser is wanted) and a loopback `/callback` server.
"""

from __future__ import annotations

import http.server
import queue
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import requests

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = PACKAGE_ROOT / "ci-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
HEADLESS_ARGUMENTS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                      "--no-first-run", "--no-default-browser-check")

failures = 0
checks = 0
running: list[subprocess.Popen] = []  # started and not yet stopped: for cleanup and the hard-timeout watchdog


# --- reporting ---------------------------------------------------------------------------------------------

def check(condition: bool, description: str, detail: str = "") -> bool:
    """Prints one TAP-like line and counts failures."""
    global failures, checks
    checks += 1
    if condition:
        print(f"ok - {description}", flush=True)
    else:
        failures += 1
        print(f"not ok - {description}" + (f" ({detail})" if detail else ""), flush=True)
    return bool(condition)


def summary() -> int:
    """Prints `# N passed, M failed` and returns the script's exit status (1 if any check failed)."""
    print(f"# {checks - failures} passed, {failures} failed", flush=True)
    return 1 if failures else 0


def error_line(error: BaseException) -> str:
    return str(error).splitlines()[0] if str(error) else ""


def guarded(description: str, body: Callable[..., object], *args, traceback_limit: int = 3,
            detail_chars: int | None = None) -> None:
    """Runs `body(*args)`; an exception (other than the overall timeout) fails the check `description`
    instead of ending the script, so one broken part does not hide the others."""
    try:
        body(*args)
    except TimeoutError:
        raise
    except Exception as error:
        message = error_line(error)
        if detail_chars is not None:
            message = message[:detail_chars]
        check(False, description, f"{type(error).__name__}: {message}")
        traceback.print_exc(limit=traceback_limit)


@contextmanager
def reported(overall_timeout: int) -> Iterator[None]:
    """The outer `try` of a main: the overall timeout and a failed setup end up as failed checks."""
    try:
        yield
    except TimeoutError:
        check(False, f"finished within {overall_timeout} s")
    except Exception as error:
        check(False, "setup", f"{type(error).__name__}: {error}")


def check_sigterm_exit(status: int | None, what: str) -> None:
    """`<what> stops on SIGTERM`, from the status `Server.stop()` returned (nothing if it never started)."""
    if status is not None:
        check(status in (0, -signal.SIGTERM, 128 + signal.SIGTERM), f"{what} stops on SIGTERM", f"exit status {status}")


# --- timeouts ----------------------------------------------------------------------------------------------

def start_watchdog(after: float, exit_code: int = 1, message: str | None = "not ok - hard timeout: exiting") -> None:
    """After `after` s: prints `message`, kills every subprocess still running and exits `exit_code` at once."""
    def fire():
        if message:
            print(message, flush=True)
        for proc in list(running):
            if proc.poll() is None:
                proc.kill()
        os._exit(exit_code)

    timer = threading.Timer(after, fire)
    timer.daemon = True
    timer.start()


def run_main(main: Callable[[], int], overall_timeout: int) -> None:
    """Runs `main` with SIGALRM after `overall_timeout` s (raising `TimeoutError` in it) and a watchdog
    30 s later as the backstop (exit 1, by when main's `finally` should have run); exits with main's status."""
    def on_alarm(signum, frame):
        raise TimeoutError(f"overall timeout of {overall_timeout} s")

    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(overall_timeout)
    start_watchdog(overall_timeout + 30)
    code = main()
    signal.alarm(0)
    sys.exit(code)


# --- processes ---------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def line_login_binary(timeout: float = 60) -> str:
    """`$LINE_LOGIN`, else `line-login` in `swift build --show-bin-path` (`timeout` s for SwiftPM to answer)."""
    path = os.environ.get("LINE_LOGIN")
    if path:
        return path
    out = subprocess.run(
        ["swift", "build", "--product", "line-login", "--show-bin-path"],
        cwd=PACKAGE_ROOT, capture_output=True, text=True, check=True, timeout=timeout,
    ).stdout.strip().splitlines()[-1]
    return str(Path(out) / "line-login")


def track(proc: subprocess.Popen) -> subprocess.Popen:
    running.append(proc)
    return proc


def untrack(proc: subprocess.Popen) -> None:
    if proc in running:
        running.remove(proc)


def stop_process(proc: subprocess.Popen | None, term_first: bool = True, grace: float = 5) -> int | None:
    """SIGTERM (unless `term_first` is false), then SIGKILL after `grace` s. Returns the exit status."""
    if proc is None:
        return None
    if proc.poll() is None:
        try:
            if term_first:
                proc.terminate()
                try:
                    proc.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=5)
            else:
                proc.kill()
                proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
    untrack(proc)
    return proc.returncode


def kill_all() -> None:
    for proc in list(running):
        stop_process(proc, term_first=False)



def emulator_config(prefix: str, **channel: object) -> str:
    """A temporary `--config` file with one channel (`channelID`, `channelSecret`, callback
    `http://127.0.0.1/callback` unless given, plus `channel`'s other fields); the users stay the built-in
    ones (Brown, Cony). The caller deletes it."""
    config = {"channels": [{"callbackURLs": ["http://127.0.0.1/callback"], **channel}]}
    handle, path = tempfile.mkstemp(prefix=prefix, suffix=".json")
    with os.fdopen(handle, "w") as file:
        json.dump(config, file)
    return path

class Server:
    """`line-login <command> --host 127.0.0.1 --port <free port> [extra args]` as a subprocess, up once
    `ready_path` answers 200; always stopped by `stop()` (SIGTERM, then SIGKILL after `grace` s)."""

    def __init__(self, binary: str, command: str, extra_args: list[str] | None = None, *,
                 env: dict[str, str] | None = None, ready_path: str = "/",
                 not_ready: str = "the server did not answer", grace: float = 5):
        self.binary = binary
        self.command = command
        self.extra_args = extra_args or []
        self.env = env
        self.ready_path = ready_path
        self.not_ready = not_ready
        self.grace = grace
        self.proc: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()
        self.port = 0
        self.base_url = ""

    def start(self, attempts: int = 3) -> None:
        last_error = ""
        for _ in range(attempts):
            self.port = free_port()
            self.base_url = f"http://127.0.0.1:{self.port}"
            self.log.seek(0)
            self.log.truncate()
            self.proc = track(subprocess.Popen(
                [self.binary, self.command, "--host", "127.0.0.1", "--port", str(self.port), *self.extra_args],
                env=self.env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            ))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    break
                try:
                    r = requests.get(f"{self.base_url}{self.ready_path}", timeout=2)
                    if r.status_code == 200:
                        return
                except requests.RequestException:
                    pass
                time.sleep(0.2)
            # Nothing secret has been issued yet, so the start-up output is safe to show.
            last_error = self.output()[-2000:]
            self.stop()
        raise RuntimeError(f"{self.not_ready}; its output:\n{last_error}")

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> int | None:
        """Returns the exit status (None if never started)."""
        proc, self.proc = self.proc, None
        return stop_process(proc, grace=self.grace)


class Emulator(Server):
    """`line-login emulator`, up once it answers discovery."""

    def __init__(self, binary: str, extra_args: list[str] | None = None, env: dict[str, str] | None = None):
        super().__init__(binary, "emulator", extra_args, env=env, ready_path="/.well-known/openid-configuration",
                         not_ready="the emulator did not answer discovery")


# --- browser -----------------------------------------------------------------------------------------------

def new_driver(window_size: str, *, chromium: str = CHROMIUM, chromedriver: str = CHROMEDRIVER,
               arguments: tuple[str, ...] = HEADLESS_ARGUMENTS, page_load_timeout: float | None = 30,
               script_timeout: float | None = 10):
    """Headless Chromium through Selenium (imported here, so peers without a browser do not need it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = chromium
    for argument in (*arguments, f"--window-size={window_size}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    if page_load_timeout is not None:
        driver.set_page_load_timeout(page_load_timeout)
    if script_timeout is not None:
        driver.set_script_timeout(script_timeout)
    return driver


def start_browser(window_size: str):
    """`new_driver()` reported as the check `headless Chromium starts`; None if it did not."""
    from selenium.common.exceptions import WebDriverException

    try:
        driver = new_driver(window_size)
    except WebDriverException as error:
        check(False, "headless Chromium starts", error_line(error))
        return None
    check(True, "headless Chromium starts")
    return driver


def quit_browser(driver) -> None:
    if driver is not None:
        try:
            driver.quit()
        except Exception:
            pass


class CallbackServer:
    """A loopback `http.server` that records every request to `/callback`."""

    def __init__(self):
        self.hits: list[dict[str, list[str]]] = []
        self.event = threading.Event()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's naming)
                url = urllib.parse.urlsplit(self.path)
                if url.path != "/callback":
                    self.send_error(404)
                    return
                outer.hits.append(urllib.parse.parse_qs(url.query, keep_blank_values=True))
                outer.event.set()
                body = b"<!DOCTYPE html><title>Callback received</title><h1>Callback received</h1>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # the query holds codes: never log it
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.redirect_uri = f"http://127.0.0.1:{self.port}/callback"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def wait_for_hit(self, count: int, timeout: float = 15) -> dict[str, list[str]] | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.hits) >= count:
                return self.hits[count - 1]
            self.event.wait(0.1)
            self.event.clear()
        return None


class StderrLines:
    """Reads a process's stderr on a thread, line by line, so a test can wait for a line and still see all."""

    def __init__(self, proc: subprocess.Popen):
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []

        def pump():
            for line in proc.stderr:
                self.seen.append(line)
                self._lines.put(line)
            self._lines.put(None)

        threading.Thread(target=pump, daemon=True).start()

    @property
    def text(self) -> str:
        return "".join(self.seen)

    def wait_for(self, predicate: Callable[[str], bool], timeout: float = 30) -> str:
        """The first further line for which `predicate` holds, or "" when stderr ends or `timeout` s pass."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line is None:
                return ""
            if predicate(line):
                return line
        return ""
