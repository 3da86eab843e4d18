#!/usr/bin/env bash
# Builds in release, runs every benchmark row and prints one table (markdown) with the machine's core count.
# Each figure is measured in the same run as its reference. Usage: scripts/bench.sh [--quick] [--middleware]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
quick=""
only=""
for arg in "$@"; do
  case "$arg" in
    --quick) quick="--quick" ;;
    --middleware) only="middleware" ;;  # only the framework middleware rows (build, then both frameworks)
    *) echo "usage: scripts/bench.sh [--quick] [--middleware]" >&2; exit 2 ;;
  esac
done
duration=${BENCH_SECONDS:-10}
[ -n "$quick" ] && duration=3
rounds=${BENCH_ROUNDS:-5}
[ -n "$quick" ] && rounds=1
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]:-}"; do kill "$pid" 2>/dev/null || true; done
  declare -F postgres_down >/dev/null && postgres_down
  rm -rf "$work"
}
trap cleanup EXIT
log() { printf '== %s\n' "$*" >&2; }

log "installing wrk and the Python libraries (PyJWT, joserfc)"
if ! command -v wrk >/dev/null 2>&1 || ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true; apt-get install -y -qq wrk postgresql >/dev/null
fi
venv="$root/.build/bench-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check "pyjwt[crypto]==2.*" "joserfc==1.*" "requests==2.*"

log "building in release (line-login-bench from the nested package Benchmarks/, and the library's line-login)"
# The benchmark and its extra dependencies (jwt-kit) live in Benchmarks/Package.swift, which depends on this
# package by path, so users of the library never resolve them. line-login is this package's own product;
# building it through the nested package reuses the same release build of the modules both need.
# BENCH_SCRATCH_PATH reuses another release build directory of the nested package (a full build takes minutes).
scratch=()
[ -n "${BENCH_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$BENCH_SCRATCH_PATH")
swift build -c release --package-path Benchmarks "${scratch[@]}" --product line-login-bench >&2
swift build -c release --package-path Benchmarks "${scratch[@]}" --product line-login >&2
bin=$(swift build -c release --package-path Benchmarks "${scratch[@]}" --show-bin-path)

