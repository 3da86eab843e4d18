#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/, see Fuzz/README.md) and runs each for a bounded time.
#
#   scripts/fuzz.sh [seconds-per-harness] [harness ...]      (default: 20 s, every harness)
#   scripts/fuzz.sh --build-only                            (step 1 only: .ci/run builds ahead in the background)
#
# 1. builds the `line-login-fuzz` product of the Fuzz/ package into .build-fuzz/ with
#    libFuzzer and AddressSanitizer;
# 2. runs it once per harness with FUZZ_TARGET=<harness>: a fresh temporary corpus directory first (new
#    inputs go there, so the committed seeds in Fuzz/Corpus/<harness>/ stay as they are), the seeds second;
# 3. prints `fuzz <harness>: <N> runs, no crash` or the crash, then `fuzz: N harnesses, M inputs, K crashes`.
# Crashing inputs and each harness's full libFuzzer log land in ci-artifacts/fuzz/. Exits non-zero on a crash.
set -uo pipefail
fail() { echo "fuzz: $*" >&2; exit 2; }

cd "$(dirname "$0")/.."
root=$(pwd)
all_harnesses=(jws json jwks form callback loopback)

build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; shift; fi
seconds=20
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
[ "$seconds" -gt 0 ] || fail "seconds per harness must be at least 1"
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all_harnesses[@]}")
for harness in "${harnesses[@]}"; do
  [[ " ${all_harnesses[*]} " == *" $harness "* ]] || fail "unknown harness '$harness' (known: ${all_harnesses[*]})"
  [ -d "Fuzz/Corpus/$harness" ] || fail "no seed corpus Fuzz/Corpus/$harness"
done

# Fuzz/ is a package of its own over this one (its default traits: OAuthEngine and LineSDK, no framework).
# Line tables, not full debug info: a crash's stack keeps its files and lines, and the build links faster.
build=(swift build --package-path Fuzz --product line-login-fuzz --scratch-path .build-fuzz
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -gline-tables-only -Xcc -gline-tables-only)
echo "fuzz: ${build[*]}" >&2
started=$SECONDS
"${build[@]}" >&2 || fail "the fuzz build failed"
echo "fuzz: built in $((SECONDS - started)) s" >&2
[ "$build_only" -eq 0 ] || exit 0
bin_dir=$("${build[@]}" --show-bin-path) || fail "no bin path"
binary="$bin_dir/line-login-fuzz"
[ -x "$binary" ] || fail "no binary at $binary"

artifacts="$root/ci-artifacts/fuzz"
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

total_runs=0
crashes=0
for harness in "${harnesses[@]}"; do
  corpus="$work/$harness"
  mkdir -p "$corpus"
  log="$artifacts/$harness.log"
  FUZZ_TARGET="$harness" LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" "$binary" "$corpus" "Fuzz/Corpus/$harness" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$harness-" > "$log" 2>&1
  status=$?
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
  runs=${runs:-0}
  total_runs=$((total_runs + runs))
  # The last status line (`#N DONE cov: C ft: F corp: ...`), for coverage figures.
  status_line=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$status_line")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$status_line")
  if [ "$status" -eq 0 ]; then
    echo "fuzz $harness: $runs runs, no crash"
  else
    crashes=$((crashes + 1))
    input=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -n 1)
    reason=$(grep -m1 -E 'Fatal error|property broken|==ERROR|ERROR: libFuzzer|deadly signal|timeout after|out-of-memory' "$log" \
             | sed -E 's/^[[:space:]]+//' | cut -c1-200)
    echo "fuzz $harness: CRASH (exit $status) after $runs runs: ${reason:-see log}; input: ${input:+${input#"$root"/}}; log: ${log#"$root"/}"
  fi
  echo "fuzz $harness: cov: ${cov:-?} ft: ${ft:-?} (log: ${log#"$root"/})" >&2
done

echo "fuzz: ${#harnesses[@]} harnesses, $total_runs inputs, $crashes crashes"
[ "$crashes" -eq 0 ]
