#!/usr/bin/env bash
# Run OpenMessaging Benchmark's own, unmodified worker code (LocalWorker and one of its drivers: Kafka, RabbitMQ,
# NATS JetStream) against a server and write what OMB's objects counted: <plan folder>/ledger.csv and
# <plan folder>/runs/<run>.csv (data/omb-real for Kafka, data/omb-rabbitmq, data/omb-nats).
#
# Usage (from anywhere; paths relative to the archive root):
#   src/main/sh/omb-run.sh build OMB_CHECKOUT [DRIVER...]
#       builds OMB's driver-api and each DRIVER's module (kafka, the default, rabbitmq, nats: driver-kafka,
#       driver-rabbitmq, driver-nats; mvn install, style/licence plugins skipped), resolves their jars, compiles
#       LocalWorker and the framework classes it needs from OMB's sources, and compiles src/main/omb/OmbDriver.java
#       against them; output in OMB_CHECKOUT/ftl-build/ (never in the archive). Heavy: run it before taking the
#       quiet window.
#   src/main/sh/omb-run.sh run OMB_CHECKOUT PLAN --bootstrap HOST:PORT [--broker-pid PID] [--out DIR]
#       runs every run of PLAN (default output: PLAN's folder) against the server at HOST:PORT (start one with
#       ./ftl broker [--system rabbitmq|nats]); the driver is the first folder of the plan's driver_config
#       (driver-kafka/...). Refuses a dirty archive tree (the ledger records the commit the runs were taken at) and a
#       checkout whose commit differs from the plan's omb_commit. Resumes: runs already in the ledger are skipped.
#       The ledger's kafka_clients_version column holds the driver's client library version (kafka-clients,
#       amqp-client or jnats) and bootstrap the server's host:port: the header is one format for every driver.
#       With OMB_DEADLINE=<epoch seconds> set, stops before a run that could not finish by then (rerun to resume).
#   src/main/sh/omb-run.sh result OMB_CHECKOUT WORKLOAD_YAML DRIVER_YAML --bootstrap HOST:PORT --out FILE
#           [--ledger CSV --run-id ID]
#       writes OMB's own result JSON (a serialized io.openmessaging.benchmark.TestResult, as bin/benchmark writes
#       it per workload) for one OMB workload file and one driver config, through src/main/omb/OmbResultRun.java:
#       Benchmark.main's body for one workload with a LocalWorker (WorkloadGenerator.run(), then Jackson's
#       writerWithDefaultPrettyPrinter()). Run from the checkout's root, as bin/benchmark is, so the workload's
#       payloadFile (payload/payload-100b.data) is OMB's own. BOOTSTRAP in DRIVER_YAML is replaced by HOST:PORT.
#       Build first (build compiles WorkloadGenerator and OmbResultRun too). With --ledger, refuses a dirty
#       archive tree and appends one row to CSV in the format of data/audit/demo/demo-ledger.csv (run_id, tool,
#       command with the address as BOOTSTRAP and the checkout as OMB_CHECKOUT@commit, started_at, exit_code,
#       output_file relative to the ledger's folder, output_sha256, bootstrap, git_commit, loadavg_start).
#       A run takes OMB's warm-up (warmupDurationMinutes, 1 by default) plus testDurationMinutes, plus about 10 s.
# Exit codes: 0 ok, 2 usage, 4 not found, 5 instrument failure (build or a run failed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
die() { echo "omb-run: $2" >&2; exit "$1"; }
[ $# -ge 2 ] || die 2 "usage: omb-run.sh build OMB_CHECKOUT | run OMB_CHECKOUT PLAN --bootstrap HOST:PORT [--broker-pid PID] [--out DIR] | result OMB_CHECKOUT WORKLOAD_YAML DRIVER_YAML --bootstrap HOST:PORT --out FILE [--ledger CSV --run-id ID]"
mode=$1; omb="$(cd "$2" 2>/dev/null && pwd)" || die 4 "no OMB checkout at $2"; shift 2
[ -f "$omb/benchmark-framework/src/main/java/io/openmessaging/benchmark/worker/LocalWorker.java" ] \
  || die 4 "$omb is not an OpenMessaging Benchmark checkout (no LocalWorker.java)"
build="$omb/ftl-build"
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
# Jars the framework's worker classes need beyond the Kafka driver's own dependencies (versions from OMB's pom.xml).
extra_artifacts="io.netty:netty-common:4.1.65.Final org.hdrhistogram:HdrHistogram:2.1.12 com.google.guava:guava:29.0-jre com.google.code.findbugs:jsr305:3.0.2"
skip="-DskipTests -Dspotless.skip -Dspotless.check.skip -Dspotless.apply.skip -Dlicense.skip -Dcheckstyle.skip -Dspotbugs.skip -Denforcer.skip -Djacoco.skip"

do_build() {
  local drivers=("$@")
  [ ${#drivers[@]} -gt 0 ] || drivers=(kafka)
  local d modules=""
  for d in "${drivers[@]}"; do
    case "$d" in kafka|rabbitmq|nats) ;; *) die 2 "unknown driver $d (kafka, rabbitmq, nats)" ;; esac
    modules="${modules:+$modules,}driver-$d"
  done
  mkdir -p "$build"
  echo "omb-run: building OMB driver-api and $modules at $(git -C "$omb" rev-parse HEAD)" >&2
  (cd "$omb" && mvn -B -q -pl "$modules" -am install $skip) > "$build/mvn-install.log" 2>&1 \
    || { tail -40 "$build/mvn-install.log" >&2; die 5 "OMB's Maven build failed (log: $build/mvn-install.log)"; }
  local extra=""
  for art in $extra_artifacts; do
    IFS=: read -r g a v <<< "$art"
    local jar="$m2/${g//.//}/$a/$v/$a-$v.jar"
    [ -f "$jar" ] || mvn -B -q dependency:get -Dartifact="$art" -Dtransitive=false > "$build/mvn-get.log" 2>&1 \
      || die 5 "could not fetch $art"
    extra="$extra:$jar"
  done
  local cp=""
  for d in "${drivers[@]}"; do
    (cd "$omb" && mvn -B -q -pl "driver-$d" dependency:build-classpath -Dmdep.includeScope=runtime \
      -Dmdep.outputFile="$build/driver-$d.classpath") > "$build/mvn-classpath.log" 2>&1 \
      || die 5 "could not resolve driver-$d's classpath (log: $build/mvn-classpath.log)"
    echo "$(cat "$build/driver-$d.classpath"):$omb/driver-$d/target/classes$extra" > "$build/classpath-$d"
    [ -n "$cp" ] || cp="$(cat "$build/classpath-$d")"
  done
  # the Kafka runs of data/omb-real read $build/classpath
  [ -f "$build/classpath-kafka" ] && cp "$build/classpath-kafka" "$build/classpath"
  rm -rf "$build/classes" && mkdir -p "$build/classes"
  # LocalWorker and whatever it references, compiled from OMB's sources as they are (-sourcepath pulls in only
  # the classes needed: WorkerStats, MessageProducer, UniformRateLimiter, the command objects...). WorkloadGenerator
  # (with TestResult, Workload, DriverConfiguration) is for OmbResultRun; RateController is named because it uses
  # Lombok's @Slf4j, and javac runs annotation processors only on the files it is given, not those -sourcepath finds.
  javac -nowarn -encoding UTF-8 -d "$build/classes" -cp "$cp" -sourcepath "$omb/benchmark-framework/src/main/java" \
    "$omb/benchmark-framework/src/main/java/io/openmessaging/benchmark/worker/LocalWorker.java" \
    "$omb/benchmark-framework/src/main/java/io/openmessaging/benchmark/utils/payload/FilePayloadReader.java" \
    "$omb/benchmark-framework/src/main/java/io/openmessaging/benchmark/WorkloadGenerator.java" \
    "$omb/benchmark-framework/src/main/java/io/openmessaging/benchmark/RateController.java" \
    "$root/src/main/omb/OmbDriver.java" "$root/src/main/omb/OmbResultRun.java" 2> "$build/javac.log" || { cat "$build/javac.log" >&2; die 5 "javac failed"; }
  git -C "$omb" rev-parse HEAD > "$build/omb-commit"
  echo "omb-run: built in $build" >&2
}

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

do_run() {
  local plan="" bootstrap="" broker_pid=0 out=""
  [ $# -ge 1 ] || die 2 "run needs a PLAN"
  plan="$1"; shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --bootstrap) bootstrap="${2:-}"; shift 2 ;;
      --broker-pid) broker_pid="${2:-}"; shift 2 ;;
      --out) out="${2:-}"; shift 2 ;;
      *) die 2 "unknown option $1" ;;
    esac
  done
  [ -f "$plan" ] || die 4 "no plan at $plan"
  [[ "$bootstrap" =~ ^[^[:space:]:]+:[0-9]{1,5}$ ]] || die 2 "--bootstrap must be host:port (was \"$bootstrap\")"
  [[ "$broker_pid" =~ ^[0-9]+$ ]] || die 2 "--broker-pid must be a number"
  local dconf0 driver cpfile
  dconf0="$(json "$plan" "d.get('defaults', {}).get('driver_config', '')")"
  driver="${dconf0%%/*}"; driver="${driver#driver-}"
  case "$driver" in kafka|rabbitmq|nats) ;; *) die 3 "$plan: defaults.driver_config must start with driver-kafka/, driver-rabbitmq/ or driver-nats/ (was \"$dconf0\")" ;; esac
  cpfile="$build/classpath-$driver"
  [ -f "$cpfile" ] || { [ "$driver" = kafka ] && cpfile="$build/classpath"; }
  [ -f "$cpfile" ] && [ -f "$build/classes/OmbDriver.class" ] || die 4 "not built for $driver: run omb-run.sh build $omb $driver first"
  [ "$root/src/main/omb/OmbDriver.java" -ot "$build/classes/OmbDriver.class" ] || die 5 "OmbDriver.java is newer than its build: run build again"
  out="${out:-$(dirname "$plan")}"
  local dirty; dirty="$(git -C "$root" status --porcelain)"
  [ -z "$dirty" ] || die 5 "the archive's tree is dirty; commit first (the ledger records the commit the runs were taken at):
