#!/usr/bin/env bash
# Growth benchmark of the analysis (issue #15): wall time and peak RSS of `./ftl list --json --no-cache` on the
# archive's data (1x) and on a grown data root, beside `zcat` of the same events files and a pandas (or, without
# pandas, plain-Python) baseline of the headline counts. A benchmark, not a test: it asserts nothing, it prints.
#
# The grown root is built in a temporary folder from hard links (cp -al; plain copies when the temporary folder is
# on another file system): every campaign as it is, and modeA's ok runs replicated COPIES times in all — each copy a
# file of its own (the same events after a comment line naming the copy, so a new SHA-256: one measurement under two
# names is refused, issue 58), ledger rows with new run ids (r0001 -> r0001g2 ...).
#
# Usage: src/main/sh/growth-benchmark.sh [--runs N] [--copies K] [--python PY] [--keep]
#   --runs N     repetitions of each measurement; the table gives the median (default 3)
#   --copies K   modeA replicated K times in all in the grown root (default 8)
#   --python PY  interpreter for the baseline (default python3; pandas is used when it imports)
#   --keep       keep the grown root (its path is printed)
# Measures also: `./ftl list --json` with a warm cache, `./ftl check omb.retention.min --no-cache`, and a cold check
# of a key whose sources are nearly every campaign (`verdicts.confirmatory.held`: its verdicts read 2,116 of the
# events files; issue #31's all-campaign check).
# Numbers depend on the machine: run it quiet (no other heavy process); JVM start is included in every time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
runs=3
copies=8
py=python3
keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --copies) copies="$2"; shift 2 ;;
    --python) py="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: $0 [--runs N] [--copies K] [--python PY] [--keep]" >&2; exit 2 ;;
  esac
