#!/usr/bin/env bash
# Report benchmark (issue #56, "Speed"): wall time of `ftl report DIR` (text, --json and --html) on a campaign folder,
# beside `zcat` of the same events files, interleaved, median of the runs. A benchmark, not a test: it asserts
# nothing, it prints. Without DIR, the archive's largest campaign by the stored size of its events files.
#
# Usage: src/main/sh/report-benchmark.sh [--runs N] [DIR]
#   --runs N   repetitions of each measurement, interleaved; the table gives the median (default 5)
# Numbers depend on the machine: run it quiet (no other heavy process, no /work/CAMPAIGN.lock); JVM start is included
# in every ftl time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
runs=5
dir=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -*) echo "usage: $0 [--runs N] [DIR]" >&2; exit 2 ;;
    *) dir="$1"; shift ;;
  esac
done
cd "$root"
./ftl --version >/dev/null # builds the jar first if needed, outside every measurement
if [[ -z "$dir" ]]; then
  dir="$(for d in data/*/; do
    if [[ -f "$d/ledger.csv" && -d "$d/events" ]]; then echo "$(du -sb "$d/events" | cut -f1) ${d%/}"; fi
  done | sort -n | tail -1 | cut -d' ' -f2)"
fi
files=("$dir"/events/*)
echo "report-benchmark: $dir, ${#files[@]} events files, $(du -sb "$dir/events" | cut -f1) bytes stored;" \
  "$runs interleaved rounds; $(nproc) cores"
out="$(mktemp -d "${TMPDIR:-/tmp}/ftl-report-bench.XXXXXX")"
trap 'rm -rf "$out"' EXIT

seconds() { # wall seconds of a command, its output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

zcat_t=(); text_t=(); json_t=(); html_t=()
for ((i = 1; i <= runs; i++)); do
  zcat_t+=("$(seconds sh -c 'for f in "$@"; do case "$f" in *.gz) zcat "$f" ;; *) cat "$f" ;; esac; done' sh "${files[@]}")")
  text_t+=("$(seconds ./ftl report "$dir" --fail-on none)")
  json_t+=("$(seconds ./ftl report "$dir" --json --fail-on none)")
  html_t+=("$(seconds ./ftl report "$dir" --html --out "$out/page.html" --fail-on none)")
done
z=$(printf '%s\n' "${zcat_t[@]}" | median)
row() { # name, times...
  local name="$1"; shift
  local m; m=$(printf '%s\n' "$@" | median)
  printf '| %s | %s | %s s | %.2fx |\n' "$name" "$(printf '%.2f, ' "$@" | sed 's/, $//')" "$m" "$(echo "$m / $z" | bc -l)"
}
echo "| what | rounds (s) | median | against zcat |"
echo "|---|---|---|---|"
row "zcat of the events files" "${zcat_t[@]}"
row "ftl report (text)" "${text_t[@]}"
row "ftl report --json" "${json_t[@]}"
row "ftl report --html --out" "${html_t[@]}"
