#!/usr/bin/env bash
# ftl launcher: builds the archive's jar when it is missing or older than its sources, then runs the CLI.
# Usage: ./ftl --help    (every command, option and exit code)
set -euo pipefail
# Few processes are started before the JVM (each costs several ms on a small VM): the folder, the THP setting and the
# JVM's path are found by the shell itself; `find` (staleness) and one `stat` (class-data sharing) are the only others.
src="${BASH_SOURCE[0]}"
case "$src" in
  */*) root="${src%/*}" ;;
  *) root="." ;;
esac
case "$root" in
  .) root="$PWD" ;;
  /*) ;;
  *) root="$PWD/$root" ;;
esac
case "$root" in
  */.|*/./*|*/..|*/../*|*//*) root="$(cd "$root" && pwd)" ;; # the same spelling of the folder from wherever it is called
esac
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
# 24 GiB) lets the heap grow with what is live instead: peak RSS of list --json 240 -> 160 MB at the same speed
# (96 MB rather than 32 or 64: fewer collections while the ledgers load, and no full collection of about 50 ms to grow
# the old generation in the middle of a cold read of data/; peak RSS unchanged, since the heap grows that far). The
# young generation is held at 24 MB (by default a third of a heap that grows with the data): peak RSS on the growth
# benchmark's grown root 310-330 -> 255-280 MB at the same speed.
# The instrument (campaign, broker) runs with the JVM's defaults, as its data were taken.
# -XX:-ProfileInterpreter: with C1 alone nothing reads the interpreter's profiles (list --json --no-cache 2.51 -> 2.42 s,
# CPU 4.26 -> 4.12 s, medians of 6 interleaved runs). -XX:-UsePerfData: no hsperfdata file per start.
opts="-XX:TieredStopAtLevel=1 -XX:-ProfileInterpreter -XX:+UseSerialGC -Xms96m -Xmn24m -XX:-UsePerfData"
# The collector's pauses were mostly the kernel's first touch of heap pages, 4 KiB at a time (a KVM guest pays dearly
# for each fault): 350 of 2,400 ms of a cold check. Transparent huge pages for the heap cut that to ~130 ms. Asked
# for only where the kernel grants them on request ("[madvise]"): with "[always]" the heap gets them anyway, and
# with "[never]" the JVM would print a warning.
thp=""
read -r thp </sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true
if [[ "$thp" == *"[madvise]"* ]]; then
  opts="$opts -XX:+UseTransparentHugePages"
fi
for a in "$@"; do
  # the instrument also hashes with the JDK's own SHA-256: no library loaded on a thread beside its measurements
  case "$a" in campaign|broker) opts=""; export FTL_NO_NSS=1; break ;; esac
done
cp="$jar:$root/target/lib/*"
# Class-data sharing (JDK 17 dynamic AppCDS): the classes an analysis command loads, parsed and verified once into
# target/ftl-cds-<jvm>.jsa and mapped at each start instead of read from the jars (docs/performance.md). Only with
# the launcher's own options (not with FTL_JAVA_OPTS, not for campaign/broker). Written, when missing or older than
# the jar (or target/lib), by a training run (`check runs.total`, output discarded; about 2 s, once per build) into a temporary file,
# tried with -Xshare:on, then renamed, so two launches at once never see half an archive; <jvm> is the device, inode,
# size and modification time of the java binary (links followed), so another JVM gets an archive of its own. The
# .size file guards against a truncated archive (JDK 17 crashes on one); a failed training leaves a .failed mark, not
# retried until the jar changes. Whatever goes wrong (read-only target/, a stale or foreign archive) the command runs
# without it, and the JVM's CDS messages are off. FTL_NO_CDS=1 turns it off.
shopt -s nullglob
archives=("$root"/target/ftl-cds-*.jsa)
shopt -u nullglob
set -f # no pathname expansion from here on: -Xlog:cds*=off and FTL_JAVA_OPTS are JVM options, not patterns
cds=()
if [[ -z "${FTL_JAVA_OPTS+set}" && -n "$opts" && -z "${FTL_NO_CDS:-}" ]] && hash java 2>/dev/null; then
  javabin="${BASH_CMDS[java]-}"
  # one stat for the JVM and every archive there is: "<device> <inode> <size> <mtime> <name>" per line
  stats="$(stat -L -c '%d %i %s %Y %n' -- "$javabin" ${archives[@]+"${archives[@]}"} 2>/dev/null || true)"
  jvm=""
  declare -A sizeOf=()
  first=1
  while read -r d i z m n; do
    if [[ -n "$first" ]]; then
      [[ "$n" == "$javabin" ]] && jvm="$d-$i-$z-$m"
      first=""
    else
      sizeOf["$n"]="$z"
    fi
  done <<<"$stats"
  if [[ -n "$jvm" && "$jvm" != *[!0-9-]* ]]; then
    jsa="$root/target/ftl-cds-$jvm.jsa"
    size=""
    [[ -f "$jsa.size" ]] && read -r size <"$jsa.size" 2>/dev/null || true
    if [[ -f "$jsa" && ! "$jar" -nt "$jsa" && ! "$root/target/lib" -nt "$jsa" && -n "$size" && "${sizeOf["$jsa"]-}" == "$size" ]]; then
      cds=("-XX:SharedArchiveFile=$jsa" "-Xlog:cds*=off")
    elif [[ -w "$root/target" && ! ( -f "$jsa.failed" && "$jsa.failed" -nt "$jar" ) ]]; then
      tmp="$jsa.$$.tmp"
      if java $opts -XX:ArchiveClassesAtExit="$tmp" -XX:ErrorFile=/dev/null -Xlog:cds*=off -cp "$cp" ftl.cli.Main --root "$root" check runs.total \
            </dev/null >/dev/null 2>&1; [[ -s "$tmp" ]] \
          && java $opts -Xshare:on -XX:SharedArchiveFile="$tmp" -XX:ErrorFile=/dev/null -Xlog:cds*=off -cp "$cp" -version \
            </dev/null >/dev/null 2>&1 \
          && stat -c %s "$tmp" >"$tmp.size" 2>/dev/null && mv -f "$tmp.size" "$jsa.size" 2>/dev/null \
          && mv -f "$tmp" "$jsa" 2>/dev/null; then
        cds=("-XX:SharedArchiveFile=$jsa" "-Xlog:cds*=off")
        rm -f "$jsa.failed" 2>/dev/null || true
      else
        touch "$jsa.failed" 2>/dev/null || true
      fi
      rm -f "$tmp" "$tmp.size" 2>/dev/null || true
    fi
  fi
fi
exec java ${FTL_JAVA_OPTS-$opts} ${cds[@]+"${cds[@]}"} -cp "$cp" ftl.cli.Main --root "$root" "$@"
