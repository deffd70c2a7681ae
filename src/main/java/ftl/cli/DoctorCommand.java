package ftl.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.harness.host.HostCheck;
import ftl.harness.host.HostFacts;
import ftl.report.TrustRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ftl doctor [--strict] [--json] [--window DUR]}: the host check (issue #54). */
@Command(name = "doctor", mixinStandardHelpOptions = true,
    description = {"The host check: clock source, nanoTime cost, steal, other tasks' CPU; what each means.",
        "Prints each item (clock sources offered and in use, System.nanoTime cost and granularity, whether steal is"
            + " reported and its rate, the load and other tasks' exact run time over a short window, CPU count and "
            + "model, HZ and preemption model, frequency governor and transparent huge pages where present) with one "
            + "sentence on what it means for a sub-millisecond figure, then the host rules.",
        "Every campaign prints the same check as one line before its first run; the ledger records it run by run.",
        "--strict exits 1 when a host rule fails; docs/practitioners.md states the rules."},
    footer = ExitCode.HELP_FOOTER)
public final class DoctorCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--strict", description = "Exit 1 when a host rule fails (default: report, exit 0).")
  boolean strict;

  @Option(names = "--json", description = "Print the check as one JSON object.")
  boolean json;

  @Option(names = "--window", paramLabel = "DUR", defaultValue = "1s",
      description = "How long steal and other tasks' run time are read over (default: ${DEFAULT-VALUE}; 100ms..60s).")
  String window;

  /** The largest {@code System.nanoTime} cost the {@code nanotime} rule lets pass, ns. */
  static final double MAX_NANOTIME_COST_NS = 100;

  /**
   * One host rule of {@code --strict}. The steal and other-cpu bounds are {@code ftl report}'s
   * ({@link TrustRule#MAX_STEAL_PCT}, {@link TrustRule#MAX_OTHER_RUN_PCT}), so a host the doctor passes is one whose
   * runs those rules would not call disturbed at the moment of the check.
   */
  enum HostRule {
    CLOCKSOURCE("clocksource", "the clock source in use is not tsc"),
    NANOTIME("nanotime", "one System.nanoTime call costs more than "
        + String.format(Locale.ROOT, "%.0f", MAX_NANOTIME_COST_NS) + " ns (a system call, not the vDSO)"),
    STEAL("steal", "steal over the window is above " + String.format(Locale.ROOT, "%.0f", TrustRule.MAX_STEAL_PCT)
        + " % of all cores' time"),
    OTHER_CPU("other-cpu", "other tasks' exact run time over the window is above "
        + String.format(Locale.ROOT, "%.0f", TrustRule.MAX_OTHER_RUN_PCT) + " % of all cores' time");

    final String id;
    final String failsWhen;

    HostRule(String id, String failsWhen) {
      this.id = id;
      this.failsWhen = failsWhen;
    }
  }

  /** A rule's outcome: {@code holds} true or false, or null when the host does not let it be judged. */
  record Judged(HostRule rule, Boolean holds, String evidence) {
    String word() {
      return holds == null ? "n/a" : holds ? "holds" : "FAILS";
    }
  }

  /** Judges every host rule on a check. */
  static List<Judged> judge(HostCheck c) {
    List<Judged> out = new ArrayList<>();
    String cs = c.facts().clocksource();
    out.add(new Judged(HostRule.CLOCKSOURCE, cs.equals("unknown") ? null : cs.equals("tsc"), "in use: " + cs));
    out.add(new Judged(HostRule.NANOTIME, c.nanoTimeCostNanos() <= MAX_NANOTIME_COST_NS,
        String.format(Locale.ROOT, "%.1f ns per call", c.nanoTimeCostNanos())));
    out.add(new Judged(HostRule.STEAL, Double.isNaN(c.stealPct()) ? null : c.stealPct() <= TrustRule.MAX_STEAL_PCT,
        Double.isNaN(c.stealPct()) ? "steal not reported on this host"
        : String.format(Locale.ROOT, "%.1f %%", c.stealPct())));
    out.add(new Judged(HostRule.OTHER_CPU, Double.isNaN(c.otherRunPct()) ? null
        : c.otherRunPct() <= TrustRule.MAX_OTHER_RUN_PCT,
        Double.isNaN(c.otherRunPct()) ? "not readable (no schedstat)"
        : String.format(Locale.ROOT, "%.1f %%", c.otherRunPct())));
    return out;
  }

  @Override
  public Integer call() throws Exception {
    long windowNanos;
    try {
      windowNanos = DurationParser.nanos(window);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--window: " + e.getMessage());
    }
    if (windowNanos < 100_000_000L || windowNanos > 60_000_000_000L) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--window must be 100ms..60s (was " + window + ")");
    }
    HostCheck check = HostCheck.sample(HostFacts.read(main.archiveRoot()), windowNanos / 1_000_000L);
    List<Judged> judged = judge(check);
    boolean failed = judged.stream().anyMatch(j -> Boolean.FALSE.equals(j.holds()));
    int code = strict && failed ? ExitCode.DISAGREE : ExitCode.OK;
    System.out.print(json ? json(check, judged, code) : text(check, judged, code));
    return code;
  }

  /** The check as text: each item with its meaning, then the rules and the verdict. */
  static String text(HostCheck c, List<Judged> judged, int code) {
    StringBuilder out = new StringBuilder("Host " + c.facts().bootId() + " (kernel " + c.facts().kernel() + ")\n");
    for (HostCheck.Item i : c.items()) {
      out.append(String.format(Locale.ROOT, "  %-11s %s%n", i.key(), i.value()));
      out.append(wrapped(i.meaning(), "              ", WIDTH));
    }
    out.append("\nHost rules (docs/practitioners.md states each)\n");
    for (Judged j : judged) {
      out.append(String.format(Locale.ROOT, "  %-5s  %-11s %s (fails when %s)%n", j.word(), j.rule().id, j.evidence(),
          j.rule().failsWhen));
    }
    long fails = judged.stream().filter(j -> Boolean.FALSE.equals(j.holds())).count();
    out.append(fails == 0 ? "\nHost: no rule fails; exit " + code + "\n"
        : "\nHost: " + fails + (fails == 1 ? " rule fails" : " rules fail") + "; exit " + code
            + (code == ExitCode.OK ? " (--strict exits 1)" : "") + "\n");
    return out.toString();
  }

  /** The width the doctor's text is wrapped at, the help's. */
  static final int WIDTH = 110;

  /** {@code text} wrapped at {@code width} columns, each line indented by {@code indent}, ended by a newline. */
  static String wrapped(String text, String indent, int width) {
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > width) {
        out.append(line).append('\n');
        line = new StringBuilder(indent);
      }
      line.append(line.length() > indent.length() ? " " : "").append(word);
    }
    return out.append(line).append('\n').toString();
  }

  static String json(HostCheck c, List<Judged> judged, int code) throws Exception {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    root.put("boot_id", c.facts().bootId());
    root.put("kernel", c.facts().kernel());
    root.put("window_ms", c.windowMillis());
    ObjectNode items = root.putObject("items");
    for (HostCheck.Item i : c.items()) {
      ObjectNode o = items.putObject(i.key());
      o.put("value", i.value());
      o.put("meaning", i.meaning());
    }
    ObjectNode figures = root.putObject("figures");
    figures.put("clocksource", c.facts().clocksource());
    figures.put("clocksources_available", c.facts().clocksourcesAvailable());
    figures.put("nanotime_cost_ns", c.nanoTimeCostNanos());
    figures.put("nanotime_granularity_ns", c.nanoTimeGranularityNanos());
    figures.put("steal_reported", c.stealReported());
    if (Double.isNaN(c.stealPct())) {
      figures.putNull("steal_pct");
    } else {
      figures.put("steal_pct", c.stealPct());
    }
    if (Double.isNaN(c.otherRunPct())) {
      figures.putNull("other_run_pct");
    } else {
      figures.put("other_run_pct", c.otherRunPct());
    }
    figures.put("loadavg", c.loadavg());
    figures.put("cores", c.facts().cores());
    figures.put("cpu", c.facts().cpu());
    figures.put("tick_hz", c.facts().tickHz());
    figures.put("preemption", c.facts().preemption());
    figures.put("governor", c.governor());
    figures.put("thp", c.thp());
    ArrayNode rules = root.putArray("rules");
    for (Judged j : judged) {
      ObjectNode o = rules.addObject();
      o.put("rule", j.rule().id);
      o.put("outcome", j.word().toLowerCase(Locale.ROOT));
      o.put("evidence", j.evidence());
      o.put("fails_when", j.rule().failsWhen);
    }
    root.put("exit", code);
    return m.writeValueAsString(root) + "\n";
  }
}
