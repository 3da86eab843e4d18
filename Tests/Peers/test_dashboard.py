#!/usr/bin/env python3
"""Test peer: the emulator's dashboard at `/` in a real browser (headless Chromium driven by Selenium).

Runs `$LINE_LOGIN emulator --test-controls --port N`, signs Brown in with a code flow over HTTP (so
tokens show) and leaves one login page open (so a session shows), then opens `/` and checks:

1. the tables by DOM: captions, `<th scope>`, the channel, the users, the tokens by fingerprint and
   never by value, the channel secret nowhere;
2. WCAG 2.1 AA contrast (4.5:1) of every piece of text and of the buttons, computed from the
   browser's own styles, and a visible focus ring;
3. the keyboard alone: the skip link is the first Tab stop, Tab reaches "Rotate signing key" and
   Enter rotates the key; the seconds field and Enter move the clock; "Reset clock" puts it back;
4. a form posted from another origin is refused, even when it carries the right token.

Screenshots: `<package>/docs/screenshots/dashboard.png` (linked from the README) and
`<package>/ci-artifacts/`. Standalone: `LINE_LOGIN=/path/to/line-login python test_dashboard.py`.
Prints one `ok - …` / `not ok - …` line per check and exits 1 if any failed. Tokens are never printed.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import sys
import time
import urllib.parse

import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import ARTIFACTS, PACKAGE_ROOT, Emulator, check  # noqa: E402
from test_browser_login import parse_rgb, pkce_pair  # noqa: E402  (the same colour parsing and PKCE)

OVERALL_TIMEOUT = 150  # seconds for the whole script
CHANNEL_ID = "1234567890"
REDIRECT_URI = "http://127.0.0.1:49152/callback"  # loopback: any port matches; nothing needs to listen
SCREENSHOT = PACKAGE_ROOT / "docs" / "screenshots" / "dashboard.png"
ACTION_PATH = "/_emulator/dashboard/action"
MAX_TABS = 80


# --- WCAG ----------------------------------------------------------------------------------------------------

def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: tuple[int, ...], background: tuple[int, ...]) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# Every visible element with its own text (or a control), its colour and the first opaque background
# behind it: the colours the reader actually sees. The logo (aria-hidden, brand green) is exempt in WCAG.
TEXT_COLOURS_JS = """
const out = [];
function background(el) {
  for (let e = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    const m = bg.match(/rgba?\\(([^)]*)\\)/);
    if (m) { const parts = m[1].split(',').map(Number); if (parts.length < 4 || parts[3] > 0) return bg; }
  }
  return 'rgb(255, 255, 255)';
}
for (const el of document.body.querySelectorAll('*')) {
  if (el.closest('[aria-hidden="true"]') || el.closest('.skip')) continue;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') continue;
  const ownText = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim() !== '');
  const control = el.matches('button, input:not([type=hidden])');
  if (!ownText && !control) continue;
  const rect = el.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) continue;
  out.push([el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''), (el.textContent || el.value || '').trim().slice(0, 40),
            style.color, background(el)]);
}
return out;
"""


# --- the code flow over HTTP -------------------------------------------------------------------------------

def session_in(page: str) -> str:
    match = re.search(r'<input type="hidden" name="session" value="([0-9a-f]{64})">', page)
    if not match:
        raise RuntimeError("no session field on the page")
    return match.group(1)


def sign_in_over_http(base_url: str) -> dict:
    """authorize → login (Brown) → consent → token, as a scripted browser and client would."""
    verifier, challenge = pkce_pair()
    query = {"response_type": "code", "client_id": CHANNEL_ID, "redirect_uri": REDIRECT_URI, "state": "dashboard",
             "scope": "profile openid email", "code_challenge": challenge, "code_challenge_method": "S256"}
    page = requests.get(f"{base_url}/oauth2/v2.1/authorize", params=query, timeout=10)
    session = session_in(page.text)
    consent = requests.post(f"{base_url}/oauth2/v2.1/login", timeout=10, data={
        "session": session, "email": "brown@example.com", "password": "brown", "action": "login"})
    session = session_in(consent.text)
    back = requests.post(f"{base_url}/oauth2/v2.1/consent", data={"session": session, "action": "allow"},
                         allow_redirects=False, timeout=10)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back.headers.get("location", "")).query).get("code", [""])[0]
    token = requests.post(f"{base_url}/oauth2/v2.1/token", timeout=10, data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI, "client_id": CHANNEL_ID,
        "code_verifier": verifier})
    body = token.json() if token.status_code == 200 else {}
    check(bool(body.get("access_token")) and bool(body.get("refresh_token")),
          "setup: Brown signed in over HTTP (code flow with PKCE)", f"token status {token.status_code}")
    # A second login page left open: a pending session for the sessions table.
    pending = requests.get(f"{base_url}/oauth2/v2.1/authorize", params={**query, "state": "pending"}, timeout=10)
    check(pending.status_code == 200, "setup: a second login page is left open")
    return body


def fingerprint(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:8]


# --- page helpers ------------------------------------------------------------------------------------------

def table_rows(driver, table_id: str) -> list[list[str]]:
    return [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in driver.find_elements(By.CSS_SELECTOR, f"#{table_id} tbody tr")]


def current_key(driver) -> str:
    rows = driver.find_elements(By.CSS_SELECTOR, "#keys-table tbody tr.current th")
    return rows[0].text if rows else ""


def clock_offset(driver) -> str:
    found = driver.find_elements(By.ID, "clock-offset")
    return found[0].get_attribute("data-seconds") if found else ""


def active_description(driver) -> str:
    return driver.execute_script("""
        const e = document.activeElement;
        if (!e) return '';
        return e.tagName.toLowerCase() + '|' + (e.getAttribute('value') || '') + '|' + (e.id || '') + '|' +
               (e.className || '') + '|' + (e.textContent || '').trim().slice(0, 40);""") or ""


def tab_to(driver, predicate, label: str) -> bool:
    """Presses Tab (only) until `predicate(active element description)` holds; at most MAX_TABS times."""
    for _ in range(MAX_TABS):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if predicate(active_description(driver)):
            return True
    check(False, f"keyboard: Tab reaches {label}", f"last focus {active_description(driver)!r}")
    return False


def wait_for_done(driver, action: str) -> bool:
    try:
        WebDriverWait(driver, 10).until(lambda d: f"done={action}" in d.current_url)
        return True
    except TimeoutException:
        return False


def start_from_top(driver, url: str) -> None:
    """Loads `url` and puts the keyboard focus before the first element, as a fresh page would."""
    driver.get(url)
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")


# --- checks ------------------------------------------------------------------------------------------------

def check_tables(driver, emulator: Emulator, tokens: dict) -> None:
    driver.get(f"{emulator.base_url}/")
    check("Dashboard" in driver.title, "dashboard: the title names the dashboard", f"title {driver.title!r}")
    check(driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en", "dashboard: <html lang=en>")
    check(len(driver.find_elements(By.TAG_NAME, "h1")) == 1, "dashboard: one h1")
    for table_id in ("channels-table", "users-table", "sessions-table", "access-table", "refresh-table", "keys-table"):
        tables = driver.find_elements(By.ID, table_id)
        if not check(len(tables) == 1, f"{table_id}: present"):
            continue
        table = tables[0]
        caption = table.find_elements(By.TAG_NAME, "caption")
        check(len(caption) == 1 and caption[0].text.strip() != "", f"{table_id}: has a caption")
        heads = table.find_elements(By.CSS_SELECTOR, "thead th")
        check(heads and all(h.get_attribute("scope") == "col" for h in heads), f"{table_id}: column headers have scope=col")
        rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
        check(rows and all(len(r.find_elements(By.CSS_SELECTOR, 'th[scope="row"]')) == 1 for r in rows),
              f"{table_id}: every row has one row header (th scope=row)", f"{len(rows)} rows")
    channels = table_rows(driver, "channels-table")
    check(any(row and row[0] == CHANNEL_ID and "http://127.0.0.1/callback" in row[1] for row in channels),
          "channels: channel 1234567890 with its callback URL", f"rows {channels}")
    users = table_rows(driver, "users-table")
    emails = {row[2] for row in users if len(row) > 2}
    check({"brown@example.com", "cony@example.com"} <= emails, "users: Brown and Cony with their emails", f"emails {emails}")
    access = table_rows(driver, "access-table")
    access_token, refresh_token = tokens.get("access_token", ""), tokens.get("refresh_token", "")
    check(any(row and row[0] == fingerprint(access_token) for row in access),
          "access tokens: Brown's token listed by its fingerprint", f"{len(access)} rows")
    check(any(row and row[0] == fingerprint(refresh_token) for row in table_rows(driver, "refresh-table")),
          "refresh tokens: Brown's refresh token listed by its fingerprint")
    sessions = table_rows(driver, "sessions-table")
    check(any("On the login page" in " ".join(row) for row in sessions), "sessions: the open login page is listed",
          f"rows {sessions}")
    source = html.unescape(driver.page_source)
    secret_match = re.search(r"channel \d+\s+secret (\S+)", emulator.output())
    leaks = [name for name, value in (("access token", access_token), ("refresh token", refresh_token),
                                      ("ID token", tokens.get("id_token", "")),
                                      ("channel secret", secret_match.group(1) if secret_match else ""))
             if value and value in source]
    check(bool(secret_match) and not leaks, "dashboard: no token value and no channel secret in the page", f"found {leaks}")
    check(len(driver.find_elements(By.CSS_SELECTOR, f'form[action="{ACTION_PATH}"]')) == 5,
          "test controls: five button forms (--test-controls)")
    seconds = driver.find_elements(By.ID, "advance-seconds")
    check(len(seconds) == 1 and len(driver.find_elements(By.CSS_SELECTOR, 'label[for="advance-seconds"]')) == 1,
          "test controls: the seconds field has a label")


def check_contrast(driver, emulator: Emulator) -> None:
    driver.get(f"{emulator.base_url}/")
    samples = driver.execute_script(TEXT_COLOURS_JS)
    check(len(samples) > 50, "contrast: text elements sampled", f"{len(samples)}")
    failing = []
    for selector, text, colour, background in samples:
        ratio = contrast(parse_rgb(colour), parse_rgb(background))
        if ratio < 4.5:
            failing.append(f"{selector} {text!r} {ratio:.2f}")
    check(not failing, "contrast: all text is at least 4.5:1 (WCAG 2.1 AA)", "; ".join(failing[:5]))
    buttons = driver.find_elements(By.CSS_SELECTOR, "button")
    worst = min((contrast(parse_rgb(b.value_of_css_property("color")), parse_rgb(b.value_of_css_property("background-color"))), b.text)
                for b in buttons) if buttons else (0, "")
    check(worst[0] >= 4.5, "contrast: every button's text is at least 4.5:1 on the button",
          f"lowest {worst[0]:.2f} on {worst[1]!r}")
    body = driver.find_element(By.TAG_NAME, "body")
    ratio = contrast(parse_rgb(body.value_of_css_property("color")), parse_rgb(driver.find_element(By.TAG_NAME, "main").value_of_css_property("background-color")))
    check(ratio >= 4.5, "contrast: body text on the page card", f"{ratio:.2f}")


def check_keyboard(driver, emulator: Emulator) -> None:
    url = f"{emulator.base_url}/"
    start_from_top(driver, url)
    ActionChains(driver).send_keys(Keys.TAB).perform()
    first = active_description(driver)
    check("|skip" in first, "keyboard: the first Tab stop is the skip link", f"focus {first!r}")
    skip = driver.find_element(By.CSS_SELECTOR, "a.skip")
    check(skip.is_displayed() and skip.location["x"] >= 0, "keyboard: the focused skip link is on screen")

    # Rotate the signing key: Tab to the button, Enter.
    key_before = current_key(driver)
    if tab_to(driver, lambda d: d.startswith("button|rotate-signing-key|"), "Rotate signing key"):
        check(True, "keyboard: Tab reaches the Rotate signing key button")
        button = driver.switch_to.active_element
        outline = button.value_of_css_property("outline-style")
        width = float(button.value_of_css_property("outline-width").replace("px", "") or 0)
        check(outline not in ("none", "") and width >= 2, "keyboard: the focused button shows a focus ring",
              f"outline {outline} {width}px")
        ring = contrast(parse_rgb(button.value_of_css_property("outline-color")), (255, 255, 255))
        check(ring >= 3, "contrast: the focus ring is at least 3:1 against the card", f"{ring:.2f}")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        check(wait_for_done(driver, "rotate-signing-key"), "keyboard: Enter on Rotate signing key posts and comes back to /",
              f"url path {urllib.parse.urlsplit(driver.current_url).path}")
        key_after = current_key(driver)
        check(bool(key_before) and bool(key_after) and key_after != key_before,
              "rotate: the dashboard shows a new current key")
        kids = [row[0] for row in table_rows(driver, "keys-table")]
        check(len(kids) == 2 and key_before in kids, "rotate: the old key is still published", f"{len(kids)} keys")
        jwks = requests.get(f"{emulator.base_url}/oauth2/v2.1/certs", timeout=10).json()
        check({k.get("kid") for k in jwks.get("keys", [])} == set(kids), "rotate: the JWKS has the same keys as the table")
        notice = driver.find_elements(By.CSS_SELECTOR, '[role="status"]')
        check(len(notice) == 1 and "signing key" in notice[0].text, "rotate: a status line says what was done")

    # Advance the clock: Tab to the seconds field, type, Enter.
    start_from_top(driver, url)
    check(clock_offset(driver) == "0", "clock: the offset starts at 0", f"offset {clock_offset(driver)!r}")
    if tab_to(driver, lambda d: "|advance-seconds|" in d, "the seconds field"):
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("7200").send_keys(Keys.ENTER).perform()
        check(wait_for_done(driver, "advance-clock"), "keyboard: Enter in the seconds field advances the clock")
        check(clock_offset(driver) == "7200", "clock: the dashboard shows +7200 s", f"offset {clock_offset(driver)!r}")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_screenshot(driver, ARTIFACTS / "dashboard-after-actions.png")

    # Reset the clock: Tab to the button, Enter.
    start_from_top(driver, url)
    if tab_to(driver, lambda d: d.startswith("button|reset-clock|"), "Reset clock"):
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        check(wait_for_done(driver, "reset-clock"), "keyboard: Enter on Reset clock posts and comes back to /")
        check(clock_offset(driver) == "0", "clock: reset puts the offset back to 0", f"offset {clock_offset(driver)!r}")


def check_cross_origin(driver, emulator: Emulator) -> None:
    """A page on another origin posts the dashboard's form, token included: the browser's Origin gives it away."""
    driver.get(f"{emulator.base_url}/")
    token = driver.find_element(By.CSS_SELECTOR, 'input[name="csrf_token"]').get_attribute("value")
    key_before = current_key(driver)
    page = (f'<form method="post" action="{emulator.base_url}{ACTION_PATH}">'
            f'<input name="csrf_token" value="{token}"><input name="action" value="rotate-signing-key"></form>'
            "<script>document.forms[0].submit()</script>")
    driver.get("data:text/html;charset=utf-8," + urllib.parse.quote(page))
    try:
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(emulator.base_url))
    except TimeoutException:
        pass
    check("Forbidden" in driver.title, "cross-origin: a form from another origin is refused (403 page)",
          f"title {driver.title!r}")
    driver.get(f"{emulator.base_url}/")
    check(current_key(driver) == key_before, "cross-origin: the key did not change")


def full_page_screenshot(driver, path) -> bool:
    """The whole page: the window grows to the document's height first (headless shots are the viewport)."""
    width = driver.get_window_size()["width"]
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 120, 600), 6000))
    time.sleep(0.3)
    saved = driver.save_screenshot(str(path))
    driver.set_window_size(width, 1000)
    return saved