$dirty"
  local commit omb_commit want
  commit="$(git -C "$root" rev-parse HEAD)"
  omb_commit="$(git -C "$omb" rev-parse HEAD)"
  [ "$omb_commit" = "$(cat "$build/omb-commit")" ] || die 5 "the checkout moved since the build: build again"
  want="$(json "$plan" "d['omb_commit']")"
  [ "$omb_commit" = "$want" ] || die 5 "the checkout is at $omb_commit, the plan asks for $want"
  mkdir -p "$out/runs" "$out/configs"
  local ledger="$out/ledger.csv"
  local header="run_id,condition,status,reason,repeat,order_index,started_at,rate_msg_per_s,send_interval_ns,payload_bytes,warmup_s,duration_s,driver_config,driver_config_sha256,run_file,run_sha256,messages_sent,messages_received,e2e_count,dropped_share,period_messages_received,period_e2e_count,e2e_p50_us,e2e_p99_us,e2e_max_us,send_errors,other_cpu_pct,loadavg_start,loadavg_end,omb_commit,kafka_clients_version,bootstrap,host_cpu,host_cores,kernel,clocksource,jvm,git_commit"
  # a new ledger names the plan's SHA-256 in every row (plan_sha256, after the columns of data/omb-real's ledger,
  # which was written before it): the analysis then proves which plan each run was taken under
  local digest_col=no plan_sha; plan_sha="$(sha256sum "$plan" | cut -c1-64)"
  [ -f "$ledger" ] || echo "$header,plan_sha256" > "$ledger"
  if [ "$(head -1 "$ledger")" = "$header,plan_sha256" ]; then digest_col=yes
  elif [ "$(head -1 "$ledger")" != "$header" ]; then die 3 "$ledger:1: header differs from this script's ledger header"; fi
  local host_cpu cores kernel clocksrc jvm kafka_ver
  host_cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/,/ /g')"
  cores="$(nproc)"; kernel="$(uname -r)"
  clocksrc="$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)"
  jvm="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vm.name = //p; s/^ *java.vm.version = //p' | paste -sd' ' | sed 's/,/ /g')"
  local client_jar; client_jar="$(case "$driver" in kafka) echo kafka-clients ;; rabbitmq) echo amqp-client ;; nats) echo jnats ;; esac)"
  kafka_ver="$(tr ':' '\n' < "$cpfile" | sed -n "s#.*/$client_jar-\(.*\)\.jar#\1#p" | head -1)"
  # The schedule: every condition's runs in the plan's order, repeat by repeat (round-robin over conditions).
  python3 - "$plan" > "$out/schedule.tmp" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
