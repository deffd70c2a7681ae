#!/usr/bin/env bash
# Benchmark of the reviewer's command (issue #31): wall seconds and CPU seconds (user + system, the build and every
# process it waited for) of `mvn -B -ntp verify` on a fresh clone, the median of several runs, and the slowest test
# classes of the median run. A benchmark, not a test: it asserts nothing, it prints (and exits non-zero only when a
# build it timed failed, since then the time is not that of a passing build).
#
# Usage: src/main/sh/verify-benchmark.sh [--runs N] [--load K] [--goal GOALS] [--commit REV]
#   --runs N     fresh clones timed, one after another (default 3); the table gives each and the median
#   --load K     K CPU-bound processes (`yes > /dev/null`, a load generator) run beside each timed build, from its
#                start to its end: shows whether the tests pass on a busy host (HarnessIT under load); their CPU
#                is not counted in the build's
#   --goal GOALS Maven goals to time (default: verify). `verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false`
#                times the integration tests alone (HarnessIT, RabbitMqIT, NatsIT) after the build
#   --commit REV what to clone (default HEAD of this checkout; its committed state, not the working tree)
# Each clone is a new folder under $TMPDIR, so nothing is reused from an earlier build: not target/, not the
# analysis cache, not a class-data archive. Maven's local repository is the user's, as on a reviewer's second run:
# a first run on a fresh machine also downloads the plugins and dependencies, which this does not time. The load
# average is printed before and after each run: run it in a quiet window, with nothing else building.
set -euo pipefail
runs=3
load=0
goal="verify"
commit="HEAD"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --load) load="$2"; shift 2 ;;
    --goal) goal="$2"; shift 2 ;;
    --commit) commit="$2"; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--load K] [--goal GOALS] [--commit REV]" >&2; exit 2 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]?$ ]] || { echo "verify-benchmark: --runs must be 1 to 99, not '$runs'" >&2; exit 2; }
[[ "$load" =~ ^[0-9]$ ]] || { echo "verify-benchmark: --load must be 0 to 9, not '$load'" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "verify-benchmark: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
archive="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
rev="$(git -C "$archive" rev-parse --verify "$commit^{commit}")"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ftl-verify-bench.XXXXXX")"
# each run's Maven log is kept here (the clones are deleted after their run)
logs="$archive/target/verify-benchmark"
mkdir -p "$logs"
loaders=()
stop_load() {
  for p in "${loaders[@]}"; do kill "$p" 2>/dev/null || true; done
  loaders=()
}
trap 'stop_load; rm -rf "$tmp"' EXIT
echo "verify-benchmark: $runs fresh clone(s) of ${rev:0:12}, mvn -B -ntp $goal, load generator: $load process(es)"
echo "host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
failed=0
for ((i = 1; i <= runs; i++)); do
  clone="$tmp/run$i"
  git clone -q --no-local "$archive" "$clone"
  git -C "$clone" checkout -q "$rev"
  before="$(cut -d' ' -f1-3 /proc/loadavg)"
  for ((k = 0; k < load; k++)); do
    yes > /dev/null &
    loaders+=("$!")
  done
  code=0
  # shellcheck disable=SC2086 # the goals are meant to split into words
  (cd "$clone" && /usr/bin/time -f '%e %U %S' -o "$tmp/time$i" mvn -B -ntp $goal >"$tmp/log$i" 2>&1) || code=$?
  stop_load
  after="$(cut -d' ' -f1-3 /proc/loadavg)"
  # GNU time puts "Command exited with non-zero status N" first when the build failed: the figures are the last line
  read -r wall user sys < <(tail -1 "$tmp/time$i")
  cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')"
  tests="$(grep -h -o 'Tests run: [0-9]*, Failures: [0-9]*, Errors: [0-9]*, Skipped: [0-9]*$' "$tmp/log$i" | tr '\n' ';' || true)"
  echo "run $i: wall $wall s, CPU $cpu s, exit $code, load average $before -> $after; ${tests:-no test summary}"
  echo "$wall $cpu $i" >>"$tmp/table"
  if [[ $code -ne 0 ]]; then
    failed=1
    echo "run $i failed; the end of its log:" >&2
    tail -40 "$tmp/log$i" >&2
  fi
  # the slowest test classes of this run, from the Surefire and Failsafe reports
  cat "$clone"/target/surefire-reports/TEST-*.xml "$clone"/target/failsafe-reports/TEST-*.xml 2>/dev/null \
    | grep -o '<testsuite [^>]*' | sed -E 's/.* name="([^"]*)".* time="([^"]*)".*/\2 \1/; s/.* time="([^"]*)".* name="([^"]*)".*/\1 \2/' \
    | sort -rn | head -8 >"$tmp/slow$i" || true
  cp "$tmp/log$i" "$logs/run$i.log"
  rm -rf "$clone"
done
echo "Maven logs: $logs/run*.log"
median_run="$(sort -n "$tmp/table" | awk '{v[NR] = $3} END {print v[int((NR + 1) / 2)]}')"
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "median of $runs: wall $(cut -d' ' -f1 "$tmp/table" | median) s, CPU $(cut -d' ' -f2 "$tmp/table" | median) s"
echo "slowest test classes of the median-wall run (run $median_run), seconds:"
sed 's/^/  /' "$tmp/slow$median_run"
exit "$failed"