free_port() { "$venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 1 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
peak_mib() { awk '/VmHWM/ {printf "%d", $2/1024}' "/proc/$1/status"; }
# wrk's "Requests/sec" and its 99th percentile latency.
wrk_run() { wrk -t2 -c32 -d"${duration}s" --latency "$@" 2>&1; }
rps_of() { awk '/Requests\/sec/ {print $2}'; }
p99_of() { awk '$1=="99%" {print $2}'; }

# middleware_rows SUBCOMMAND: starts `line-login-bench SUBCOMMAND` (one framework's server with the four
# routes and the open one behind a do-nothing middleware) and loads the routes in turn, BENCH_ROUNDS rounds
# (default 5; 1 with --quick) of 3 s each: consecutive long runs drift by ±15 % on a shared 2-core machine, so each route is
# compared with the open route of the same round and the median of those ratios is reported. Prints
# {"open": …, "open_middleware": …, "id": …, "id_cached": …, "access": …, "ratios": {…}, "rounds": N}
# (median requests per second, and each route's median per-round ratio to the open route).
middleware_rows() {
  local port tokens id_token access_token round rows
  port=$(free_port)
  tokens="$work/$1.json"
  rows="$work/$1.rows"
  "$bin/line-login-bench" "$1" --port "$port" --tokens "$tokens" > "$work/$1.log" 2>&1 &
  local pid=$!
  # Called in $( … ), a subshell: its own EXIT trap stops the server whatever happens.
  trap 'kill '"$pid"' 2>/dev/null || true' EXIT
  wait_http "http://127.0.0.1:$port/open"
  id_token=$("$venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["idToken"])' "$tokens")
  access_token=$("$venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["accessToken"])' "$tokens")
  wrk -t2 -c32 -d2s "http://127.0.0.1:$port/open" >/dev/null 2>&1  # warm-up
  : > "$rows"
  for round in $(seq 1 "$rounds"); do
    printf '%s %s %s %s %s\n' \
      "$(wrk -t2 -c32 -d3s "http://127.0.0.1:$port/open" | rps_of)" \
      "$(wrk -t2 -c32 -d3s "http://127.0.0.1:$port/open-middleware" | rps_of)" \
      "$(wrk -t2 -c32 -d3s -H "Authorization: Bearer $id_token" "http://127.0.0.1:$port/id" | rps_of)" \
      "$(wrk -t2 -c32 -d3s -H "Authorization: Bearer $id_token" "http://127.0.0.1:$port/id-cached" | rps_of)" \
      "$(wrk -t2 -c32 -d3s -H "Authorization: Bearer $access_token" "http://127.0.0.1:$port/access" | rps_of)" >> "$rows"
  done
  kill "$pid" 2>/dev/null || true
  "$venv/bin/python" - "$rows" <<'PY'
import json, statistics, sys
names = ["open", "open_middleware", "id", "id_cached", "access"]
rows = [dict(zip(names, map(float, line.split()))) for line in open(sys.argv[1]) if line.strip()]
result = {name: statistics.median(row[name] for row in rows) for name in names}
result["ratios"] = {name: statistics.median(row[name] / row["open"] for row in rows) for name in names[1:]}
result["rounds"] = len(rows)
print(json.dumps(result))
PY
}
middleware_section() {
  log "Hummingbird middleware under wrk"
  hummingbird_json=$(middleware_rows middleware-server)
  log "Vapor middleware under wrk (the same four routes on LineLoginVapor)"
  vapor_json=$(middleware_rows vapor-middleware-server)
}

print_report() {
  echo "Benchmarks: $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1), $(date -u +%Y-%m-%d), scripts/bench.sh${quick:+ $quick}${only:+ --$only}"
  echo
  "$venv/bin/python" Benchmarks/python/report.py "$work"
}

if [ "$only" = "middleware" ]; then
  middleware_section
  printf '{"middleware": %s, "vapor_middleware": %s}\n' "$hummingbird_json" "$vapor_json" > "$work/wrk.json"
  print_report
  exit 0
fi

log "validation, login latency, single flight, memory (line-login-bench $quick)"
"$bin/line-login-bench" $quick --export "$work" --json "$work/swift.json" >&2

log "emulator memory over $([ -n "$quick" ] && echo 8000 || echo 100000) logins (its own process, clock moved past all lifetimes between checkpoints)"
port=$(free_port)
"$bin/line-login" emulator --port "$port" --auto-approve brown@example.com --test-controls > "$work/memory-emulator.log" 2>&1 &
memory_pid=$!; pids+=("$memory_pid")
wait_http "http://127.0.0.1:$port/.well-known/openid-configuration"
"$bin/line-login-bench" memory --base "http://127.0.0.1:$port" --pid "$memory_pid" --count "$([ -n "$quick" ] && echo 8000 || echo 100000)" \
  --json "$work/memory.json" >&2
kill "$memory_pid"

log "PyJWT and joserfc on the same tokens"
"$venv/bin/python" Benchmarks/python/jwt_rates.py "$work/tokens.json" "$([ -n "$quick" ] && echo 1 || echo 3)" > "$work/python.json"

log "emulator token endpoint under wrk"
port=$(free_port)
"$bin/line-login" emulator --port "$port" --auto-approve brown@example.com > "$work/emulator.log" 2>&1 &
emulator_pid=$!; pids+=("$emulator_pid")
wait_http "http://127.0.0.1:$port/.well-known/openid-configuration"
"$venv/bin/python" Benchmarks/python/emulator_refresh_form.py "http://127.0.0.1:$port" "$work/refresh.form"
out=$(BODY=$(cat "$work/refresh.form") wrk_run -s Benchmarks/wrk/refresh.lua "http://127.0.0.1:$port/oauth2/v2.1/token")
emu_rps=$(echo "$out" | rps_of); emu_p99=$(echo "$out" | p99_of); emu_peak=$(peak_mib "$emulator_pid")
kill "$emulator_pid"
log "the same with --state (the state file written in the background)"
port=$(free_port)
"$bin/line-login" emulator --port "$port" --auto-approve brown@example.com --state "$work/emulator-state.json" > "$work/emulator-state.log" 2>&1 &
emulator_pid=$!; pids+=("$emulator_pid")
wait_http "http://127.0.0.1:$port/.well-known/openid-configuration"
"$venv/bin/python" Benchmarks/python/emulator_refresh_form.py "http://127.0.0.1:$port" "$work/refresh.form"
out=$(BODY=$(cat "$work/refresh.form") wrk_run -s Benchmarks/wrk/refresh.lua "http://127.0.0.1:$port/oauth2/v2.1/token")
state_rps=$(echo "$out" | rps_of); state_p99=$(echo "$out" | p99_of); state_peak=$(peak_mib "$emulator_pid")
kill "$emulator_pid"
glew_json="null"
if [ -x scripts/glewlwyd/up.sh ]; then
  log "glewlwyd token endpoint under the same load"
  if scripts/glewlwyd/up.sh >&2; then
    url=$("$venv/bin/python" Benchmarks/python/glewlwyd_refresh_form.py "$root/.build/glewlwyd/env.json" "$work/glew.form")
    gpid=$(cat "$root/.build/glewlwyd/glewlwyd.pid")
    out=$(BODY=$(cat "$work/glew.form") wrk_run -s Benchmarks/wrk/refresh.lua "$url")
    glew_json=$(printf '{"rps": %s, "p99": "%s", "peak_mib": %s}' "$(echo "$out" | rps_of)" "$(echo "$out" | p99_of)" "$(peak_mib "$gpid")")
    scripts/glewlwyd/down.sh >&2 || true
  fi
fi

middleware_section

printf '{"emulator": {"rps": %s, "p99": "%s", "peak_mib": %s}, "emulator_state": {"rps": %s, "p99": "%s", "peak_mib": %s}, "glewlwyd": %s, "middleware": %s, "vapor_middleware": %s}\n' \
  "$emu_rps" "$emu_p99" "$emu_peak" "$state_rps" "$state_p99" "$state_peak" "$glew_json" "$hummingbird_json" "$vapor_json" > "$work/wrk.json"

log "PostgresNonceStore: issue + consume against a throwaway PostgreSQL (MemoryNonceStore in the same run)"
pg_url=${LINE_LOGIN_POSTGRES_URL:-}
if [ -z "$pg_url" ]; then
  source scripts/postgres/cluster.sh
  if postgres_up "$work" >&2; then pg_url=$LINE_LOGIN_POSTGRES_URL; fi
fi
if [ -n "$pg_url" ]; then
  "$bin/line-login-bench" nonce-store --postgres "$pg_url" --seconds "$duration" --json "$work/nonces.json" >&2
else
  log "no PostgreSQL (Debian's postgresql is not installed, and LINE_LOGIN_POSTGRES_URL is unset): row skipped"
fi
declare -F postgres_down >/dev/null && postgres_down

print_report
