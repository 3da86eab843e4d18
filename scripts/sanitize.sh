#!/usr/bin/env bash
# Runs the test suite (the README's test command, with the traits scripts/traits.sh names) under a sanitizer, in its
# own build folder:
#   scripts/sanitize.sh address   AddressSanitizer, with LeakSanitizer at exit   (.build-asan)
#   scripts/sanitize.sh thread    ThreadSanitizer                                (.build-tsan)
# Extra arguments go to `swift test` (e.g. --filter KeySetCache); `--build-only` right after the kind builds and
# stops (.ci/run builds ahead in the background). Suppressions for what lives in a
# dependency or the toolchain, each with its reason, are in scripts/sanitizers/; docs/SECURITY.md says
# what they cover. Prints one line "sanitize <kind>: ..." and exits non-zero on any failure, race or leak.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
kind=${1:-}
case "$kind" in
  address) scratch=.build-asan traits_of_kind=asan_traits ;;
  thread) scratch=.build-tsan traits_of_kind=tsan_traits ;;
  *) echo "usage: scripts/sanitize.sh address|thread [--build-only | swift test arguments]" >&2; exit 2 ;;
esac
shift
build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; shift; fi
mkdir -p "$root/ci-artifacts"
log="$root/ci-artifacts/sanitize-$kind.log"

started=$(date +%s)
# The kind's traits (scripts/traits.sh says which and why). Line tables, not full debug info: a report's stacks keep
# their files and lines, and the build of the whole graph is shorter.
source "$root/scripts/traits.sh"
declare -n sanitizer_traits=$traits_of_kind
debug_info=(-Xswiftc -gline-tables-only -Xcc -gline-tables-only)
if ! swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" "${sanitizer_traits[@]}" "${debug_info[@]}" >"$log.build" 2>&1; then
  tail -40 "$log.build"; echo "sanitize $kind: the build failed"; exit 1
fi
built=$(date +%s)
if [ "$build_only" -eq 1 ]; then echo "sanitize $kind: built in $((built - started)) s"; exit 0; fi

# halt_on_error=0 for TSan: report every race of the run, not only the first.
export ASAN_OPTIONS="detect_leaks=1:check_initialization_order=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$root/scripts/sanitizers/lsan.supp:print_suppressions=1"
export TSAN_OPTIONS="suppressions=$root/scripts/sanitizers/tsan.supp:halt_on_error=0:print_suppressions=0:second_deadlock_stack=1"
# Swift's crash backtracer forks a helper; under ThreadSanitizer that fork trips a sanitizer CHECK and the
# helper hung for minutes here, so a crash is reported by its message and the sanitizer's own stack.
export SWIFT_BACKTRACE=enable=no
run_tests() {
  local out=$1; shift
  swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" "${sanitizer_traits[@]}" "${debug_info[@]}" "$@" >"$out" 2>&1
}
# swift-corelibs-foundation#5285: URLSession on Linux (Swift 6.3.1) stops the process with this fatalError
# when a connection ends inside a header block (fixed upstream by #5286, not yet in a release). The
# URLSessionTransportDeadlineTests' trickling server once cut its head when a test stopped it (4 of 6 whole-suite
# ThreadSanitizer runs stopped there on 2026-11-27); it now sends its head at once (docs/SECURITY.md). The suite
# still runs under the sanitizer on its own, after the rest, where a stop costs seconds, not the whole suite. A run
# that ends on exactly that message, with no sanitizer report and no failed test before it, is run again and says
# so: the suite once more, the URLSession suite up to twice more; another such end, or any other failure, fails.
known_crash="FoundationNetworking/NativeProtocol.swift:[0-9]+: Fatal error: Transfer completed, but there's no response"
# run_retrying OUT RETRIES ARGS...: runs the tests into OUT, again after a stop in the known crash (at most RETRIES
# times); the exit status of the last run.
run_retrying() {
  local out=$1 retries=$2 attempt=0 status
  shift 2
  run_tests "$out" "$@"
  status=$?
  while [ "$status" -ne 0 ] && [ "$attempt" -lt "$retries" ] && grep -Eq "$known_crash" <(tail -100 "$out")     && ! grep -Eq '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer)|^✘ Test' "$out"; do
    attempt=$((attempt + 1))
    mv "$out" "$out.stopped-$attempt"
    echo "sanitize $kind: the run stopped in URLSession's known Linux crash (swift-corelibs-foundation#5285, in Foundation, not this package; log: ${out#"$root/"}.stopped-$attempt); running it again"
    run_tests "$out" "$@"
    status=$?
  done
  return "$status"
}
urlsession_suite=URLSessionTransportDeadlineTests
run_retrying "$log" 1 --skip "$urlsession_suite" "$@"
status=$?
logs=("$log")
# With extra arguments (a --filter) only what they name runs.
if [ "$#" -eq 0 ]; then
  run_retrying "$log.urlsession" 2 --filter "$urlsession_suite"
  suite_status=$?
  [ "$status" -eq 0 ] && status=$suite_status
  logs+=("$log.urlsession")
fi
finished=$(date +%s)

total=0 failed=0 reports=0 suppressed=0
for each in "${logs[@]}"; do
  total=$((total + $(grep -Eo 'Test run with [0-9]+ test' "$each" | tail -1 | grep -Eo '[0-9]+' || echo 0)))
  failed=$((failed + $(grep -Ec '^✘ Test [^r].*(failed|recorded)' "$each" || true)))
  reports=$((reports + $(grep -Ec '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer)' "$each" || true)))
  # The sanitizers' own "Suppressions used" tables: "  count  bytes template" rows.
  suppressed=$((suppressed + $(grep -E '^ +[0-9]+ +[0-9]+ +[^ ]+$' "$each" | awk '{n += $1} END {print n + 0}')))
done
echo "sanitize $kind: $total tests, $failed failed, $reports sanitizer reports, $suppressed suppressed; build $((built - started)) s, tests $((finished - built)) s (exit $status)"
if [ "$status" -ne 0 ] || [ "$failed" -ne 0 ] || [ "$reports" -ne 0 ]; then
  for each in "${logs[@]}"; do
    grep -E -A30 '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer)' "$each" | head -120
    # The failed tests and their expectations, then the end of the run (a crash ends it without a summary).
    grep -E '^✘ ' "$each" | head -40
    echo "--- the end of ${each#"$root/"} ---"
    tail -25 "$each"
  done
  echo "sanitize $kind: failed (the whole logs: ${logs[*]#"$root/"})"
  exit 1
fi
