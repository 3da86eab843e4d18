#!/usr/bin/env bash
# Instruction counts per token (valgrind's callgrind), for the validator, the raw primitive and jwt-kit on the
# same tokens as scripts/bench.sh. Counts don't depend on the machine's load, so this ratio holds on a busy
# machine where wall-clock times wobble. Usage: scripts/bench-callgrind.sh [N] [BIN_DIR]
# (N tokens per path, default 2000; BIN_DIR holding a release line-login-callgrind, default the nested package's).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-2000}
bin=${2:-}
if [ -z "$bin" ]; then
  swift build -c release --package-path Benchmarks --product line-login-callgrind >&2
  bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 can't read the DWARF that swiftc writes ("possibly corrupted debuginfo file"): a copy without
# debug sections keeps the symbols, which is all the markers and callgrind_annotate need.
cp "$bin/line-login-callgrind" "$work/line-login-callgrind"
strip --strip-debug "$work/line-login-callgrind"
# Only the loop between the two markers is counted (Benchmarks/line-login-callgrind/Callgrind.swift).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out.%p" \
    --zero-before='*countedLoopBegins*' --dump-before='*countedLoopEnds*' \
    "$work/line-login-callgrind" "$1" "$2" "$count" >/dev/null 2>"$work/log"
  local dump
  dump=$(ls "$work"/out.*.1 2>/dev/null | head -1)
  [ -n "$dump" ] || { cat "$work/log" >&2; echo "no dump for $1 $2" >&2; exit 1; }
  # `totals:` is the sum of this part's costs (the loop); `summary:` counts from the start of the run.
  awk '/^totals:/ {print $2; exit}' "$dump"
  mv "$dump" "$work/keep-$1-$2.callgrind"
  rm -f "$work"/out.*
}
echo "| algorithm | validator (instructions/token) | raw primitive | validator ÷ raw | jwt-kit 5.8 | jwt-kit ÷ raw |"
echo "|---|---|---|---|---|---|"
for alg in ES256 RS256 HS256; do
  v=$(instructions "$alg" validator); r=$(instructions "$alg" raw); j=$(instructions "$alg" jwt-kit)
  awk -v a="$alg" -v v="$v" -v r="$r" -v j="$j" -v n="$count" 'BEGIN {
    printf "| %s | %.0f | %.0f | %.3f× | %.0f | %.3f× |\n", a, v / n, r / n, v / r, j / n, j / r }'
done
# The validator keys HS256's HMAC once per secret; the same loop from a keyed state is the floor it now runs on.
k=$(instructions HS256 raw-keyed); v=$(instructions HS256 validator)
awk -v v="$v" -v k="$k" -v n="$count" 'BEGIN {
  printf "\nHS256 against the HMAC from a state keyed once: validator %.0f, keyed HMAC %.0f instructions/token (%.3f×)\n", v / n, k / n, v / k }'
if [ -n "${CALLGRIND_KEEP:-}" ]; then mkdir -p "$CALLGRIND_KEEP"; cp "$work"/keep-* "$CALLGRIND_KEEP"/; fi