done
[[ -x /usr/bin/time ]] || { echo "growth-benchmark: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
cd "$root"
./ftl --version >/dev/null # builds the jar first if needed, outside every measurement

tmp="$(mktemp -d "${TMPDIR:-/tmp}/ftl-growth.XXXXXX")"
if [[ -z "$keep" ]]; then trap 'rm -rf "$tmp"' EXIT; fi
grown="$tmp/data"
if cp -al "$root/data" "$grown" 2>/dev/null; then link="hard links"; else rm -rf "$grown"; cp -a "$root/data" "$grown"; link="copies (other file system)"; fi
# modeA: new ledger rows and events files of their own for copies 2..K of every ok run
"$py" - "$grown/modeA" "$copies" <<'EOF'
import csv, gzip, hashlib, os, sys
folder, copies = sys.argv[1], int(sys.argv[2])
path = os.path.join(folder, "ledger.csv")
with open(path, newline="") as f:
    rows = list(csv.DictReader(f))
fields = list(rows[0].keys())
out = list(rows)
for k in range(2, copies + 1):
    for r in rows:
        if r["status"] != "ok":
            continue
        n = dict(r)
        n["run_id"] = f"{r['run_id']}g{k}"
        base, ext = r["events_file"].split("/")[-1].split(".", 1)
        n["events_file"] = f"events/{base}g{k}.{ext}"
        src = os.path.join(folder, r["events_file"])
        dst = os.path.join(folder, n["events_file"])
        # a file of its own, not a link or a byte copy: two rows on one measurement are refused (issue 58)
        with open(src, "rb") as a:
            raw = a.read()
        body = gzip.decompress(raw) if src.endswith(".gz") else raw
        body = f"# growth-benchmark copy {k} of run {r['run_id']}\n".encode() + body
        data = gzip.compress(body, mtime=0) if dst.endswith(".gz") else body
        with open(dst, "wb") as b:
            b.write(data)
        n["events_sha256"] = hashlib.sha256(data).hexdigest()
        out.append(n)
os.remove(path)  # a new file, not a write through the hard link into the archive's ledger
with open(path, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(out)
EOF

# The pandas / plain-Python baseline: the headline counts (events, complete events, negative ack-referenced spans,
# guard taken / kept / dropped) over every ok kafka run's events file.
cat >"$tmp/baseline.py" <<'EOF'
import csv, glob, gzip, os, sys
root = sys.argv[1]
files = []
for ledger in sorted(glob.glob(os.path.join(root, "*", "ledger.csv"))):
    with open(ledger, newline="") as f:
        for r in csv.DictReader(f):
            if r.get("status") == "ok" and r.get("instrument", "kafka") == "kafka" and r.get("events_file"):
                files.append(os.path.join(os.path.dirname(ledger), r["events_file"]))
tot = dict(events=0, complete=0, ack_negative=0, taken=0, kept=0)
try:
    import pandas as pd
    engine = "pandas " + pd.__version__
    for p in files:
        d = pd.read_csv(p, comment="#", usecols=["ack_ns", "recv_ns", "recv_us", "create_ms"])
        tot["events"] += len(d)
        c = d.dropna(subset=["ack_ns", "recv_ns"])
        tot["complete"] += len(c)
        tot["ack_negative"] += int((c["recv_ns"] - c["ack_ns"] < 0).sum())
        m = (d.dropna(subset=["recv_us", "create_ms"])["recv_us"] // 1000) - d.dropna(subset=["recv_us", "create_ms"])["create_ms"]
        tot["taken"] += len(m)
        tot["kept"] += int((m > 0).sum())
except ImportError:
    engine = "plain Python (pandas not installed)"
    for p in files:
        with gzip.open(p, "rt") if p.endswith(".gz") else open(p) as f:
            lines = (l for l in f if not l.startswith("#"))
            rd = csv.reader(lines)
            h = next(rd)
            ia, ir, iu, ic = (h.index(x) for x in ("ack_ns", "recv_ns", "recv_us", "create_ms"))
            for row in rd:
                tot["events"] += 1
                if row[ia] and row[ir]:
                    tot["complete"] += 1
                    tot["ack_negative"] += int(row[ir]) - int(row[ia]) < 0
                if row[iu] and row[ic]:
                    tot["taken"] += 1
                    tot["kept"] += int(row[iu]) // 1000 - int(row[ic]) > 0
print(engine, len(files), "files", " ".join(f"{k}={v}" for k, v in tot.items()), file=sys.stderr)
EOF

# measure LABEL CMD...: runs CMD $runs times, records each wall time (s) and peak RSS (KB)
results="$tmp/results.tsv"
: >"$results"
measure() {
  local label="$1"; shift
  local i row
  for ((i = 1; i <= runs; i++)); do
    local status=0
    row="$label"
    /usr/bin/time -f "%e %M" -o "$tmp/time.txt" "$@" >/dev/null 2>"$tmp/err.txt" || status=$?
    if [[ $status -ne 0 ]]; then # reported, not hidden: the row is marked failed with the time and memory it took
      echo "growth-benchmark: $label failed (exit $status): $(grep -m1 -E 'Error|error|Exception' "$tmp/err.txt" || tail -1 "$tmp/err.txt")" >&2
      row="$label FAILED"
    fi
    read -r secs kb < <(tail -1 "$tmp/time.txt")
    printf '%s\t%s\t%s\n' "$row" "$secs" "$kb" >>"$results"
  done
}
events_of() { find "$1" -path '*/events/*' -type f -name '*.csv*' -print0; }
zcat_all() { find "$1" -path '*/events/*' -type f -name '*.csv*' -print0 | xargs -0 zcat -f >/dev/null; }
export -f zcat_all

for size in 1x grown; do
  dir="$root/data"; [[ "$size" == grown ]] && dir="$grown"
  n="$(events_of "$dir" | tr -cd '\0' | wc -c)"
  echo "$size: $dir ($n events files)" >&2
  measure "zcat $size" bash -c 'zcat_all "$1"' _ "$dir"
  measure "list --json --no-cache $size" ./ftl --data "$dir" list --json --no-cache
  measure "baseline $size" "$py" "$tmp/baseline.py" "$dir"
  "$py" "$tmp/baseline.py" "$dir" 2>&1 | sed "s/^/  baseline $size: /" >&2
done
./ftl list --json >/dev/null # fill the cache
measure "list --json warm-cache 1x" ./ftl list --json
measure "check omb.retention.min --no-cache 1x" ./ftl check omb.retention.min --no-cache
measure "check verdicts.confirmatory.held --no-cache 1x" ./ftl check verdicts.confirmatory.held --no-cache

echo "# growth benchmark: medians of $runs runs; grown root: modeA x$copies by $link; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-42s %10s %14s\n' "what" "wall s" "peak RSS MB"
awk -F'\t' '{ t[$1] = t[$1] " " $2; m[$1] = m[$1] " " $3; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
  function median(s,   a, n, i, j, x) { n = split(s, a, " "); for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { for (i = 1; i <= k; i++) printf "%-42s %10.2f %14.0f\n", order[i], median(t[order[i]]), median(m[order[i]]) / 1024 }' "$results"
[[ -n "$keep" ]] && echo "grown root kept: $grown" >&2
exit 0