d = p.get("defaults", {})
rows = []
conds = [dict(d, **c) for c in p["conditions"]]
reps = max(int(c.get("repeats", p.get("repeats", 1))) for c in conds)
i = 0
for r in range(1, reps + 1):
    for c in conds:
        if r <= int(c.get("repeats", p.get("repeats", 1))):
            i += 1
            rows.append(["r%02d" % i, c["name"], str(r), str(i - 1), str(c["rate_msg_per_s"]), str(c["payload_bytes"]),
                         c["payload_file"], str(c["warmup_s"]), str(c["duration_s"]), c["driver_config"]])
for row in rows:
    print("\t".join(row))
PY
  [ -f "$out/schedule.csv" ] || { echo "run_id,condition,repeat,order_index,rate_msg_per_s,payload_bytes,payload_file,warmup_s,duration_s,driver_config" > "$out/schedule.csv"; tr '\t' ',' < "$out/schedule.tmp" >> "$out/schedule.csv"; }
  local id cond rep idx rate bytes pfile warm dur dconf
  while IFS=$'\t' read -r id cond rep idx rate bytes pfile warm dur dconf; do
    if grep -q "^$id,[^,]*,ok," "$ledger"; then continue; fi
    if [ -n "${OMB_DEADLINE:-}" ] && [ $(( $(date +%s) + warm + dur + 30 )) -gt "$OMB_DEADLINE" ]; then
      echo "omb-run: deadline reached before $id; run the same command again to resume" >&2
      break
    fi
    grep -q "^$id," "$ledger" && die 5 "$ledger: run $id is there but not ok; remove its row to retry"
    [ -f "$omb/$dconf" ] || die 4 "no driver config $omb/$dconf"
    [ "${dconf%%/*}" = "driver-$driver" ] || die 3 "$plan: condition $cond's driver_config $dconf is not of driver-$driver (one driver per plan)"
    local cname; cname="$(basename "$dconf" .yaml)-$( [ "$driver" = rabbitmq ] && echo local || echo rf1 ).yaml"
    local conf="$out/configs/$cname"
    if [ ! -f "$conf" ]; then
      # OMB's shipped config with the changes one local server needs; everything else as shipped.
      { echo "# derived from OpenMessaging Benchmark $omb_commit:$dconf (sha256 $(sha256sum "$omb/$dconf" | cut -c1-64))"
        case "$driver" in
          kafka)
            echo "# changes: replicationFactor 3 -> 1, min.insync.replicas 2 -> 1 (one broker), bootstrap.servers -> the broker under test (BOOTSTRAP)"
            sed -n '/^name:/,$p' "$omb/$dconf" | sed 's/^replicationFactor: .*/replicationFactor: 1/; s/min.insync.replicas=2/min.insync.replicas=1/; s/bootstrap.servers=.*/bootstrap.servers=BOOTSTRAP/' ;;
          rabbitmq)
            echo "# changes: amqpUris -> the server under test (amqp://BOOTSTRAP, user guest on loopback)"
            sed -n '/^name:/,$p' "$omb/$dconf" | sed 's#^\( *- *\)amqp://.*#\1amqp://BOOTSTRAP#' ;;
          nats)
            echo "# changes: natsHostUrl -> the server under test (nats://BOOTSTRAP), replicationFactor 3 -> 1 (one server)"
            sed -n '/^name:/,$p' "$omb/$dconf" | sed 's#^natsHostUrl: .*#natsHostUrl: nats://BOOTSTRAP#; s/^replicationFactor: .*/replicationFactor: 1/' ;;
        esac
      } > "$conf"
    fi
    local conf_sha; conf_sha="$(sha256sum "$conf" | cut -c1-64)"
    local runconf; runconf="$(mktemp --suffix=.yaml)"
    sed "s/BOOTSTRAP/$bootstrap/" "$conf" > "$runconf"
    local interval_ns; interval_ns="$(python3 -c "print(round(1e9/float('$rate')))")"
    local started load0 load1 summary rc status="ok" reason=""
    started="$(date -u +%FT%T.%3NZ)"; load0="$(cut -d' ' -f1 /proc/loadavg)"
    echo "omb-run: $id $cond rate $rate/s payload $bytes B warm-up ${warm}s measure ${dur}s" >&2
    set +e
    summary="$(java -Dlog4j2.configurationFile="$root/src/main/omb/log4j2.xml" -cp "$build/classes:$(cat "$cpfile")" \
      OmbDriver --config "$runconf" --rate "$rate" --payload "$omb/$pfile" --payload-bytes "$bytes" \
      --warmup-s "$warm" --duration-s "$dur" --out "$out/runs/$id.csv" --broker-pid "$broker_pid" 2> "$out/runs/$id.stderr.tmp")"
    rc=$?
    set -e
    load1="$(cut -d' ' -f1 /proc/loadavg)"
    rm -f "$runconf"
    local kv; kv="$(grep '^omb-summary ' <<< "$summary" | sed 's/^omb-summary //')" || true
    if [ $rc -ne 0 ] || [ -z "$kv" ]; then
      status="failed"; reason="driver exit $rc: $(tail -1 "$out/runs/$id.stderr.tmp" | tr ',"' ';\047' | cut -c1-200)"
      rm -f "$out/runs/$id.csv"
    fi
    rm -f "$out/runs/$id.stderr.tmp"
    get() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<< "$kv"; }
    local run_file="" run_sha="" dropped=""
    if [ "$status" = ok ]; then
      run_file="runs/$id.csv"; run_sha="$(sha256sum "$out/$run_file" | cut -c1-64)"
      dropped="$(python3 -c "r=int('$(get received)'); k=int('$(get e2e_count)'); print('%.6f' % (1 - k / r) if r > 0 else '')")"
    fi
    echo "$id,$cond,$status,\"$reason\",$rep,$idx,$started,$rate,$interval_ns,$bytes,$warm,$dur,$dconf,$conf_sha,$run_file,$run_sha,$(get sent),$(get received),$(get e2e_count),$dropped,$(get period_received),$(get period_e2e_count),$(get e2e_p50_us),$(get e2e_p99_us),$(get e2e_max_us),$(get send_errors),$(get other_cpu_pct),$load0,$load1,$omb_commit,$kafka_ver,$bootstrap,$host_cpu,$cores,$kernel,$clocksrc,$jvm,$commit$( [ "$digest_col" = yes ] && echo ",$plan_sha" )" >> "$ledger"
    echo "omb-run: $id $status received $(get received) e2e $(get e2e_count) dropped $dropped" >&2
  done < "$out/schedule.tmp"
  rm -f "$out/schedule.tmp"
}

