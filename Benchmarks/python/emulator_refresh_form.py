"""Signs in to an auto-approving emulator (PKCE) and writes a refresh_token grant form body to a file
(mode 0600) for the load generator. Usage: emulator_refresh_form.py BASE_URL OUT_FILE"""
import base64, hashlib, os, secrets, sys, urllib.parse
import requests

base, out = sys.argv[1].rstrip("/"), sys.argv[2]
verifier = secrets.token_urlsafe(32)
challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
redirect = "http://127.0.0.1:9/callback"
params = {"response_type": "code", "client_id": "1234567890", "redirect_uri": redirect, "state": secrets.token_urlsafe(16),
          "scope": "profile openid", "nonce": secrets.token_urlsafe(16), "code_challenge": challenge, "code_challenge_method": "S256"}
r = requests.get(f"{base}/oauth2/v2.1/authorize", params=params, allow_redirects=False, timeout=10)
code = urllib.parse.parse_qs(urllib.parse.urlparse(r.headers["Location"]).query)["code"][0]
t = requests.post(f"{base}/oauth2/v2.1/token", data={"grant_type": "authorization_code", "code": code, "redirect_uri": redirect,
                  "client_id": "1234567890", "code_verifier": verifier}, timeout=10).json()
body = urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": t["refresh_token"], "client_id": "1234567890"})
fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
os.write(fd, body.encode())
os.close(fd)
