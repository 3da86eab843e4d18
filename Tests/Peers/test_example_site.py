#!/usr/bin/env python3
"""Test peer: a real browser (headless Chromium driven by Selenium) uses the example site.

Runs `$LINE_LOGIN example-site --port N` (which starts its own in-process emulator), then:

1. the home page shows the "Log in with LINE" button (LINE green, white label, a separator after the
   mark, hover darkens it with a 10 % black layer, a disabled preview is white with a light border);
2. clicking it goes to the emulator's login page; Brown signs in (brown@example.com / brown) and allows;
3. the browser lands on the site's profile page showing "Brown"; the session cookie is HttpOnly;
4. the JSON API refuses missing and garbage bearer tokens with 401 and a JSON error;
5. "Log out" returns to the home page, which shows the button again; /profile then redirects home;
6. cancelling on LINE's consent page comes back to the home page with a notice, signed out;
7. the site exits cleanly on SIGTERM.

Standalone: `LINE_LOGIN=/path/to/line-login python test_example_site.py`. Prints one `ok - …` /
`not ok - …` line per check and exits 1 if any failed. Tokens and codes are never printed.
Screenshots of the home and profile pages go to `<package>/ci-artifacts/`.
"""

from __future__ import annotations

import os
import sys
import time
import urllib.parse

import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import ARTIFACTS, check  # noqa: E402

OVERALL_TIMEOUT = 150  # seconds for the whole script
LINE_GREEN = (6, 199, 85)  # #06C755
BROWN_ID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"


def parse_rgba(css_color: str) -> tuple[float, ...]:
    inner = css_color[css_color.index("(") + 1: css_color.index(")")]
    return tuple(float(part) for part in inner.split(","))


def rgb(css_color: str) -> tuple[int, ...]:
    return tuple(int(v) for v in parse_rgba(css_color)[:3])


def path_of(driver) -> str:
    return urllib.parse.urlsplit(driver.current_url).path


def flow_button(driver, site: peerkit.Server) -> None:
    driver.get(site.base_url + "/")
    check("LINE Login" in driver.title, "home: the page title names LINE Login", f"title {driver.title!r}")
    buttons = driver.find_elements(By.CSS_SELECTOR, "#account a.line-login-button")
    if not check(len(buttons) >= 1, "home: the Log in with LINE button is present"):
        return
    button = buttons[0]
    check(button.is_displayed(), "home: the button is visible")
    check(button.text.strip() == "Log in with LINE", "home: the button reads 'Log in with LINE'", f"text {button.text!r}")
    check(urllib.parse.urlsplit(button.get_attribute("href")).path == "/login", "home: the button links to /login")
    background = button.value_of_css_property("background-color")
    check(rgb(background) == LINE_GREEN, "home: the button is LINE green (#06C755)", f"background {background}")
    color = button.value_of_css_property("color")
    check(rgb(color) == (255, 255, 255), "home: the label is white", f"color {color}")
    check(button.value_of_css_property("background-image") == "none", "home: no overlay before hover")
    mark = button.find_element(By.CSS_SELECTOR, ".line-login-button__mark")
    check(len(mark.find_elements(By.TAG_NAME, "svg")) == 1 and not button.find_elements(By.TAG_NAME, "img"),
          "home: the mark is an inline SVG, not a logo image")
    separator = mark.value_of_css_property("border-right-color")
    check(parse_rgba(separator)[:3] == (0, 0, 0) and abs(parse_rgba(separator)[3] - 0.08) < 0.01,
          "home: a separator (8 % black) sits between the mark and the text", f"border {separator}")

    ActionChains(driver).move_to_element(button).perform()
    time.sleep(0.2)
    hovered = button.value_of_css_property("background-image")
    check("rgba(0, 0, 0, 0.1)" in hovered, "hover: a 10 % black layer over the base colour", f"background-image {hovered}")
    check(rgb(button.value_of_css_property("background-color")) == LINE_GREEN, "hover: the base colour stays #06C755")
    ActionChains(driver).move_by_offset(0, 300).perform()

    pressed = driver.find_elements(By.CSS_SELECTOR, ".line-login-button.is-pressed")
    check(len(pressed) == 1 and "rgba(0, 0, 0, 0.3)" in pressed[0].value_of_css_property("background-image"),
          "press preview: a 30 % black layer")
    disabled = driver.find_elements(By.CSS_SELECTOR, '.line-login-button[aria-disabled="true"]')
    if check(len(disabled) == 1, "home: a disabled preview is shown"):
        d = disabled[0]
        check(rgb(d.value_of_css_property("background-color")) == (255, 255, 255), "disabled: white background")
        border = parse_rgba(d.value_of_css_property("border-top-color"))
        check(tuple(int(v) for v in border[:3]) == (229, 229, 229) and abs(border[3] - 0.6) < 0.01,
              "disabled: #E5E5E5 border at 60 %", f"border {border}")
        text = parse_rgba(d.value_of_css_property("color"))
        check(tuple(int(v) for v in text[:3]) == (30, 30, 30) and abs(text[3] - 0.2) < 0.01,
              "disabled: #1E1E1E text at 20 %", f"color {text}")
        check(d.get_attribute("href") is None, "disabled: not a link")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    check(driver.save_screenshot(str(ARTIFACTS / "example-site-home.png")), "home: screenshot saved to ci-artifacts/example-site-home.png")


