#!/usr/bin/env python3
"""Test peer: a real browser (headless Chromium driven by Selenium) logs in on the emulator.

Runs `$LINE_LOGIN emulator --port N`, a tiny loopback callback server, and Chromium, then walks
three flows through the login and consent pages:

1. log in by keyboard and allow: the callback gets `code` and the same `state`; the code is
   exchanged at the token endpoint (PKCE, `id_token_key_type=JWK`);
2. the SSO session that login left in the browser: the next authorization signs in with no page
   (`amr` `lineautologin`), and with `disable_auto_login=true` a "continue as" screen, pressed with
   the keyboard, signs in with `amr` `linesso`;
3. cancel on the consent page (cookies cleared first): `error=access_denied` (any case) and the state;
4. the QR page (`initial_amr_display=lineqr`): the keyboard follows a "scan" link, consent, `amr` `lineqr`;
5. an unregistered `redirect_uri`: the emulator shows an error page and never redirects.

Standalone: `LINE_LOGIN=/path/to/line-login python test_browser_login.py`. Prints one
`ok - …` / `not ok - …` line per check and exits 1 if any failed. Codes and tokens are never
printed, only their lengths or booleans. Screenshots go to `<package>/ci-artifacts/`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import sys
import time
import urllib.parse

import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
import peerkit  # noqa: E402  (the harness shared by the peers in this folder)
from peerkit import ARTIFACTS, CallbackServer, Emulator, check  # noqa: E402

OVERALL_TIMEOUT = 120  # seconds for the whole script
CHANNEL_ID = "1234567890"
LINE_GREEN = (6, 199, 85)  # #06C755


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(64)  # 86 chars of [A-Za-z0-9_-]
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize_url(base_url: str, redirect_uri: str, state: str, nonce: str, challenge: str, **extra: str) -> str:
    query = urllib.parse.urlencode({
        "response_type": "code",
        "client_id": CHANNEL_ID,
        "redirect_uri": redirect_uri,
        "state": state,
        "scope": "profile openid",
        "nonce": nonce,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "bot_prompt": "normal",
        **extra,
    }, quote_via=urllib.parse.quote)
    return f"{base_url}/oauth2/v2.1/authorize?{query}"


def b64url_json(segment: str) -> dict:
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def parse_rgb(css_color: str) -> tuple[int, ...]:
    inner = css_color[css_color.index("(") + 1: css_color.index(")")]
    return tuple(int(float(part)) for part in inner.split(",")[:3])


def active_element_name(driver) -> str:
    return driver.execute_script(
        "const e = document.activeElement; return e ? (e.getAttribute('name') || e.tagName) : '';") or ""


def fill_login_by_keyboard(driver, email: str, password: str, label: str) -> None:
    """Types into the login form with the keyboard only: autofocus → email, TAB → password, Enter."""
    wait = WebDriverWait(driver, 10)
    wait.until(EC.presence_of_element_located((By.NAME, "email")))
    focused = active_element_name(driver)
    if not check(focused == "email", f"{label}: the email field has focus when the page opens", f"focus on {focused!r}"):
        driver.find_element(By.NAME, "email").click()  # carry on so later checks still run
    ActionChains(driver).send_keys(email).send_keys(Keys.TAB).perform()
    focused = active_element_name(driver)
    check(focused == "password", f"{label}: TAB moves focus from email to password", f"focus on {focused!r}")
    ActionChains(driver).send_keys(password).send_keys(Keys.ENTER).perform()


def flow_allow(driver, emulator: Emulator, callback: CallbackServer) -> None:
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    wait = WebDriverWait(driver, 10)

    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge))
    check("LINE" in driver.title and "Log in" in driver.title,
          "login page: title names LINE and Log in", f"title {driver.title!r}")
    login_button = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="login"]')))
    check(login_button.is_displayed(), "login page: the Log in button is visible")
    background = login_button.value_of_css_property("background-color")
    check(parse_rgb(background) == LINE_GREEN, "login page: the Log in button is LINE green (#06C755)",
          f"background {background}")
    check(login_button.text.strip() == "Log in", "login page: the button reads 'Log in'", f"text {login_button.text!r}")
    check(driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="cancel"]').is_displayed(),
          "login page: a Cancel button is visible")
    session = driver.find_element(By.CSS_SELECTOR, 'input[type="hidden"][name="session"]').get_attribute("value")
    check(bool(session), "login page: the form carries a hidden session field")
    for field in ("email", "password"):
        labelled = driver.find_elements(By.CSS_SELECTOR, f'label[for="{field}"]')
        check(len(labelled) == 1 and labelled[0].is_displayed(), f"login page: the {field} field has a visible label")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    check(driver.save_screenshot(str(ARTIFACTS / "login-page.png")), "login page: screenshot saved to ci-artifacts/login-page.png")

    fill_login_by_keyboard(driver, "cony@example.com", "cony", "allow flow")

    try:
        allow = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="allow"]')))
    except TimeoutException:
        check(False, "consent page shown after pressing Enter on the login form", f"url path {urllib.parse.urlsplit(driver.current_url).path}")
        return
    check(True, "consent page shown after pressing Enter on the login form")
    scopes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "ul.scopes li")]
    joined = " ".join(scopes).lower()
    check(len(scopes) == 2 and "profile" in joined and "openid" in joined,
          "consent page: both requested scopes are listed (profile, openid)", f"items {scopes}")
    friend = driver.find_elements(By.CSS_SELECTOR, 'input[type="checkbox"][name="add_friend"]')
    check(len(friend) == 1, "consent page: the add-friend checkbox exists (bot_prompt=normal)")
    if friend:
        check(friend[0].is_displayed() and friend[0].is_selected(), "consent page: the add-friend checkbox is visible and checked")
    background = allow.value_of_css_property("background-color")
    check(parse_rgb(background) == LINE_GREEN, "consent page: the Allow button is LINE green", f"background {background}")
    check(driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="cancel"]').is_displayed(),
          "consent page: a Cancel button is visible")
    check(driver.save_screenshot(str(ARTIFACTS / "consent-page.png")), "consent page: screenshot saved to ci-artifacts/consent-page.png")

    hits_before = len(callback.hits)
    allow.click()
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "allow: the browser reached the callback server"):
        return
    try:
        wait.until(lambda d: d.current_url.startswith(callback.redirect_uri))
        landed = True
    except TimeoutException:
        landed = False
    check(landed, "allow: the browser ends on the redirect URI")
    code = (hit.get("code") or [""])[0]
    check(len(hit.get("code", [])) == 1 and len(code) > 0, "allow: callback received one code", f"code length {len(code)}")
    check(hit.get("state") == [state], "allow: callback received the same state")
    check("error" not in hit, "allow: callback has no error")
    check(hit.get("friendship_status_changed") == ["true"],
          "allow: friendship_status_changed=true (Cony was not a friend, box checked)",
          f"got {hit.get('friendship_status_changed')}")
    check("iss" not in hit, "allow: no iss parameter in the callback (LINE sends none)")

    token_endpoint = f"{emulator.base_url}/oauth2/v2.1/token"
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": callback.redirect_uri,
        "client_id": CHANNEL_ID,
        "code_verifier": verifier,
        "id_token_key_type": "JWK",
    }
    r = requests.post(token_endpoint, data=form, timeout=10)
    check(r.status_code == 200, "token: exchange answers 200", f"status {r.status_code}")
    try:
        body = r.json()
    except ValueError:
        body = {}
    access_token, id_token = body.get("access_token", ""), body.get("id_token", "")
    check(bool(access_token), "token: response has access_token", f"length {len(access_token)}")
    check(bool(id_token), "token: response has id_token", f"length {len(id_token)}")
    check(str(body.get("token_type", "")).lower() == "bearer", "token: token_type is Bearer")
    check(bool(body.get("refresh_token")), "token: response has refresh_token")
    check(bool(r.headers.get("x-line-request-id")), "token: response carries x-line-request-id")
    if id_token.count(".") == 2:
        header_b64, payload_b64, _ = id_token.split(".")
        header, payload = b64url_json(header_b64), b64url_json(payload_b64)
        check(header.get("alg") == "ES256" and bool(header.get("kid")),
              "token: id_token_key_type=JWK gives an ES256 ID token with a kid", f"alg {header.get('alg')}")
        check(payload.get("nonce") == nonce, "token: ID token carries the nonce")
        check(payload.get("aud") == CHANNEL_ID, "token: ID token aud is the channel ID")
        check(payload.get("iss") == emulator.base_url, "token: ID token iss is the emulator's issuer",
              f"iss {payload.get('iss')!r}")
        check(payload.get("sub") == "U8d1a7c0e5b4f3a2918e7d6c5b4a39281", "token: ID token sub is Cony's user ID")
    else:
        check(False, "token: ID token is a compact JWT")

    r2 = requests.post(token_endpoint, data=form, timeout=10)
    check(r2.status_code == 400 and r2.json().get("error") == "invalid_grant",
          "token: the code is single use (second exchange → 400 invalid_grant)", f"status {r2.status_code}")


def exchange_amr(emulator: Emulator, callback: CallbackServer, code: str, verifier: str) -> list:
    """The `amr` of the ID token that `code` is exchanged for (nothing is printed of either)."""
    r = requests.post(f"{emulator.base_url}/oauth2/v2.1/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": callback.redirect_uri,
        "client_id": CHANNEL_ID, "code_verifier": verifier, "id_token_key_type": "JWK",
    }, timeout=10)
    if r.status_code != 200 or str(r.json().get("id_token", "")).count(".") != 2:
        return []
    return b64url_json(r.json()["id_token"].split(".")[1]).get("amr", [])


def flow_sso(driver, emulator: Emulator, callback: CallbackServer) -> None:
    """The browser signed in during flow_allow: LINE's SSO session signs it in again."""
    wait = WebDriverWait(driver, 10)
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    hits_before = len(callback.hits)
    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge))
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "sso: a second authorization goes straight to the callback (no page)"):
        return
    check(hit.get("state") == [state], "sso: the callback has the same state")
    check("friendship_status_changed" not in hit, "sso: Cony is a friend now, so no add-friend option and no parameter")
    amr = exchange_amr(emulator, callback, (hit.get("code") or [""])[0], verifier)
    check(amr == ["lineautologin"], "sso: the ID token's amr is lineautologin", f"amr {amr}")

    state = secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge, disable_auto_login="true"))
    try:
        button = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="continue"]')))
    except TimeoutException:
        check(False, "sso: disable_auto_login=true shows the continue-as screen")
        return
    check("Cony" in button.text, "sso: disable_auto_login=true shows 'Continue as Cony'", f"text {button.text!r}")
    focused = driver.execute_script("return document.activeElement && document.activeElement.value")
    check(focused == "continue", "sso: the continue button has focus when the page opens", f"focus on {focused!r}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    check(driver.save_screenshot(str(ARTIFACTS / "continue-as-page.png")), "sso: screenshot saved to ci-artifacts/continue-as-page.png")
    save_doc_screenshot(driver, "continue-as-page.png")
    hits_before = len(callback.hits)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "sso: Enter on 'continue as' reaches the callback"):
        return
    amr = exchange_amr(emulator, callback, (hit.get("code") or [""])[0], verifier)
    check(amr == ["linesso"], "sso: the ID token's amr is linesso", f"amr {amr}")


