#!/usr/bin/env bash
# Brings up glewlwyd (a real OpenID Connect provider, Debian's package) on 127.0.0.1 for the interop
# tests: a fresh SQLite database, a config derived from the package's, two OIDC plugin instances (an
# ES256 issuer and an RS256 issuer), scopes, a user, a public and a confidential client; then writes
# the setup to $GLEWLWYD_STATE/env.json (default .build/glewlwyd/env.json) and prints its path.
#
#   scripts/glewlwyd/up.sh            # start (restarts one this script started before)
#   scripts/glewlwyd/down.sh          # stop
#
# Environment: GLEWLWYD_PORT (default: 4593, or a free port if that one is taken), GLEWLWYD_STATE,
# PYTHON (default .build/ci-venv/bin/python, created from Tests/Peers/requirements.txt if missing).
# Needs root (or glewlwyd already installed) for apt-get. Talks to 127.0.0.1 only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
state="${GLEWLWYD_STATE:-$root/.build/glewlwyd}"
schema=/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3
package_config=/etc/glewlwyd/glewlwyd.conf

say() { printf 'glewlwyd: %s\n' "$*" >&2; }

# 1. The package (no daemon starts: there is no init system here).
if ! command -v glewlwyd >/dev/null 2>&1 || [ ! -f "$schema" ]; then
  say "installing Debian's glewlwyd package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends glewlwyd >/dev/null
fi

# 2. Python with requests and joserfc (the CI venv, or a private one).
python="${PYTHON:-$root/.build/ci-venv/bin/python}"
if ! "$python" -c 'import requests, joserfc' >/dev/null 2>&1; then
  venv="$root/.build/ci-venv"
  say "preparing $venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$root/Tests/Peers/requirements.txt"
  python="$venv/bin/python"
fi

# 3. A clean state directory: stop a server left by an earlier run, fresh database.
"$here/down.sh" >/dev/null 2>&1 || true
mkdir -p "$state"
rm -f "$state/glewlwyd.db" "$state/env.json" "$state/glewlwyd.log"

port="${GLEWLWYD_PORT:-4593}"
port_is_free() { "$python" - "$1" <<'EOF'
import socket, sys
s = socket.socket()
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
finally:
    s.close()
EOF
}
if ! port_is_free "$port"; then
  if [ -n "${GLEWLWYD_PORT:-}" ]; then say "port $port is taken"; exit 1; fi
  port=$("$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
fi
base="http://127.0.0.1:$port"

"$python" - "$schema" "$state/glewlwyd.db" <<'EOF'
import sqlite3, sys
schema, path = sys.argv[1], sys.argv[2]
with open(schema, encoding="utf-8") as f:
    script = f.read()
connection = sqlite3.connect(path)
connection.executescript(script)
connection.commit()
connection.close()
EOF

# 4. The login web app, for a person with a browser: the package's copy doesn't load as installed (its
# JS/CSS are symlinks the server won't follow, its config.json a symlink to a folder), so serve a
# dereferenced copy. The tests sign in through the REST API and don't need it.
rm -rf "$state/webapp"
if cp -rL /usr/share/glewlwyd/webapp "$state/webapp" 2>/dev/null; then
  rm -rf "$state/webapp/config.json"
  cp /etc/glewlwyd/config-2.7.json/config.json "$state/webapp/config.json" 2>/dev/null || true
fi

# 5. The config: the package's, on 127.0.0.1, our port and URL, our database, console logging.
{
  grep -v -E '^[[:space:]]*(port|bind_address|external_url|log_mode|log_level|log_file|static_files_path)[[:space:]]*=|^@include' "$package_config"
  cat <<EOF
port=$port
bind_address="127.0.0.1"
external_url="$base"
static_files_path="$state/webapp/"
log_mode="console"
log_level="WARNING"
database =
{
  type = "sqlite3"
  path = "$state/glewlwyd.db"
};
EOF
} >"$state/glewlwyd.conf"

# 6. Start it in the background.
say "starting on $base"
nohup glewlwyd --config-file="$state/glewlwyd.conf" >"$state/glewlwyd.log" 2>&1 &
echo $! >"$state/glewlwyd.pid"
for _ in $(seq 1 100); do
  if "$python" -c "import requests,sys; sys.exit(0 if requests.get('$base/api/oidc-es256/.well-known/openid-configuration', timeout=1).status_code in (200,404) else 1)" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$(cat "$state/glewlwyd.pid")" 2>/dev/null; then
    say "glewlwyd exited:"; tail -20 "$state/glewlwyd.log" >&2; exit 1
  fi
  sleep 0.1
done

# 7. Keys, plugins, scopes, user, clients over the admin API; env.json.
"$python" "$here/configure.py" --base "$base" --state "$state"
say "ready: $state/env.json"
echo "$state/env.json"