def screenshots(driver, emulator: Emulator) -> None:
    driver.get(f"{emulator.base_url}/")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    check(full_page_screenshot(driver, SCREENSHOT), "screenshot saved to docs/screenshots/dashboard.png")
    check(full_page_screenshot(driver, ARTIFACTS / "dashboard.png"), "screenshot saved to ci-artifacts/dashboard.png")


def main() -> int:
    emulator = Emulator(peerkit.line_login_binary(), ["--test-controls"])
    driver = None
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            emulator.start()
            check(True, f"emulator answers discovery on port {emulator.port}")
            tokens = sign_in_over_http(emulator.base_url)
            driver = peerkit.start_browser("1280,1000")
            if driver is None:
                return 1
            peerkit.guarded("tables ran without an exception", check_tables, driver, emulator, tokens)
            peerkit.guarded("screenshots ran without an exception", screenshots, driver, emulator)
            peerkit.guarded("contrast ran without an exception", check_contrast, driver, emulator)
            peerkit.guarded("keyboard ran without an exception", check_keyboard, driver, emulator)
            peerkit.guarded("cross-origin ran without an exception", check_cross_origin, driver, emulator)
    finally:
        peerkit.quit_browser(driver)
        peerkit.check_sigterm_exit(emulator.stop(), "emulator")
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