def flow_qr(driver, emulator: Emulator, callback: CallbackServer) -> None:
    """QR sign-in: the "scan" link stands in for the phone; reached and followed by keyboard."""
    wait = WebDriverWait(driver, 10)
    driver.delete_all_cookies()
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge, initial_amr_display="lineqr"))
    try:
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "a.scan")))
    except TimeoutException:
        check(False, "qr: initial_amr_display=lineqr opens the QR page")
        return
    check(not driver.find_elements(By.NAME, "password"), "qr: the QR page has no password field")
    links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "a.scan")]
    check("Scan as Brown" in links, "qr: a 'Scan as' link per user", f"links {links}")
    check(bool(driver.find_elements(By.CSS_SELECTOR, 'button[value="show-password"]')), "qr: the switch to email is offered")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    check(driver.save_screenshot(str(ARTIFACTS / "qr-page.png")), "qr: screenshot saved to ci-artifacts/qr-page.png")
    save_doc_screenshot(driver, "qr-page.png")
    # Keyboard only: the first Tab lands on the first scan link (Brown).
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.execute_script("return document.activeElement && document.activeElement.textContent")
    check(focused == "Scan as Brown", "qr: the first Tab reaches 'Scan as Brown'", f"focus on {focused!r}")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    try:
        allow = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="allow"]')))
    except TimeoutException:
        check(False, "qr: the scan leads to the consent page")
        return
    check(True, "qr: the scan leads to the consent page")
    hits_before = len(callback.hits)
    allow.click()
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "qr: allow reaches the callback"):
        return
    check(hit.get("state") == [state], "qr: the callback has the same state")
    amr = exchange_amr(emulator, callback, (hit.get("code") or [""])[0], verifier)
    check(amr == ["lineqr"], "qr: the ID token's amr is lineqr", f"amr {amr}")