do_result() {
  [ $# -ge 2 ] || die 2 "result needs WORKLOAD_YAML DRIVER_YAML"
  local workload driver bootstrap="" out="" ledger="" run_id=""
  workload="$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1")" || die 4 "no workload at $1"
  driver="$(cd "$(dirname "$2")" 2>/dev/null && pwd)/$(basename "$2")" || die 4 "no driver config at $2"
  local workload_arg="$1" driver_arg="$2"
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      --bootstrap) bootstrap="${2:-}"; shift 2 ;;
      --out) out="${2:-}"; shift 2 ;;
      --ledger) ledger="${2:-}"; shift 2 ;;
      --run-id) run_id="${2:-}"; shift 2 ;;
      *) die 2 "unknown option $1" ;;
    esac
  done
  [ -f "$workload" ] || die 4 "no workload at $workload_arg"
  [ -f "$driver" ] || die 4 "no driver config at $driver_arg"
  [[ "$bootstrap" =~ ^[^[:space:]:]+:[0-9]{1,5}$ ]] || die 2 "--bootstrap must be host:port (was \"$bootstrap\")"
  [ -n "$out" ] || die 2 "result needs --out FILE"
  [ -z "$ledger" ] || [[ "$run_id" =~ ^[a-z0-9-]+$ ]] || die 2 "--ledger needs --run-id ID (lower-case letters, digits, -)"
  [ -f "$build/classes/OmbResultRun.class" ] && [ -f "$build/classpath-kafka" ] \
    || die 4 "not built: run omb-run.sh build $omb kafka first"
  [ "$root/src/main/omb/OmbResultRun.java" -ot "$build/classes/OmbResultRun.class" ] \
    || die 5 "OmbResultRun.java is newer than its build: run build again"
  local omb_commit; omb_commit="$(git -C "$omb" rev-parse HEAD)"
  [ "$omb_commit" = "$(cat "$build/omb-commit")" ] || die 5 "the checkout moved since the build: build again"
  if [ -n "$ledger" ]; then
    local dirty; dirty="$(git -C "$root" status --porcelain)"
    [ -z "$dirty" ] || die 5 "the archive's tree is dirty; commit first (the ledger records the commit):
