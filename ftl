#!/usr/bin/env bash
# ftl launcher: builds the archive's jar when it is missing or older than its sources, then runs the CLI.
# Usage: ./ftl --help    (every command, option and exit code)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$root/target/ftl.jar"
stale=""
if [[ ! -f "$jar" || ! -d "$root/target/lib" ]]; then
  stale="missing"
# only what goes into the jar: src/main/sh, src/main/python and src/main/omb are not compiled by Maven, and an
# unchanged jar keeps its old time, so counting them would rebuild on every call
elif [[ -n "$(find "$root/src/main/java" "$root/src/main/resources" "$root/pom.xml" "$root/data/datapackage.json" -newer "$jar" -print -quit 2>/dev/null)" ]]; then
  stale="older than its sources"
fi
if [[ -n "$stale" ]]; then
  echo "ftl: building target/ftl.jar (jar $stale; about a minute the first time)..." >&2
  log="$(mktemp)"
  if ! (cd "$root" && mvn -q -B -DskipTests package >"$log" 2>&1); then
    cat "$log" >&2
    rm -f "$log"
    echo "ftl: build failed (see above)" >&2
    exit 70
  fi
  rm -f "$log"
fi
# Analysis commands are short-lived: C1 and the serial collector start faster and finish sooner here
# (reproduce 5.3 s -> 4.4 s). A small initial heap (the JVM's default is 1/64 of the machine's memory, 384 MB on
# 24 GiB) lets the heap grow with what is live instead: peak RSS of list --json 240 -> 160 MB at the same speed.
# The instrument (campaign, broker) runs with the JVM's defaults, as its data were taken.
opts="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms32m"
for a in "$@"; do
  case "$a" in campaign|broker) opts=""; break ;; esac
done
exec java ${FTL_JAVA_OPTS-$opts} -cp "$jar:$root/target/lib/*" ftl.cli.Main --root "$root" "$@"