def flow_picker(driver, emulator: Emulator, callback: CallbackServer) -> None:
    """The test-user picker signs in with one click, and the page holds no password for it."""
    wait = WebDriverWait(driver, 10)
    driver.delete_all_cookies()
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge))
    try:
        brown = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, 'button.pick[name="user"][title="brown@example.com"]')))
    except TimeoutException:
        check(False, "picker: a one-click button per test user")
        return
    check("data-password" not in driver.page_source and not driver.find_elements(By.CSS_SELECTOR, "[data-password]"),
          "picker: the page holds no password (no data-password)")
    hits_before = len(callback.hits)
    brown.click()
    # Brown is signed in: the consent page next, or (when he consented in an earlier flow) the callback.
    deadline = time.monotonic() + 10
    while len(callback.hits) == hits_before and time.monotonic() < deadline:
        allow = driver.find_elements(By.CSS_SELECTOR, 'button[name="action"][value="allow"]')
        if allow and allow[0].is_displayed():
            allow[0].click()
            break
        time.sleep(0.1)
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "picker: one click on Brown signs him in (through consent) to the callback"):
        return
    amr = exchange_amr(emulator, callback, (hit.get("code") or [""])[0], verifier)
    check(amr == ["pwd"], "picker: the ID token's amr is pwd (the server filled the password in)", f"amr {amr}")
    driver.delete_all_cookies()


