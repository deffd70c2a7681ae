package ftl.harness.host;

import ftl.data.LedgerCells;
import ftl.data.LedgerSchema;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Facts about the host and the software that go in every ledger row. */
public record HostFacts(String cpu, int cores, String kernel, String clocksource, String jvm,
                        String kafkaVersion, String gitCommit) {

  /** Reads the facts once; {@code archiveRoot} is where {@code git} is asked for the commit. */
  public static HostFacts read(Path archiveRoot) {
    String cpuinfo = ProcFs.read(Path.of("/proc/cpuinfo"));
    String cpu = "unknown";
    if (cpuinfo != null) {
      for (String line : cpuinfo.split("\n")) {
        if (line.startsWith("model name")) {
          cpu = line.substring(line.indexOf(':') + 1).trim();
          break;
        }
      }
    }
    String kernel = strip(ProcFs.read(Path.of("/proc/sys/kernel/osrelease")));
    String clock = strip(ProcFs.read(Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource")));
    String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
    Commands.Result git = Commands.run(List.of("git", "-C", archiveRoot.toString(), "rev-parse", "HEAD"));
    String commit = git.ok() ? git.output() : "unknown";
    if (git.ok()) {
      Commands.Result dirty = Commands.run(List.of("git", "-C", archiveRoot.toString(), "status", "--porcelain", "--untracked-files=no", "--", "src", "pom.xml"));
      if (dirty.ok() && !dirty.output().isEmpty()) {
        commit += "-dirty";
      }
    }
    return new HostFacts(cpu, Scheduling.cores(), kernel, clock, jvm, kafkaClientVersion(), commit);
  }

  /** Version of the Kafka client on the classpath, from its {@code kafka/kafka-version.properties}. */
  static String kafkaClientVersion() {
    try (var in = HostFacts.class.getResourceAsStream("/kafka/kafka-version.properties")) {
      if (in == null) {
        return "unknown";
      }
      java.util.Properties p = new java.util.Properties();
      p.load(in);
      return p.getProperty("version", "unknown") + " (" + p.getProperty("commitId", "?") + ")";
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  private static String strip(String s) { return s == null ? "unknown" : s.strip(); }

  public LedgerCells ledgerCells() {
    LedgerCells m = new LedgerCells();
    m.put(LedgerSchema.HOST_CPU, cpu);
    m.put(LedgerSchema.HOST_CORES, cores);
    m.put(LedgerSchema.KERNEL, kernel);
    m.put(LedgerSchema.CLOCKSOURCE, clocksource);
    m.put(LedgerSchema.JVM, jvm);
    m.put(LedgerSchema.KAFKA_VERSION, kafkaVersion);
    m.put(LedgerSchema.GIT_COMMIT, gitCommit);
    return m;
  }
}
