package ftl.harness.host;

import ftl.data.ledger.LedgerSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host check of {@code ftl doctor} and of the line every campaign prints before its first run (issue #54): the
 * host's facts as the ledger records them ({@link HostFacts}), the instrument's own timescale ({@link NanoTimeCost}),
 * and what disturbed the host over a short window: steal ({@link ProcFs#statCounters}) and other tasks' exact run time
 * ({@link TaskRunTimes}), the same readings a run records in {@code steal_pct} and {@code other_run_pct}. Also the CPU
 * frequency governor and transparent huge pages, where the host exposes them. Each item carries one sentence saying
 * what it means for a sub-millisecond figure.
 *
 * @param facts the host's facts
 * @param nanoTimeCostNanos the median cost of one {@code System.nanoTime} call, ns
 * @param nanoTimeGranularityNanos the smallest step seen between two calls, ns (-1 when none)
 * @param stealReported yes, no or "" ({@link HostCounters#stealReported})
 * @param stealPct steal over the window, percent of all cores' time (NaN when not read or not reported)
 * @param otherRunPct other tasks' run time over the window, percent of all cores' time (NaN when not read)
 * @param windowMillis the window, ms
 * @param loadavg the 1-minute load average as {@code /proc/loadavg} writes it ("" when unread)
 * @param governor the frequency governor of cpu0 ("" where the host exposes none)
 * @param thp the transparent huge pages mode in use ("" where the host exposes none)
 */
// Ten components: what the host check reads, each a figure the doctor prints with its meaning.
public record HostCheck(HostFacts facts, double nanoTimeCostNanos, long nanoTimeGranularityNanos, String stealReported,
                        double stealPct, double otherRunPct, long windowMillis, String loadavg, String governor,
                        String thp) {

  /** The window over which steal and other tasks' run time are read by default, ms. */
  public static final long WINDOW_MILLIS = 1000;
  /** The bracketed word of a sysfs choice file ({@code always [madvise] never}). */
  private static final Pattern CHOSEN = Pattern.compile("\\[([a-z_-]{1,32})]");

  public HostCheck {
    Objects.requireNonNull(facts, "facts");
    Objects.requireNonNull(stealReported, "stealReported");
    Objects.requireNonNull(loadavg, "loadavg");
    Objects.requireNonNull(governor, "governor");
    Objects.requireNonNull(thp, "thp");
  }

  /**
   * Reads the host: its facts, the cost of {@code nanoTime}, then steal and other tasks' run time over
   * {@code windowMillis} (this JVM's own tasks left out), the load, the governor and THP.
   */
  public static HostCheck sample(HostFacts facts, long windowMillis) throws InterruptedException {
    double cost = NanoTimeCost.medianNanos();
    long granularity = NanoTimeCost.granularityNanos();
    ProcFs.StatCounters stat0 = ProcFs.statCounters();
    TaskRunTimes tasks0 = TaskRunTimes.read();
    long t0 = System.nanoTime();
    Thread.sleep(windowMillis);
    TaskRunTimes tasks1 = TaskRunTimes.read();
    long t1 = System.nanoTime();
    ProcFs.StatCounters stat1 = ProcFs.statCounters();
    String other = HostCounters.otherRunPercent(TaskRunTimes.otherNanos(tasks0, tasks1, Set.of(ProcFs.pid())), t1 - t0,
        ProcFs.onlineCpus());
    String reported = HostCounters.stealReported(stat1);
    double steal = reported.equals("yes") ? ProcFs.StatCounters.stealPercent(stat0, stat1) : Double.NaN;
    return new HostCheck(facts, cost, granularity, reported, steal, other.isEmpty() ? Double.NaN
        : Double.parseDouble(other),
        windowMillis, ProcFs.loadavg1(), chosen(ProcFs.read(
        Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))),
        chosen(ProcFs.read(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))));
  }

  /** The chosen word of a sysfs file: the bracketed one of a choice list, else the stripped text; "" when unread. */
  public static String chosen(String text) {
    if (text == null || text.isBlank()) {
      return "";
    }
    Matcher m = CHOSEN.matcher(text);
    return m.find() ? m.group(1) : text.strip();
  }

  /**
   * One item of the check.
   *
   * @param key the item's name ({@code --json}'s key)
   * @param value what was read, in words ("n/a" when the host does not let it be read)
   * @param meaning what it means for a sub-millisecond figure, one sentence
   */
  public record Item(String key, String value, String meaning) {}

  /** Every item, in the order the doctor prints them. */
  public List<Item> items() {
    List<Item> out = new ArrayList<>();
    String cs = facts.clocksource();
    out.add(new Item("clocksource", cs + " (offered: " + orNa(facts.clocksourcesAvailable()) + ")", switch (cs) {
      case "tsc" ->
          "every stamp reads the CPU's own counter in user space (vDSO): the cheapest and finest clock there is.";
      case "kvm-clock" -> "every stamp also reads the hypervisor's clock page, a little dearer than tsc; "
          + "ftl's stamps stay on one clock, but their cost grows.";
      case "hpet",
          "acpi_pm" -> "every stamp is a system call of about a microsecond, as long as the spans a sub-millisecond "
          + "figure is made of.";
      default -> "the clock behind every stamp could not be told; say so beside any figure.";
    }));
    out.add(new Item("nanotime", String.format(Locale.ROOT, "%.1f ns per call, steps of %s", nanoTimeCostNanos,
        nanoTimeGranularityNanos < 0 ? "n/a" : nanoTimeGranularityNanos + " ns"),
        "a span is two stamps: below about ten times the cost, the stamping is a visible part of what is measured."));
    out.add(new Item("steal", stealReported.isEmpty() ? "n/a"
        : stealReported.equals("no") ? "not reported (the counter never moved since boot)"
        : String.format(Locale.ROOT, "%.1f %% over %d ms (reported)", stealPct, windowMillis),
        stealReported.equals("yes")
        ? "the hypervisor ran other guests on these cores: a span that straddles such a pause "
            + "grows by it, and the rate of negative ack-referenced spans follows steal."
            : "a pause by the hypervisor cannot be told from none on this host: state that beside any figure."));
    out.add(new Item("other-cpu", Double.isNaN(otherRunPct) ? "n/a"
        : String.format(Locale.ROOT, "%.1f %% of all cores over %d ms; load %s", otherRunPct, windowMillis,
        orNa(loadavg)),
        "other tasks compete with the stamping threads for the cores: a thread that waits for a core adds the wait, "
            + "up to a scheduler slice of milliseconds, to the span."));
    out.add(new Item("cpu", facts.cores() + " cores, " + facts.cpu(),
        "with few cores the broker, the clients and the stamping threads share them, and every switch between them "
            + "lands inside a span."));
    out.add(new Item("hz", orNa(facts.tickHz()),
        "the scheduler's tick: tick-sampled CPU accounting (/proc/stat) is coarse at this rate, which is why the "
            + "instrument reads each task's exact run time instead."));
    out.add(new Item("preemption", orNa(facts.preemption()),
        "without full preemption a running kernel path finishes before a woken stamping thread runs, adding its length "
            + "to the span."));
    out.add(new Item("governor", orNa(governor), governor.isEmpty()
        ? "the frequency is the host's to set (not exposed here, as in most VMs): it may change under you."
        : governor.equals("performance")
        ? "the cores run at a fixed high frequency: an idle pause does not slow the next send."
        : "the cores slow down when idle: a send after a pause runs slower than one in a busy stream."));
    out.add(new Item("thp", orNa(thp), thp.equals("always")
        ? "the kernel may stop an allocation to compact memory into huge pages, a pause of up to milliseconds inside "
        + "a span."
        : thp.isEmpty() ? "not exposed: whether the kernel compacts memory behind an allocation cannot be told."
        : "huge pages only where a program asks (madvise) or never: no compaction pause behind ordinary allocations."));
    return out;
  }

  /**
   * The check as the one line a campaign prints before its first run (the ledger records it whole, run by run): the
   * boot and kernel, then each item's value.
   */
  public String oneLine() {
    StringBuilder out = new StringBuilder("boot " + facts.bootId() + ", kernel " + facts.kernel());
    for (Item i : items()) {
      out.append("; ").append(i.key()).append(' ').append(i.value());
    }
    List<String> unread = facts.unread();
    if (!unread.isEmpty()) {
      out.append("; not readable on this host, recorded as n/a (empty): ").append(String.join(", ", unread));
    }
    return out.toString();
  }

  /** The ledger column a figure of the check is recorded in, run by run (the doctor names them). */
  public static final List<String> LEDGER_COLUMNS = List.of(LedgerSchema.CLOCKSOURCE.name(),
      LedgerSchema.CLOCKSOURCES_AVAILABLE.name(), LedgerSchema.NANOTIME_COST_NS.name(),
      LedgerSchema.NANOTIME_GRANULARITY_NS.name(), LedgerSchema.STEAL_REPORTED.name(), LedgerSchema.STEAL_PCT.name(),
      LedgerSchema.OTHER_RUN_PCT.name(), LedgerSchema.LOADAVG_START.name(), LedgerSchema.HOST_CORES.name(),
      LedgerSchema.HOST_CPU.name(), LedgerSchema.TICK_HZ.name(), LedgerSchema.PREEMPTION.name(),
      LedgerSchema.BOOT_ID.name(), LedgerSchema.KERNEL.name());

  private static String orNa(String s) {
    return s == null || s.isBlank() ? "n/a" : s;
  }
}