def sign_in_on_emulator(driver, site: peerkit.Server, label: str, user: str = "brown") -> bool:
    """Clicks the site's button and signs `user` (Brown) in on the emulator; stops on the consent page."""
    wait = WebDriverWait(driver, 15)
    driver.get(site.base_url + "/")
    driver.find_element(By.CSS_SELECTOR, "#account a.line-login-button").click()
    try:
        wait.until(EC.presence_of_element_located((By.NAME, "email")))
    except TimeoutException:
        return check(False, f"{label}: the emulator's login page opens", f"url path {path_of(driver)}")
    host = urllib.parse.urlsplit(driver.current_url).netloc
    check(host != f"127.0.0.1:{site.port}" and path_of(driver).startswith("/oauth2/v2.1/"),
          f"{label}: the button leads to the emulator's login page", f"host {host}")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    check(query.get("code_challenge_method") == ["S256"] and bool(query.get("state")) and bool(query.get("nonce")),
          f"{label}: the authorize request carries state, nonce and PKCE S256")
    driver.find_element(By.NAME, "email").send_keys(f"{user}@example.com")
    driver.find_element(By.NAME, "password").send_keys(user)
    driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="login"]').click()
    try:
        wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="allow"]')))
    except TimeoutException:
        return check(False, f"{label}: the consent page follows the sign-in")
    return check(True, f"{label}: {user.title()} signed in, consent page shown")


def flow_login_profile_logout(driver, site: peerkit.Server) -> None:
    wait = WebDriverWait(driver, 15)
    if not sign_in_on_emulator(driver, site, "login"):
        return
    driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="allow"]').click()
    try:
        wait.until(lambda d: urllib.parse.urlsplit(d.current_url).netloc == f"127.0.0.1:{site.port}" and path_of(d) == "/profile")
        landed = True
    except TimeoutException:
        landed = False
    if not check(landed, "login: the browser lands on the site's profile page", f"url path {path_of(driver)}"):
        body = driver.find_element(By.TAG_NAME, "body").text[:200]
        print(f"# page text: {body!r}", flush=True)
        return
    check("code=" not in driver.current_url and "state=" not in driver.current_url, "login: no code or state left in the address bar")
    name = driver.find_element(By.ID, "display-name").text
    check(name == "Brown", "profile: shows the user's name 'Brown'", f"name {name!r}")
    page = driver.find_element(By.TAG_NAME, "body").text
    check(BROWN_ID in page, "profile: shows Brown's user ID")
    check("Hello, LINE!" in page, "profile: shows the status message")
    cookies = {c["name"]: c for c in driver.get_cookies()}
    session = cookies.get("line_session")
    check(session is not None and session.get("httpOnly") is True, "profile: the session cookie is HttpOnly")
    check(session is not None and session.get("sameSite") == "Lax", "profile: the session cookie is SameSite=Lax")
    check("line_login_attempt" not in cookies, "profile: the login-attempt cookie was deleted")
    check("line_session" not in (driver.execute_script("return document.cookie") or ""), "profile: page scripts can't read the session")
    check(driver.save_screenshot(str(ARTIFACTS / "example-site-profile.png")), "profile: screenshot saved to ci-artifacts/example-site-profile.png")

    r = requests.get(site.base_url + "/profile", allow_redirects=False, timeout=10)
    check(r.status_code == 303 and r.headers.get("location") == "/", "profile: without the browser's cookie it redirects home")

    logout = driver.find_element(By.CSS_SELECTOR, 'form[action="/logout"] button[type="submit"]')
    check(logout.text.strip() == "Log out", "profile: a Log out button is shown")
    logout.click()
    try:
        wait.until(lambda d: path_of(d) == "/" and d.find_elements(By.CSS_SELECTOR, "#account a.line-login-button"))
        back = True
    except TimeoutException:
        back = False
    check(back, "logout: back on the home page, which shows the Log in with LINE button again", f"url path {path_of(driver)}")
    check("line_session" not in {c["name"] for c in driver.get_cookies()}, "logout: the session cookie is gone")
    driver.get(site.base_url + "/profile")
    check(path_of(driver) == "/", "logout: /profile now redirects to the home page", f"url path {path_of(driver)}")


