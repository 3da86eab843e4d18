"""Signs in to glewlwyd's ES256 issuer as the public client (headless, over its REST API) and writes a
refresh_token grant form body to OUT_FILE (mode 0600); prints the token endpoint URL.
Usage: glewlwyd_refresh_form.py ENV_JSON OUT_FILE"""
import base64, hashlib, json, os, secrets, sys, urllib.parse
import requests

env = json.load(open(sys.argv[1]))
out = sys.argv[2]
issuer = next(i for i in env["issuers"] if i["algorithm"] == "ES256")["issuer"]
discovery = requests.get(issuer + "/.well-known/openid-configuration", timeout=10).json()
client_id = env["publicClient"]["clientID"]
redirect = env["redirectURIs"][0]
verifier = secrets.token_urlsafe(32)
challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
query = urllib.parse.urlencode({"response_type": "code", "client_id": client_id, "redirect_uri": redirect, "scope": "openid",
                                "state": secrets.token_urlsafe(16), "nonce": secrets.token_urlsafe(16),
                                "code_challenge": challenge, "code_challenge_method": "S256"})
session = requests.Session()
session.post(env["baseURL"] + "/api/auth/", json={"username": env["user"]["username"], "password": env["user"]["password"]},
             timeout=10).raise_for_status()
session.put(f"{env['baseURL']}/api/auth/grant/{client_id}", json={"scope": "openid"}, timeout=10).raise_for_status()
authorize = session.get(discovery["authorization_endpoint"] + "?" + query + "&g_continue", allow_redirects=False, timeout=10)
code = urllib.parse.parse_qs(urllib.parse.urlparse(authorize.headers["Location"]).query)["code"][0]
tokens = requests.post(discovery["token_endpoint"], data={"grant_type": "authorization_code", "code": code, "redirect_uri": redirect,
                       "client_id": client_id, "code_verifier": verifier}, timeout=10).json()
body = urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": client_id})
fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
os.write(fd, body.encode())
os.close(fd)
print(discovery["token_endpoint"])