def save_doc_screenshot(driver, name: str) -> None:
    """Keeps the pages' look in `docs/screenshots/` (committed, linked from the README)."""
    docs = peerkit.PACKAGE_ROOT / "docs" / "screenshots"
    docs.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(docs / name))


def flow_cancel(driver, emulator: Emulator, callback: CallbackServer) -> None:
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    _, challenge = pkce_pair()
    wait = WebDriverWait(driver, 10)
    # Cony's SSO session from the flows before would sign her in: this flow is a fresh browser's.
    driver.delete_all_cookies()
    driver.get(authorize_url(emulator.base_url, callback.redirect_uri, state, nonce, challenge))

    # A wrong password keeps the user on the login page with an error.
    fill_login_by_keyboard(driver, "brown@example.com", "not-the-password", "cancel flow (wrong password)")
    try:
        alert = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
        check("incorrect" in alert.text.lower(), "wrong password: the login page shows an error", f"text {alert.text!r}")
    except TimeoutException:
        check(False, "wrong password: the login page shows an error")
    check(not driver.find_elements(By.CSS_SELECTOR, 'button[value="allow"]'), "wrong password: no consent page")
    email_value = driver.find_element(By.NAME, "email").get_attribute("value")
    check(email_value == "brown@example.com", "wrong password: the email stays filled in")

    password = driver.find_element(By.NAME, "password")
    password.clear()
    password.send_keys("brown")
    driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="login"]').click()
    try:
        # The login page has a Cancel button too: wait for the consent page (Allow) before taking its Cancel,
        # or the old page's button can be picked up just before the navigation and go stale.
        wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="allow"]')))
        cancel = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, 'button[name="action"][value="cancel"]')))
    except TimeoutException:
        check(False, "cancel flow: consent page shown after clicking Log in")
        return
    check(True, "cancel flow: consent page shown after clicking Log in")
    hits_before = len(callback.hits)
    cancel.click()
    hit = callback.wait_for_hit(hits_before + 1)
    if not check(hit is not None, "cancel: the browser reached the callback server"):
        return
    error = (hit.get("error") or [""])[0]
    check(error.lower() == "access_denied", "cancel: callback received error=access_denied (any case)", f"error {error!r}")
    check(hit.get("state") == [state], "cancel: callback received the same state")
    check("code" not in hit, "cancel: callback received no code")


def flow_bad_redirect(driver, emulator: Emulator, callback: CallbackServer) -> None:
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    _, challenge = pkce_pair()
    hits_before = len(callback.hits)
    url = authorize_url(emulator.base_url, "http://evil.example/cb", state, nonce, challenge)
    driver.get(url)
    time.sleep(1.0)  # give any (wrong) meta refresh or script redirect time to happen
    current = urllib.parse.urlsplit(driver.current_url)
    check(current.netloc == f"127.0.0.1:{emulator.port}",
          "unregistered redirect_uri: the browser stays on the emulator", f"host {current.netloc!r}")
    text = driver.find_element(By.TAG_NAME, "body").text
    check("redirect_uri" in text and ("invalid" in text.lower() or "error" in text.lower()),
          "unregistered redirect_uri: the page shows an error about redirect_uri", f"text {text[:120]!r}")
    check(not driver.find_elements(By.NAME, "password"), "unregistered redirect_uri: no login form is offered")
    check(len(callback.hits) == hits_before, "unregistered redirect_uri: nothing reached any callback")
    r = requests.get(url, allow_redirects=False, timeout=10)
    check(r.status_code == 400 and "location" not in r.headers,
          "unregistered redirect_uri: the emulator answers 400 without a Location header", f"status {r.status_code}")


def main() -> int:
    emulator = Emulator(peerkit.line_login_binary())
    callback = CallbackServer()
    driver = None
    try:
        with peerkit.reported(OVERALL_TIMEOUT):
            emulator.start()
            check(True, f"emulator answers discovery on port {emulator.port}")
            callback.start()
            driver = peerkit.start_browser("900,1000")
            if driver is None:
                return 1
            for flow in (flow_allow, flow_sso, flow_cancel, flow_qr, flow_bad_redirect, flow_picker):
                peerkit.guarded(f"{flow.__name__} ran without an exception", flow, driver, emulator, callback)
    finally:
        peerkit.quit_browser(driver)
        callback.stop()
        peerkit.check_sigterm_exit(emulator.stop(), "emulator")
    return peerkit.summary()


if __name__ == "__main__":
    peerkit.run_main(main, OVERALL_TIMEOUT)