def flow_cancel(driver, site: peerkit.Server) -> None:
    wait = WebDriverWait(driver, 15)
    # Logging out of the site leaves LINE's SSO session (as on LINE), and Brown consented already: a
    # fresh browser and Cony, so that the consent page is shown to cancel on.
    driver.delete_all_cookies()
    if not sign_in_on_emulator(driver, site, "cancel", user="cony"):
        return
    driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="cancel"]').click()
    try:
        notice = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".notice")))
        check("cancelled" in notice.text.lower(), "cancel: back home with a 'cancelled' notice", f"text {notice.text!r}")
    except TimeoutException:
        check(False, "cancel: back home with a 'cancelled' notice", f"url path {path_of(driver)}")
    check(path_of(driver) == "/", "cancel: the browser is on the home page")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#account a.line-login-button")) == 1, "cancel: still signed out (the button is shown)")


def flow_api(site: peerkit.Server) -> None:
    for label, headers in (("no token", {}), ("garbage token", {"Authorization": "Bearer garbage"}),
                           ("forged JWT", {"Authorization": "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."})):
        r = requests.get(site.base_url + "/api/me", headers=headers, timeout=10)
        try:
            body = r.json()
        except ValueError:
            body = {}
        check(r.status_code == 401 and "error" in body and r.headers.get("content-type", "").startswith("application/json"),
              f"api: {label} → 401 with a JSON error", f"status {r.status_code}")
    r = requests.post(site.base_url + "/api/nonce", timeout=10)
    nonce = r.json().get("nonce", "") if r.status_code == 200 else ""
    check(r.status_code == 200 and len(nonce) == 43, "api: /api/nonce issues a 43-character nonce")
    r = requests.post(site.base_url + "/api/session", json={"id_token": "garbage"}, timeout=10)
    check(r.status_code == 401 and r.json().get("reason") == "malformed", "api: /api/session refuses a garbage ID token with 401")


def metric(text: str, name: str, **labels: str) -> float:
    """The sum of the samples of `name` whose labels include `labels`, from Prometheus' text format."""
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        head, _, value = line.rpartition(" ")
        if all(f'{key}="{wanted}"' in head for key, wanted in labels.items()):
            total += float(value)
    return total


def flow_metrics(site: peerkit.Server) -> None:
    """What the earlier flows left in /metrics (swift-prometheus) and in the site's log (stderr)."""
    r = requests.get(site.base_url + "/metrics", timeout=10)
    check(r.status_code == 200 and r.headers.get("content-type", "").startswith("text/plain"),
          "metrics: GET /metrics answers Prometheus' text format", f"status {r.status_code}")
    text = r.text
    check(metric(text, "line_login_web_logins_total", outcome="signed_in") >= 1, "metrics: the sign-in is counted (outcome signed_in)")
    check(metric(text, "line_login_web_logins_total", outcome="cancelled") >= 1, "metrics: the cancelled login is counted (outcome cancelled)")
    check(metric(text, "line_login_verifications_total", kind="access_token", outcome="refused") >= 1,
          "metrics: the refused bearer tokens are counted by kind and outcome")
    check(metric(text, "line_login_verifications_total", kind="id_token", outcome="refused", reason="malformed") >= 1,
          "metrics: the garbage ID token is counted with its reason (malformed)")
    check(metric(text, "line_login_line_requests_total", endpoint="token", status="2xx") >= 1,
          "metrics: the code exchange is counted as a call to LINE's token endpoint")
    check(metric(text, "line_login_line_request_duration_seconds_count", endpoint="token") >= 1,
          "metrics: LINE's token endpoint latency is timed")
    check("http_" in text, "metrics: Hummingbird's request metrics are there too")
    log = site.output()
    check("GET /profile 200" in log and "hb.request.id=" in log, "log: one line per request with its request ID")
    check("LINE web login" in log or "line.outcome=" in log, "log: the server kit's records are in the site's log")
    for secret_part in ("code=", "state=", "eyJ"):
        check(secret_part not in log, f"log: nothing like {secret_part!r} (codes, states, tokens) was logged")


def main() -> int:
    site = peerkit.Server(peerkit.line_login_binary(), "example-site", not_ready="the example site did not answer", grace=10)
    driver = None
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            site.start()
            check(True, f"example site answers on port {site.port} (with its own emulator)")
            check("Example site at" in site.output() and "LINE emulator at" in site.output(), "example site prints its and the emulator's URLs")
            driver = peerkit.start_browser("1000,1000")
            if driver is None:
                return 1
            for flow in (flow_button, flow_login_profile_logout, flow_cancel):
                peerkit.guarded(f"{flow.__name__} ran without an exception", flow, driver, site)
            for flow in (flow_api, flow_metrics):
                try:
                    flow(site)
                except Exception as error:
                    check(False, f"{flow.__name__} ran without an exception", f"{type(error).__name__}: {error}")
    finally:
        peerkit.quit_browser(driver)
        peerkit.check_sigterm_exit(site.stop(), "example site")
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
