package ftl.audit;

import ftl.data.tool.HarnessTable;
import ftl.trust.Outcome;
import ftl.trust.RuleStatement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The trust rules of {@code ftl audit}: each judges one property of another tool's output, with its bound and the
 * reason for it. This enum is the one place they are declared; {@code docs/audit.md} lists them. They are named {@code
 * audit.*} to keep them apart from the rules {@code ftl report} applies to the archive's own campaign folders, whose
 * data hold every stamp: an output holds only what its tool chose to print, so a rule with nothing to judge in it is
 * {@link Outcome#NOT_JUDGED} (said, with what would be needed, never counted as holding or failing).
 *
 * <p>A file is trusted when no rule fails ({@code ftl audit} exits 0); a rule that fails makes it exit 1.
 */
public enum AuditRule {

  /** Every printed latency figure exceeds the width of the true latencies it can stand for. */
  RESOLUTION("audit.resolution", "figures resolved by the stamps' quantum",
      "a printed latency figure v is at most w = 2q + p, where q is the stamps' quantum (the harness audit's "
          + "quantum_ns) and p the step the tool prints it with",
      "v > w (a definition, no tuned number)",
      "a difference of two stamps on a grid of quantum q lies within q of the true span on either side, and printing "
          + "adds its step: a figure no larger than w = 2q + p can stand for a true latency anywhere from about 0 to "
          + "twice the figure, so it does not tell even the latency's order of magnitude (a 1 ms median from "
          + "millisecond stamps stands for anything between 0 and 2 ms)") {
    @Override
    RuleResult judge(Evidence e) {
      OptionalLong q = e.quantumNanos();
      if (q.isEmpty()) {
        return RuleResult.notJudged(this, e.harness().isEmpty() ? e.harnessWhy()
            : "the harness audit gives no quantum for this tool's stamps");
      }
      if (e.figures().isEmpty()) {
        return RuleResult.notJudged(this, "the output prints no latency figure over the run");
      }
      Map<String, int[]> byName = new LinkedHashMap<>();
      List<String> failing = new ArrayList<>();
      Figure first = null;
      java.util.TreeSet<Long> quanta = new java.util.TreeSet<>(java.util.Comparator.reverseOrder());
      for (Figure f : e.figures()) {
        int[] c = byName.computeIfAbsent(f.name(), k -> new int[2]);
        c[1]++;
        quanta.add(f.quantumOr(q.getAsLong()));
        if (!f.resolved(f.quantumOr(q.getAsLong()))) {
          c[0]++;
          failing.add(f.name() + " " + f.printed() + " (line " + f.line() + ")");
          if (first == null) {
            first = f;
          }
        }
      }
      if (failing.isEmpty()) {
        return RuleResult.holds(this, e.figures().size(), "all " + e.figures().size() + " latency figures exceed their"
            + " width w = 2q + p (q = " + String.join(" or ", quanta.stream().map(AuditNumbers::duration).toList())
            + ")");
      }
      List<String> parts = new ArrayList<>();
      byName.forEach((name, c) -> {
        if (c[0] > 0) {
          parts.add(c[1] == 1 ? name : name + " " + c[0] + " of " + c[1] + " lines");
        }
      });
      String evidence = failing.size() + " of " + e.figures().size()
          + " latency figures are at most their width w = 2q + p (q = "
          + AuditNumbers.duration(first.quantumOr(q.getAsLong())) + "): "
          + String.join(", ", parts) + "; e.g. "
          + first.name() + " printed " + first.printed() + " on line " + first.line() + ", w = "
          + AuditNumbers.duration(first.widthNanos(first.quantumOr(q.getAsLong())));
      return RuleResult.fails(this, e.figures().size(), failing, evidence);
    }
  },

  /** The figures describe at least 99 % of the messages delivered. */
  KEPT_SHARE("audit.kept-share", "the figures describe the messages delivered",
      "the latency figures were computed from less than the bound's share of the messages delivered",
      "99 %",
      "a tool that drops a sample by its value drops the fastest ones (a zero difference, a same-tick delivery), so a"
          + " printed percentile p stands for the full sample's 1 - r (1 - p) at a kept share r: at 99 % a median is at"
          + " most the full sample's 50.5th percentile, within the rank error of a median of 10,000 samples; below "
          + "it the figures describe another population") {
    @Override
    RuleResult judge(Evidence e) {
      if (e.counts().known()) {
        double share = e.counts().keptShare();
        String evidence = "kept " + AuditNumbers.count(e.counts().kept().getAsLong()) + " of "
            + AuditNumbers.count(e.counts().delivered().getAsLong()) + " delivered: " + AuditNumbers.percent(share)
            + (share < MIN_KEPT_SHARE ? " < " : " >= ") + AuditNumbers.percent(MIN_KEPT_SHARE)
            + (share > 1 ? " (above 100 %: the two counters are read one after the other)" : "");
        return share < MIN_KEPT_SHARE ? RuleResult.fails(this, 1, List.of(AuditNumbers.percent(share) + " kept"),
            evidence)
            : RuleResult.holds(this, 1, evidence);
      }
      if (e.harness().isEmpty()) {
        return RuleResult.notJudged(this, e.harnessWhy());
      }
      HarnessTable.Row h = e.harness().get();
      if (!dropsByValue(h)) {
        return RuleResult.holds(this, 1, "the tool leaves no sample out by its value (harness audit line " + h.line()
            + ": zero difference " + h.zeroDifference() + ", negative " + h.negativeDifference() + ")");
      }
      return RuleResult.notJudged(this, e.counts().words());
    }
  },

  /** A negative span would show as one, or cannot arise. */
  SIGN("audit.sign", "negative spans visible",
      "the tool folds a negative difference to its absolute value or drops it, and its two stamps are not read from one"
          + " monotonic clock by one process",
      "none",
      "a negative difference means the stamps are not on one clock (two hosts, a wall-clock step); folded to its"
          + " absolute value it reads as a latency, dropped it vanishes, so the figures cannot show that their origin"
          + " failed. Only one process reading one monotonic clock (System.nanoTime) at both ends rules it out") {
    @Override
    RuleResult judge(Evidence e) {
      if (e.harness().isEmpty()) {
        return RuleResult.notJudged(this, e.harnessWhy());
      }
      HarnessTable.Row h = e.harness().get();
      String neg = h.negativeDifference();
      String row = "harness audit line " + h.line() + ": negative difference " + neg;
      if (neg.equals("kept") || neg.equals("not_applicable")) {
        return RuleResult.holds(this, 1, row + (neg.equals("kept") ? " (printed as negative)" : " (cannot arise: one"
            + " monotonic clock)"));
      }
      if (!neg.equals("abs") && !neg.equals("dropped")) {
        return RuleResult.notJudged(this, row + ": the tool's handling of a negative difference is not known");
      }
      boolean monotonic = h.sendClock().startsWith(NANO_TIME) && h.recvClock().startsWith(NANO_TIME);
      boolean one = e.oneProcess().orElse(false);
      String clocks = "stamps " + h.sendClock() + " to " + h.recvClock();
      if (monotonic && one) {
        return RuleResult.holds(this, 1, row + ", but one process read both stamps from one monotonic clock ("
            + e.oneProcessBasis() + "): no negative difference can arise to be hidden");
      }
      String why = !monotonic ? "wall-clock stamps (" + clocks + ")"
          : "the output does not show one process taking both stamps (" + e.oneProcessBasis() + ")";
      return RuleResult.fails(this, 1, List.of(neg), row + (neg.equals("abs") ? " (folded to its absolute value)" : "")
          + " with " + why + ": a negative span would be hidden");
    }
  };

  /** The smallest share of the delivered messages the figures may describe ({@link #KEPT_SHARE}). */
  public static final double MIN_KEPT_SHARE = 0.99;
  /** How the harness audit names the monotonic clock of a JVM. */
  static final String NANO_TIME = "System.nanoTime";

  private final RuleStatement statement;

  AuditRule(String id, String title, String failsWhen, String bound, String reason) {
    statement = new RuleStatement(id, title, failsWhen, bound, reason);
  }

  /** Whether a row's tool leaves a sample out because of its value (a zero or negative difference dropped). */
  static boolean dropsByValue(HarnessTable.Row h) {
    return h.zeroDifference().equals("dropped") || h.negativeDifference().equals("dropped");
  }

  /** The rule's name, as printed and in JSON ({@code audit.resolution}). */
  public String id() {
    return statement.id();
  }

  /** The rule in words: its summary (what holds when it holds), when it fails, its bound, and why. */
  public RuleStatement statement() {
    return statement;
  }

  /** Judges one output. */
  abstract RuleResult judge(Evidence e);

  /** Every rule judged on one output, in declaration order. */
  public static List<RuleResult> judgeAll(Evidence e) {
    List<RuleResult> out = new ArrayList<>();
    for (AuditRule r : values()) {
      out.add(r.judge(e));
    }
    return out;
  }
}