$dirty"
  fi
  local outabs; outabs="$(cd "$(dirname "$out")" 2>/dev/null && pwd)/$(basename "$out")" || die 4 "no folder for $out"
  local runconf; runconf="$(mktemp --suffix=.yaml)"
  sed "s/BOOTSTRAP/$bootstrap/" "$driver" > "$runconf"
  local started load0 rc
  started="$(date -u +%FT%TZ)"; load0="$(cut -d' ' -f1 /proc/loadavg)"
  echo "omb-run: result of $workload_arg with $driver_arg against $bootstrap (OMB $omb_commit)" >&2
  set +e
  (cd "$omb" && java -Dlog4j2.configurationFile="$root/src/main/omb/log4j2.xml" \
    -cp "$build/classes:$(cat "$build/classpath-kafka")" OmbResultRun --workload "$workload" --driver "$runconf" \
    --out "$outabs")
  rc=$?
  set -e
  rm -f "$runconf"
  [ $rc -eq 0 ] && [ -s "$outabs" ] || die 5 "OMB's run failed (exit $rc); no result written"
  if [ -n "$ledger" ]; then
    local base; base="$(cd "$(dirname "$ledger")" && pwd)"
    local rel="${outabs#"$base"/}"
    [ -f "$ledger" ] || echo "run_id,tool,command,started_at,exit_code,output_file,output_sha256,bootstrap,git_commit,loadavg_start" > "$ledger"
    echo "$run_id,OpenMessagingBenchmark,\"src/main/sh/omb-run.sh result OMB_CHECKOUT@$omb_commit $workload_arg $driver_arg --bootstrap BOOTSTRAP --out $out\",$started,$rc,$rel,$(sha256sum "$outabs" | cut -c1-64),embedded,$(git -C "$root" rev-parse HEAD),$load0" >> "$ledger"
  fi
  echo "omb-run: wrote $out" >&2
}

case "$mode" in
  build) do_build "$@" ;;
  run) do_run "$@" ;;
  result) do_result "$@" ;;
  *) die 2 "unknown mode $mode (build | run | result)" ;;
esac
