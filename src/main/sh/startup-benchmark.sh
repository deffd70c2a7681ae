#!/usr/bin/env bash
# Start-up benchmark of the CLI (issue #15): wall seconds, CPU seconds (user + system) and peak RSS of the fixed cost every analysis command pays
# before it reads an events file — JVM start, the command line, and the ledgers of every campaign read and checked.
# A benchmark, not a test: it asserts nothing, it prints.
#
# Usage: src/main/sh/startup-benchmark.sh [--runs N] [ARCHIVE[,VAR=VALUE...]...]
#   --runs N   repetitions of each measurement; the table gives the median (default 7)
#   ARCHIVE    archive roots to compare (default: this one), e.g. a clean checkout of main built with
#              `mvn -q -DskipTests package` beside this branch; the runs are interleaved (round r measures every
#              archive and command once) so that a change in the machine's load falls on all of them alike.
#              VAR=VALUE: environment of that entry's launcher, e.g. `.,FTL_NO_CDS=1` beside `.` (class-data sharing
#              off and on) or `.,FTL_JAVA_OPTS=-XX:+UseSerialGC` (other JVM options).
# The medians are of each column on its own (wall, CPU = user + system, peak RSS). Commands timed: `./ftl --version` (the data digest: every ledger read) and `./ftl check runs.total` (ledgers
# only, no events file). Each launcher is run once first, outside the measurement (it builds the jar when stale, and
# writes its class-data archive when it keeps one). The load average is printed before and after: run it quiet.
set -euo pipefail
runs=7
roots=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -*) echo "usage: $0 [--runs N] [ARCHIVE...]" >&2; exit 2 ;;
    *) IFS=, read -r -a entry <<<"$1"; entry[0]="$(cd "${entry[0]}" && pwd)"; roots+=("$(IFS=,; echo "${entry[*]}")"); shift ;;
  esac
done
if [[ ${#roots[@]} -eq 0 ]]; then
  roots=("$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)")
fi
[[ -x /usr/bin/time ]] || { echo "startup-benchmark: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
commands=("--version" "check runs.total")
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ftl-startup.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# run ENTRY ARGS...: the entry's launcher with its environment
run() {
  local -a entry
  IFS=, read -r -a entry <<<"$1"
  shift
  env "${entry[@]:1}" "${entry[0]}/ftl" "$@"
}
for r in "${roots[@]}"; do
  run "$r" --version >/dev/null
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= runs; i++)); do
  for ri in "${!roots[@]}"; do
    for ci in "${!commands[@]}"; do
      # shellcheck disable=SC2086 # the command's words are meant to split
      /usr/bin/time -f '%e %M %U %S' -o "$tmp/t" bash -c "$(declare -f run); run \"\$@\"" run "${roots[$ri]}" ${commands[$ci]} >/dev/null
      cat "$tmp/t" >>"$tmp/r$ri.c$ci"
    done
  done
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-40s %-18s %10s %12s %10s %8s %6s\n' "archive" "command" "median s" "range s" "CPU s" "RSS MB" "runs"
for ri in "${!roots[@]}"; do
  for ci in "${!commands[@]}"; do
    f="$tmp/r$ri.c$ci"
    wall="$(cut -d' ' -f1 "$f" | median)"
    lo="$(cut -d' ' -f1 "$f" | sort -n | head -1)"
    hi="$(cut -d' ' -f1 "$f" | sort -n | tail -1)"
    rss="$(cut -d' ' -f2 "$f" | median | awk '{printf "%.0f", $1 / 1024}')"
    cpu="$(awk '{print $3 + $4}' "$f" | median)"
    printf '%-40s %-18s %10s %12s %10s %8s %6s\n' "${roots[$ri]}" "${commands[$ci]}" "$wall" "$lo-$hi" "$cpu" "$rss" "$runs"
  done
done
