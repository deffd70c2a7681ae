#!/usr/bin/env bash
# Run RabbitMQ PerfTest (com.rabbitmq:perf-test from Maven Central, unmodified) against a RabbitMQ server and keep what
# it printed and counted: <plan folder>/ledger.csv, runs/<run>.txt (its standard output) and runs/<run>.prom (its own
# Prometheus metrics, scraped once shortly before the run ends, while its metrics server still answers).
#
# Usage (from anywhere; paths relative to the archive root):
#   src/main/sh/perftest-run.sh fetch DIR PLAN
#       resolves the plan's perftest_version of com.rabbitmq:perf-test and its runtime dependencies, with the logback the
#       plan names (PerfTest configures logback itself; its pom marks it optional), into DIR/lib (never in the archive).
#   src/main/sh/perftest-run.sh run DIR PLAN --server HOST:PORT [--out FOLDER]
#       runs every run of PLAN against the server (start one with ./ftl broker --system rabbitmq). Refuses a dirty
#       archive tree (the ledger records the commit). Resumes: runs already ok in the ledger are skipped.
# Each run: java -cp DIR/lib/* com.rabbitmq.perf.PerfTest --uri amqp://HOST:PORT -x 1 -y 1 -r RATE -z DURATION
#   -s SIZE -u <queue of the run> --id <run> -mpr -mpp PORT -mc [--use-millis] (the plan's options, nothing else), its
#   metrics scraped at DURATION - scrape_before_end_s.
# Exit codes: 0 ok, 2 usage, 3 bad plan or ledger, 4 not found, 5 instrument failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
die() { echo "perftest-run: $2" >&2; exit "$1"; }
[ $# -ge 3 ] || die 2 "usage: perftest-run.sh fetch DIR PLAN | run DIR PLAN --server HOST:PORT [--out FOLDER]"
mode=$1; dir=$2; plan=$3; shift 3
[ -f "$plan" ] || die 4 "no plan at $plan"
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
version="$(json "$plan" "d['perftest_version']")"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die 3 "$plan: perftest_version must be like 2.16.0 (was \"$version\")"

do_fetch() {
  local logback; logback="$(json "$plan" "d['logback_version']")"
  [[ "$logback" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die 3 "$plan: logback_version must be like 1.2.13 (was \"$logback\")"
  mkdir -p "$dir/lib"
  cat > "$dir/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>ftl.local</groupId><artifactId>perftest-fetch</artifactId><version>1</version>
<dependencies>
<dependency><groupId>com.rabbitmq</groupId><artifactId>perf-test</artifactId><version>$version</version></dependency>
<dependency><groupId>ch.qos.logback</groupId><artifactId>logback-classic</artifactId><version>$logback</version></dependency>
</dependencies></project>
POM
  (cd "$dir" && mvn -B -q dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=lib) > "$dir/mvn.log" 2>&1 \
    || { tail -30 "$dir/mvn.log" >&2; die 5 "could not resolve perf-test $version (log: $dir/mvn.log)"; }
  [ -f "$dir/lib/perf-test-$version.jar" ] || die 5 "perf-test-$version.jar not in $dir/lib"
  echo "perftest-run: perf-test $version and $(ls "$dir/lib" | wc -l) jars in $dir/lib" >&2
}

do_run() {
  local server="" out=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --server) server="${2:-}"; shift 2 ;;
      --out) out="${2:-}"; shift 2 ;;
      *) die 2 "unknown option $1" ;;
    esac
  done
  [[ "$server" =~ ^[^[:space:]:/]+:[0-9]{1,5}$ ]] || die 2 "--server must be host:port (was \"$server\")"
  [ -f "$dir/lib/perf-test-$version.jar" ] || die 4 "not fetched: run perftest-run.sh fetch $dir $plan first"
  out="${out:-$(dirname "$plan")}"
  local dirty; dirty="$(git -C "$root" status --porcelain)"
  [ -z "$dirty" ] || die 5 "the archive's tree is dirty; commit first (the ledger records the commit the runs were taken at):
$dirty"
  local commit plan_sha amqp_ver host_cpu cores kernel jvm
  commit="$(git -C "$root" rev-parse HEAD)"
  plan_sha="$(sha256sum "$plan" | cut -c1-64)"
  amqp_ver="$(ls "$dir/lib" | sed -n 's/^amqp-client-\(.*\)\.jar$/\1/p' | head -1)"
  host_cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/,/ /g')"
  cores="$(nproc)"; kernel="$(uname -r)"
  jvm="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vm.name = //p; s/^ *java.vm.version = //p' | paste -sd' ' | sed 's/,/ /g')"
  mkdir -p "$out/runs"
  local ledger="$out/ledger.csv"
  local header="run_id,condition,status,reason,repeat,order_index,started_at,rate_msg_per_s,use_millis,duration_s,size_bytes,scrape_at_s,stdout_file,stdout_sha256,metrics_file,metrics_sha256,loadavg_start,loadavg_end,perftest_version,amqp_client_version,server,host_cpu,host_cores,kernel,jvm,plan_sha256,git_commit"
  [ -f "$ledger" ] || echo "$header" > "$ledger"
  [ "$(head -1 "$ledger")" = "$header" ] || die 3 "$ledger:1: header differs from this script's ledger header"
  # The schedule: repeat by repeat, every condition in the plan's order (round-robin).
  python3 - "$plan" > "$out/schedule.tmp" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
d = p.get("defaults", {})
conds = [dict(d, **c) for c in p["conditions"]]
reps = int(p.get("repeats", 1))
i = 0
for r in range(1, reps + 1):
    for c in conds:
        i += 1
        print("\t".join(["r%02d" % i, c["name"], str(r), str(i - 1), str(c["rate_msg_per_s"]),
                         "yes" if c.get("use_millis", False) else "no", str(c["duration_s"]), str(c["size_bytes"]),
                         str(c["scrape_before_end_s"])]))
PY
  [ -f "$out/schedule.csv" ] || { echo "run_id,condition,repeat,order_index,rate_msg_per_s,use_millis,duration_s,size_bytes,scrape_before_end_s" > "$out/schedule.csv"; tr '\t' ',' < "$out/schedule.tmp" >> "$out/schedule.csv"; }
  local id cond rep idx rate millis dur size before
  while IFS=$'\t' read -r id cond rep idx rate millis dur size before; do
    if grep -q "^$id,[^,]*,ok," "$ledger"; then continue; fi
    grep -q "^$id," "$ledger" && die 5 "$ledger: run $id is there but not ok; remove its row to retry"
    local port; port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    local args=(--uri "amqp://$server" -x 1 -y 1 -r "$rate" -z "$dur" -s "$size" -u "ftl-perftest-$id" --id "$id" -mpr -mpp "$port" -mc)
    [ "$millis" = yes ] && args+=(--use-millis)
    local started load0 load1 status=ok reason="" scrape_at
    started="$(date -u +%FT%T.%3NZ)"; load0="$(cut -d' ' -f1 /proc/loadavg)"
    echo "perftest-run: $id $cond rate $rate/s use-millis $millis for ${dur}s" >&2
    java -cp "$dir/lib/*" com.rabbitmq.perf.PerfTest "${args[@]}" > "$out/runs/$id.txt" 2> "$out/runs/$id.stderr.tmp" &
    local pid=$!
    scrape_at=$((dur - before))
    sleep "$scrape_at"
    if ! python3 -c "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen('http://127.0.0.1:$port/metrics', timeout=5).read().decode())" > "$out/runs/$id.prom" 2>> "$out/runs/$id.stderr.tmp"; then
      status=failed; reason="metrics scrape failed"
    fi
    set +e; wait "$pid"; local rc=$?; set -e
    load1="$(cut -d' ' -f1 /proc/loadavg)"
    if [ $rc -ne 0 ]; then status=failed; reason="perftest exit $rc: $(tail -1 "$out/runs/$id.stderr.tmp" | tr ',"' ';\047' | cut -c1-200)"; fi
    rm -f "$out/runs/$id.stderr.tmp"
    local so_sha pm_sha
    so_sha="$(sha256sum "$out/runs/$id.txt" | cut -c1-64)"
    pm_sha="$( [ -s "$out/runs/$id.prom" ] && sha256sum "$out/runs/$id.prom" | cut -c1-64 || echo "")"
    echo "$id,$cond,$status,\"$reason\",$rep,$idx,$started,$rate,$millis,$dur,$size,$scrape_at,runs/$id.txt,$so_sha,runs/$id.prom,$pm_sha,$load0,$load1,$version,$amqp_ver,$server,$host_cpu,$cores,$kernel,$jvm,$plan_sha,$commit" >> "$ledger"
    echo "perftest-run: $id $status" >&2
  done < "$out/schedule.tmp"
  rm -f "$out/schedule.tmp"
}

case "$mode" in
  fetch) do_fetch ;;
  run) do_run "$@" ;;
  *) die 2 "unknown mode $mode (fetch | run)" ;;
esac
