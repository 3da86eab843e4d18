#!/usr/bin/env bash
# Stops the glewlwyd that scripts/glewlwyd/up.sh started (by its pid file), and nothing else.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
state="${GLEWLWYD_STATE:-$root/.build/glewlwyd}"
pid_file="$state/glewlwyd.pid"
[ -f "$pid_file" ] || exit 0
pid=$(cat "$pid_file")
# Only a glewlwyd process: the pid may have been reused since.
if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "glewlwyd" ]; then
  kill "$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
fi
rm -f "$pid_file" "$state/env.json"  # the setup is gone with the server
echo "glewlwyd: stopped" >&2
