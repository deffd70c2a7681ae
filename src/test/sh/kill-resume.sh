#!/bin/sh
# Kill -9 a running campaign mid-run, resume it, and check the campaign folder:
#   - the ledger has every planned run exactly once (run ids = schedule.csv),
#   - no temp file and no event file the ledger does not name (no orphans),
#   - the runner's child JVMs (embedded broker, load generator) died with it (ParentWatch).
#
# Usage (from the archive root, after `mvn -DskipTests package`):
#   src/test/sh/kill-resume.sh [BUILD_DIR]        # BUILD_DIR defaults to target
# Takes about a minute on a 2-core host: 6 runs of 1500 events at 1 ms, killed during the third run.
set -eu
BUILD=${1:-target}
CP="$BUILD/ftl.jar:$BUILD/lib/*"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ftl-kill-resume.XXXXXX")
OUT="$WORK/campaign"
PLAN="$WORK/plan.json"
cat > "$PLAN" <<'JSON'
{"campaign": "killresume", "description": "kill -9 + resume check", "seed": 11, "repeats": 3,
 "warmup": {"rule": "first_sends", "events": 100},
 "conditions": [{"name": "a", "send_interval": "1ms", "events": 1500},
                {"name": "b", "send_interval": "500us", "events": 3000, "geometry": "split"}]}
JSON
fail() { echo "kill-resume: FAIL: $*" >&2; exit 1; }
rows() { [ -f "$OUT/ledger.csv" ] && tail -n +2 "$OUT/ledger.csv" | grep -c . || echo 0; }

java -cp "$CP" ftl.cli.Main campaign run "$PLAN" --out "$OUT" 2>"$WORK/run.log" &
PID=$!
i=0
while [ "$(rows)" -lt 2 ]; do
  i=$((i + 1)); [ $i -gt 240 ] && { kill -9 $PID; fail "no two ledger rows within 120 s (see $WORK/run.log)"; }
  kill -0 $PID 2>/dev/null || fail "runner exited early (see $WORK/run.log)"
  sleep 0.5
done
sleep 1.5                                   # into the third run
CHILDREN=$(pgrep -P $PID || true)
kill -9 $PID
wait $PID 2>/dev/null || true
echo "kill-resume: killed runner $PID with $(rows) ledger rows; children: $CHILDREN"
for c in $CHILDREN; do                      # ParentWatch halts them once it sees the parent gone (polls every 0.5 s)
  j=0
  while kill -0 "$c" 2>/dev/null; do
    j=$((j + 1)); [ $j -gt 20 ] && fail "child $c of the killed runner is still alive after 10 s"
    sleep 0.5
  done
  echo "kill-resume: child $c gone after about $((j * 5 / 10)) s"
done
echo "kill-resume: left behind: $(cd "$OUT" && find . -name '*.tmp' | tr '\n' ' ') events: $(ls "$OUT/events" | tr '\n' ' ')"

java -cp "$CP" ftl.cli.Main campaign resume "$OUT" 2>"$WORK/resume.log" || fail "resume exited non-zero (see $WORK/resume.log)"

PLANNED=$(tail -n +2 "$OUT/schedule.csv" | cut -d, -f1 | sort)
DONE=$(tail -n +2 "$OUT/ledger.csv" | cut -d, -f1 | sort)
[ "$PLANNED" = "$DONE" ] || fail "ledger run ids differ from the schedule: planned [$PLANNED] done [$DONE]"
[ "$(echo "$DONE" | uniq -d)" = "" ] || fail "a run appears twice in the ledger"
[ -z "$(find "$OUT" -name '*.tmp')" ] || fail "temp files left: $(find "$OUT" -name '*.tmp')"
NAMED=$(tail -n +2 "$OUT/ledger.csv" | cut -d, -f4 | sort)
PRESENT=$(cd "$OUT" && ls events/* | sort)
[ "$NAMED" = "$PRESENT" ] || fail "event files differ from the ledger: named [$NAMED] present [$PRESENT]"
( cd "$OUT" && tail -n +2 ledger.csv | while IFS=, read -r id cond status file sha rest; do
    echo "$sha  $file"; done | sha256sum -c --quiet ) || fail "an event file does not match its ledger SHA-256"
echo "kill-resume: OK: $(echo "$DONE" | wc -l) planned runs, each exactly once; no temp or orphan files ($OUT)"
grep -h "removed" "$WORK/resume.log" || true
