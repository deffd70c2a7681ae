#!/usr/bin/env bash
# Issue 8 demonstration: run Kafka's own EndToEndLatency and ProducerPerformance (kafka-tools 4.4.0,
# the version the pom pins) against the embedded broker, capture what they print for a sub-millisecond
# path, and run our instrument on the same broker, same topic settings (acks=1, 100-byte records, 1 ms
# pacing for ours and ProducerPerformance), right after. Writes data/audit/demo/ (outputs + demo-ledger.csv).
# Usage: src/main/sh/audit-demo.sh [OUT_DIR]   (run from the archive root on a quiet machine)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
out="${1:-data/audit/demo}"
mkdir -p "$out/outputs"
[ -f target/ftl.jar ] || ./ftl --version >/dev/null
# Kafka's tools are not on the archive's runtime class path: the pom's audit-demo profile adds them, copied here.
mvn -q -B -Paudit-demo dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=target/audit-lib
cp="target/ftl.jar:target/audit-lib/*"
scratch="scratch/audit-demo-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$scratch"
./ftl broker --scratch "$scratch/broker" > "$scratch/broker.out" 2>&1 &
broker_pid=$!
trap 'kill $broker_pid 2>/dev/null; wait $broker_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  bs=$(grep -o 'serving at 127.0.0.1:[0-9]*' "$scratch/broker.out" | head -1 | sed 's/serving at //') || true
  [ -n "${bs:-}" ] && break
  sleep 1
done
[ -n "${bs:-}" ] || { echo "broker did not start" >&2; exit 5; }
commit=$(git rev-parse HEAD)
ledger="$out/demo-ledger.csv"
[ -f "$ledger" ] || echo "run_id,tool,command,started_at,exit_code,output_file,output_sha256,bootstrap,git_commit,loadavg_start" > "$ledger"
run() { # run_id tool command...
  local id=$1 tool=$2; shift 2
  local file="outputs/$id.txt" started load
  started=$(date -u +%FT%TZ); load=$(cut -d' ' -f1 /proc/loadavg)
  set +e; "$@" > "$out/$file" 2>&1; local rc=$?; set -e
  local sha; sha=$(sha256sum "$out/$file" | cut -c1-64)
  local cmd; cmd=$(printf '%s ' "$@" | sed "s#$bs#BOOTSTRAP#g; s#\"#'#g")
  echo "$id,$tool,\"${cmd% }\",$started,$rc,$file,$sha,embedded,$commit,$load" >> "$ledger"
}
java -cp "$cp" org.apache.kafka.tools.TopicCommand --bootstrap-server "$bs" --create --topic demo --partitions 1 --replication-factor 1 > /dev/null
# Warm the broker the way our campaigns do (discarded): 40,000 records at 2,000 per second.
java -cp "$cp" org.apache.kafka.tools.ProducerPerformance --topic demo --num-records 40000 --record-size 100 \
  --throughput 2000 --producer-props bootstrap.servers="$bs" acks=1 linger.ms=0 > "$scratch/warmup.txt" 2>&1
for i in 1 2 3; do
  run "e2e-$i" EndToEndLatency java -cp "$cp" org.apache.kafka.tools.EndToEndLatency "$bs" demo 5000 1 100
  run "perf-$i" ProducerPerformance java -cp "$cp" org.apache.kafka.tools.ProducerPerformance --topic demo \
    --num-records 5000 --record-size 100 --throughput 1000 --producer-props bootstrap.servers="$bs" acks=1 linger.ms=0
done
# Our instrument on the same broker: the same path, 1 ms pacing, 5000 events, 3 repeats.
cat > "$scratch/plan.json" <<PLAN
{"campaign": "audit-demo-ftl", "description": "ftl instrument on the broker of the audit demonstration", "seed": 1, "repeats": 3,
 "warmup": {"rule": "first_sends", "events": 300},
 "defaults": {"send_interval": "1ms", "payload_bytes": 100, "acks": "1", "linger_ms": 0, "partitions": 1, "events": 5000},
 "conditions": [{"name": "same-path"}]}
PLAN
run ftl-1 ftl ./ftl campaign run "$scratch/plan.json" --out "$scratch/ftl" --bootstrap "$bs"
cp "$scratch/ftl/ledger.csv" "$out/outputs/ftl-ledger.csv"
echo "audit demo written to $out"
