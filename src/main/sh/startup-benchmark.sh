#!/usr/bin/env bash
# Start-up benchmark of the CLI (issue #15): wall seconds and peak RSS of the fixed cost every analysis command pays
# before it reads an events file — JVM start, the command line, and the ledgers of every campaign read and checked.
# A benchmark, not a test: it asserts nothing, it prints.
#
# Usage: src/main/sh/startup-benchmark.sh [--runs N] [ARCHIVE...]
#   --runs N   repetitions of each measurement; the table gives the median (default 7)
#   ARCHIVE    archive roots to compare (default: this one), e.g. a clean checkout of main built with
#              `mvn -q -DskipTests package` beside this branch; the runs are interleaved (round r measures every
#              archive and command once) so that a change in the machine's load falls on all of them alike.
# Commands timed: `./ftl --version` (the data digest: every ledger read) and `./ftl check runs.total` (ledgers
# only, no events file). Each launcher is run once first, outside the measurement (it builds the jar when stale, and
# writes its class-data archive when it keeps one). The load average is printed before and after: run it quiet.
set -euo pipefail
runs=7
roots=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -*) echo "usage: $0 [--runs N] [ARCHIVE...]" >&2; exit 2 ;;
    *) roots+=("$(cd "$1" && pwd)"); shift ;;
  esac
done
if [[ ${#roots[@]} -eq 0 ]]; then
  roots=("$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)")
fi
[[ -x /usr/bin/time ]] || { echo "startup-benchmark: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
commands=("--version" "check runs.total")
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ftl-startup.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
for r in "${roots[@]}"; do
  "$r/ftl" --version >/dev/null
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= runs; i++)); do
  for ri in "${!roots[@]}"; do
    for ci in "${!commands[@]}"; do
      # shellcheck disable=SC2086 # the command's words are meant to split
      /usr/bin/time -f '%e %M' -o "$tmp/t" "${roots[$ri]}/ftl" ${commands[$ci]} >/dev/null
      cat "$tmp/t" >>"$tmp/r$ri.c$ci"
    done
  done
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-40s %-18s %10s %10s %8s %8s\n' "archive" "command" "median s" "range s" "RSS MB" "runs"
for ri in "${!roots[@]}"; do
  for ci in "${!commands[@]}"; do
    f="$tmp/r$ri.c$ci"
    wall="$(cut -d' ' -f1 "$f" | median)"
    lo="$(cut -d' ' -f1 "$f" | sort -n | head -1)"
    hi="$(cut -d' ' -f1 "$f" | sort -n | tail -1)"
    rss="$(cut -d' ' -f2 "$f" | median | awk '{printf "%.0f", $1 / 1024}')"
    printf '%-40s %-18s %10s %10s %8s %8s\n' "${roots[$ri]}" "${commands[$ci]}" "$wall" "$lo-$hi" "$rss" "$runs"
  done
done
