package ftl.harness.host;

import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.GZIPInputStream;

/**
 * Facts about the host and the software that go in every ledger row: the setting is data (issue #44). The boot
 * ({@code /proc/sys/kernel/random/boot_id}) names one host lifetime, so rows of one boot share a kernel, a machine and
 * its clock sources; the tick rate is the kernel's {@code CONFIG_HZ} ({@code /proc/config.gz} or
 * {@code /boot/config-<release>}, empty where neither can be read).
 */
public record HostFacts(String cpu, int cores, String kernel, String clocksource, String jvm,
                        String kafkaVersion, String gitCommit, String bootId, String clocksourcesAvailable,
                        String tickHz, String preemption) {

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
      Commands.Result dirty = Commands.run(List.of("git", "-C", archiveRoot.toString(), "status", "--porcelain",
          "--untracked-files=no", "--", "src", "pom.xml"));
      if (dirty.ok() && !dirty.output().isEmpty()) {
        commit += "-dirty";
      }
    }
    String boot = readBootId();
    return new HostFacts(cpu, Scheduling.cores(), kernel, clock, jvm, kafkaClientVersion(), commit, boot,
        String.join(" ", ClockSource.SYSTEM.available()),
        tickHz(Path.of("/proc/config.gz"), Path.of("/boot/config-" + kernel)),
        preemption(Path.of("/proc/config.gz"), Path.of("/boot/config-" + kernel),
        ProcFs.read(Path.of("/proc/cmdline"))));
  }

  /**
   * The kernel's preemption model ({@code preemption}): {@code none}, {@code voluntary}, {@code full} or {@code rt}
   * from the build configuration ({@code CONFIG_PREEMPT_NONE=y}, {@code CONFIG_PREEMPT_VOLUNTARY=y},
   * {@code CONFIG_PREEMPT=y}, {@code CONFIG_PREEMPT_RT=y}, the last that applies), then " (dynamic)" under
   * {@code CONFIG_PREEMPT_DYNAMIC=y}, then " preempt=<word>" when the command line chose one; "" when no configuration
   * can be read.
   */
  static String preemption(Path gzipped, Path plain, String cmdline) {
    Optional<List<String>> read = configLines(gzipped, true, "CONFIG_PREEMPT");
    if (read.isEmpty()) {
      read = configLines(plain, false, "CONFIG_PREEMPT");
    }
    if (read.isEmpty()) {
      return "";
    }
    List<String> lines = read.get();
    String model = "";
    boolean dynamic = false;
    for (String line : lines) {
      switch (line) {
        case "CONFIG_PREEMPT_NONE=y" -> model = model.isEmpty() ? "none" : model;
        case "CONFIG_PREEMPT_VOLUNTARY=y" -> model = model.equals("full") || model.equals("rt") ? model : "voluntary";
        case "CONFIG_PREEMPT=y" -> model = model.equals("rt") ? model : "full";
        case "CONFIG_PREEMPT_RT=y" -> model = "rt";
        case "CONFIG_PREEMPT_DYNAMIC=y" -> dynamic = true;
        default -> { }
      }
    }
    StringBuilder out = new StringBuilder(model.isEmpty() ? "unknown" : model);
    if (dynamic) {
      out.append(" (dynamic)");
    }
    if (cmdline != null) {
      for (String arg : cmdline.strip().split("\\s+")) {
        if (arg.matches("preempt=[a-z]{1,16}")) {
          out.append(' ').append(arg);
        }
      }
    }
    return out.toString();
  }



  /** The host's boot ({@code /proc/sys/kernel/random/boot_id}, stripped), "unknown" where it cannot be read. */
  public static String readBootId() {
    return strip(ProcFs.read(Path.of("/proc/sys/kernel/random/boot_id")));
  }

  /**
   * The kernel's tick rate, {@code CONFIG_HZ}, from the gzipped config the kernel exposes or the one beside its image;
   * "" when neither can be read or names none.
   */
  static String tickHz(Path gzipped, Path plain) {
    String hz = configHz(configLines(gzipped, true, "CONFIG_HZ="));
    return hz.isEmpty() ? configHz(configLines(plain, false, "CONFIG_HZ=")) : hz;
  }

  private static String configHz(Optional<List<String>> lines) {
    return lines.orElse(List.of()).stream().filter(l -> l.matches("CONFIG_HZ=[0-9]{1,6}")).findFirst()
        .map(l -> l.substring("CONFIG_HZ=".length())).orElse("");
  }

  /**
   * The lines of a kernel configuration that start with {@code prefix}, stripped, of its first 100,000 lines; empty
   * when the file cannot be read (a readable one without such a line gives an empty list).
   */
  private static Optional<List<String>> configLines(Path config, boolean gzipped, String prefix) {
    List<String> out = new ArrayList<>();
    try (InputStream raw = Files.newInputStream(config);
         InputStream in = gzipped ? new GZIPInputStream(raw) : raw;
         BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
      String line;
      int lines = 0;
      while ((line = r.readLine()) != null && lines++ < 100_000) {
        if (line.startsWith(prefix)) {
          out.add(line.strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.of(out);
  }

  /** Version of the Kafka client on the classpath, from its {@code kafka/kafka-version.properties}. */
  static String kafkaClientVersion() {
    try (var in = HostFacts.class.getResourceAsStream("/kafka/kafka-version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown") + " (" + p.getProperty("commitId", "?") + ")";
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String strip(String s) { return s == null ? "unknown" : s.strip(); }

  /** The ledger columns of this record that the host did not let us read (recorded empty, read as n/a). */
  public List<String> unread() {
    List<String> out = new ArrayList<>();
    if (bootId.equals("unknown")) {
      out.add(LedgerSchema.BOOT_ID.name());
    }
    if (clocksource.equals("unknown")) {
      out.add(LedgerSchema.CLOCKSOURCE.name());
    }
    if (clocksourcesAvailable.isBlank()) {
      out.add(LedgerSchema.CLOCKSOURCES_AVAILABLE.name());
    }
    if (tickHz.isEmpty()) {
      out.add(LedgerSchema.TICK_HZ.name());
    }
    if (preemption.isEmpty()) {
      out.add(LedgerSchema.PREEMPTION.name());
    }
    return out;
  }

  public LedgerCells ledgerCells() {
    LedgerCells m = new LedgerCells();
    m.put(LedgerSchema.HOST_CPU, cpu);
    m.put(LedgerSchema.HOST_CORES, cores);
    m.put(LedgerSchema.KERNEL, kernel);
    m.put(LedgerSchema.CLOCKSOURCE, clocksource);
    m.put(LedgerSchema.JVM, jvm);
    m.put(LedgerSchema.KAFKA_VERSION, kafkaVersion);
    m.put(LedgerSchema.GIT_COMMIT, gitCommit);
    m.put(LedgerSchema.BOOT_ID, bootId);
    m.put(LedgerSchema.CLOCKSOURCES_AVAILABLE, clocksourcesAvailable);
    m.put(LedgerSchema.TICK_HZ, tickHz);
    m.put(LedgerSchema.PREEMPTION, preemption);
    return m;
  }
}
