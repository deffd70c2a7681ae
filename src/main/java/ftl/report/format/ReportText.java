package ftl.report.format;

import ftl.data.io.Echo;
import ftl.data.ledger.RunStatus;
import ftl.report.CampaignFigures;
import ftl.report.CampaignReport;
import ftl.report.ConditionFigures;
import ftl.report.ReportNumbers;
import ftl.report.RuleResult;
import ftl.report.RunFigures;
import ftl.report.Spread;
import ftl.report.TrustRule;
import ftl.stats.GridLaw;
import ftl.stats.Rate;
import ftl.text.TextTable;
import ftl.trust.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * {@code ftl report} for a terminal: the campaign in one line, then the findings in plain words, the tables per
 * condition, every trust rule with the number behind it, and the verdict. Every number comes from the
 * {@link CampaignReport}; nothing is computed here but its layout. Identifiers from data pass {@link Echo}.
 */
public final class ReportText {
  /** The width prose is wrapped at, as {@code ./ftl --help} is. */
  static final int WIDTH = 110;

  private ReportText() {}

  /** The whole report. */
  public static String render(CampaignReport report) {
    CampaignFigures c = report.figures();
    StringBuilder out = new StringBuilder();
    out.append(wrap(header(c), "", "  ", WIDTH)).append('\n');
    out.append("In plain words\n");
    for (String s : plainWords(report)) {
      out.append(wrap(s, "  ", "    ", WIDTH));
    }
    if (!c.conditions().isEmpty()) {
      out.append('\n').append(tables(c));
    }
    out.append('\n').append(rules(report));
    out.append('\n').append(verdict(report)).append('\n');
    return out.toString();
  }

  static String header(CampaignFigures c) {
    return "campaign " + Echo.of(c.displayDir()) + ": " + ReportNumbers.count(c.runsTotal()) + " run"
        + (c.runsTotal() == 1 ? "" : "s") + " in its ledger (" + ReportNumbers.count(c.runsOk()) + " ok, "
        + ReportNumbers.count(c.runsByStatus().get(RunStatus.FAILED)) + " failed, "
        + ReportNumbers.count(c.runsByStatus().get(RunStatus.ABORTED)) + " aborted: only ok runs are read), "
        + c.conditions().size() + " condition" + (c.conditions().size() == 1 ? "" : "s") + ", "
        + ReportNumbers.count(c.eventsTaken()) + " events; "
        + (c.preRegistered() ? "pre-registered (plan.json)" : c.unregistered()
        ? "an unregistered workspace (plan.json beside its runs, registered nowhere)" : "no plan.json: not "
        + "pre-registered");
  }

  /** The findings, a sentence or two each: flight, the sign check, the guard, the quantum, the host. */
  static List<String> plainWords(CampaignReport report) {
    CampaignFigures c = report.figures();
    List<String> out = new ArrayList<>();
    List<ConditionFigures> delivered = c.conditions().stream().filter(f -> f.flight().defined()).toList();
    if (delivered.isEmpty()) {
      out.add("No event was delivered in an ok run, so no flight was measured.");
      return out;
    }
    out.add(flightSentence(delivered));
    out.add(signSentence(report.rules().get(TrustRule.SIGN.ordinal()), c));
    String guard = guardSentence(report.rules().get(TrustRule.RETENTION.ordinal()), c);
    if (!guard.isEmpty()) {
      out.add(guard);
    }
    RuleResult q = report.rules().get(TrustRule.QUANTUM.ordinal());
    String below = q.failing() == q.judged()
        ? (q.judged() == 1 ? "The median flight is" : "Every condition's median flight is")
        : ReportNumbers.count(q.failing()) + " of " + ReportNumbers.count(q.judged())
        + " conditions have a median flight";
    out.add(q.fails()
        ? below + " below 1 ms, the quantum of create_ms: a latency computed from that millisecond stamp (as"
            + " OpenMessaging Benchmark computes its end-to-end figure) cannot resolve it."
        : "Every median flight is at least 1 ms, the quantum of create_ms, so a millisecond stamp can resolve it.");
    out.add(hostSentence(report, c));
    return out;
  }

  private static String flightSentence(List<ConditionFigures> delivered) {
    String lead =
        "Flight T = recv_ns - send_ns (from the send to the delivery, on one clock) is the latency to quote: ";
    if (delivered.size() == 1) {
      Spread t = delivered.get(0).flight();
      return lead + "median " + ms(t.p50Nanos()) + ", 99th percentile " + ms(t.p99Nanos()) + ", 99.9th "
          + ms(t.p999Nanos()) + ", largest " + ms(t.maxNanos()) + ".";
    }
    ConditionFigures lo = delivered.stream().min(Comparator.comparingLong(f -> f.flight().p50Nanos())).get();
    ConditionFigures hi = delivered.stream().max(Comparator.comparingLong(f -> f.flight().p50Nanos())).get();
    ConditionFigures tail = delivered.stream().max(Comparator.comparingLong(f -> f.flight().p999Nanos())).get();
    return lead + "its median is " + ms(lo.flight().p50Nanos()) + " (" + Echo.of(lo.condition()) + ") to "
        + ms(hi.flight().p50Nanos()) + " (" + Echo.of(hi.condition()) + ") across the " + delivered.size()
        + " conditions, and its 99.9th percentile at most " + ms(tail.flight().p999Nanos()) + " ("
        + Echo.of(tail.condition()) + ").";
  }

  private static String signSentence(RuleResult sign, CampaignFigures c) {
    long complete = c.conditions().stream().mapToLong(f -> f.sign().complete()).sum();
    long negative = c.conditions().stream().mapToLong(f -> f.sign().ackNegative()).sum();
    return switch (sign.outcome()) {
      case NOT_JUDGED -> "No event has both an acknowledgment and a delivery stamp, so A and D were not measured.";
      case FAILS -> "The ack-referenced span A = recv_ns - ack_ns was negative in "
          + ReportNumbers.count(sign.failing())
          + " of " + ReportNumbers.count(sign.judged()) + " runs (" + ReportNumbers.count(negative) + " of "
          + ReportNumbers.count(complete) + " complete events, " + ReportNumbers.percent(new Rate(negative, complete)
          .value()) + "): the acknowledgment did not precede the delivery, so it is not an origin of the flight, and a"
          + " latency measured from it is not to be trusted. " + displacementClause(c);
      case HOLDS -> "The ack-referenced span A = recv_ns - ack_ns was never negative (" + ReportNumbers.count(complete)
          + " complete events): the acknowledgment preceded every delivery. " + displacementClause(c);
    };
  }

  private static String displacementClause(CampaignFigures c) {
    List<ConditionFigures> acked = c.conditions().stream().filter(f -> f.displacement().defined()).toList();
    ConditionFigures lo = acked.stream().min(Comparator.comparingLong(f -> f.displacement().p50Nanos())).get();
    ConditionFigures hi = acked.stream().max(Comparator.comparingLong(f -> f.displacement().p50Nanos())).get();
    return "The acknowledgment came D = ack_ns - send_ns after the send: median " + (lo == hi
        ? ms(lo.displacement().p50Nanos())
        : ms(lo.displacement().p50Nanos()) + " (" + Echo.of(lo.condition()) + ") to " + ms(hi.displacement().p50Nanos())
            + " (" + Echo.of(hi.condition()) + ")") + ".";
  }

  private static String guardSentence(RuleResult retention, CampaignFigures c) {
    if (retention.outcome() == Outcome.NOT_JUDGED) {
      return "No delivered event carries create_ms, so OpenMessaging Benchmark's guard cannot be replayed.";
    }
    Rate kept = c.conditions().stream().map(f -> f.guard().retention()).reduce(Rate.EMPTY, Rate::plus);
    GridLaw.RunPrediction grid = c.conditions().stream().map(ConditionFigures::grid)
        .reduce(GridLaw.RunPrediction.EMPTY, GridLaw.RunPrediction::plus);
    List<ConditionFigures> judged = c.conditions().stream().filter(f -> f.guard().retention().defined()).toList();
    ConditionFigures lo = judged.stream().min(Comparator.comparingDouble(f -> f.guard().retention().value())).get();
    ConditionFigures hi = judged.stream().max(Comparator.comparingDouble(f -> f.guard().retention().value())).get();
    String range = lo == hi ? "" : " (" + ReportNumbers.percent(lo.guard().retention().value()) + " in "
        + Echo.of(lo.condition()) + " to " + ReportNumbers.percent(hi.guard().retention().value()) + " in "
        + Echo.of(hi.condition()) + ")";
    String s = "OpenMessaging Benchmark's positivity guard, which records a sample only when recv_ms - create_ms > 0,"
        + " would keep " + ReportNumbers.percent(kept.value()) + " of the samples" + range;
    if (grid.events() > 0) {
      s += "; the grid law, from each event's own send phase and flight, predicts "
          + ReportNumbers.percent(grid.predictedRetention().value());
    }
    return s + (retention.fails() ? ". Below " + ReportNumbers.percent(TrustRule.MIN_RETENTION) + " the percentiles it"
        + " prints describe the slower samples only." : ".");
  }

  private static String hostSentence(CampaignReport report, CampaignFigures c) {
    List<String> parts = new ArrayList<>();
    parts.add(hostPart("steal", c, RunFigures::stealPercent, " of all cores' time"));
    parts.add(hostPart("other tasks' run time", c, RunFigures::otherRunPercent, ""));
    parts.add(hostPart("catch-up", c, r -> r.catchUp().defined() ? OptionalDouble.of(r.catchUp().value() * 100)
        : OptionalDouble.empty(), " of send pairs"));
    Set<String> disturbed = new LinkedHashSet<>();
    for (TrustRule rule : List.of(TrustRule.STEAL, TrustRule.OTHER_CPU, TrustRule.CATCH_UP)) {
      disturbed.addAll(report.rules().get(rule.ordinal()).failingAt());
    }
    String runs = disturbed.isEmpty() ? "no run was disturbed beyond the bounds below"
        : ReportNumbers.count(disturbed.size()) + " of " + ReportNumbers.count(c.runsOk()) + " runs "
            + (disturbed.size() == 1 ? "was" : "were") + " disturbed beyond the bounds below (" + listed(disturbed)
            + ")";
    return "Host: " + String.join(", ", parts) + "; " + runs + ".";
  }

  private static String hostPart(String what, CampaignFigures c, Function<RunFigures, OptionalDouble> of, String unit) {
    OptionalDouble max = c.conditions().stream().map(f -> f.maxOver(of)).filter(OptionalDouble::isPresent)
        .mapToDouble(OptionalDouble::getAsDouble).max();
    return max.isEmpty() ? what + " not recorded" : what + " at most " + ReportNumbers.percentValue(max.getAsDouble())
        + unit;
  }

  /** At most five names, then how many more. */
  private static String listed(Iterable<String> names) {
    List<String> all = new ArrayList<>();
    names.forEach(n -> all.add(Echo.of(n)));
    return all.size() <= 5 ? String.join(", ", all)
        : String.join(", ", all.subList(0, 5)) + " and " + (all.size() - 5) + " more";
  }

  static String tables(CampaignFigures c) {
    StringBuilder out = new StringBuilder();
    out.append("Flight T and displacement D, us (nearest-rank percentiles of values floored to 0.1 us)\n");
    TextTable spans = new TextTable("condition", "runs", "delivered", "T p50", "p99", "p99.9", "max", "acked", "D p50",
        "p99", "p99.9", "max");
    for (ConditionFigures f : c.conditions()) {
      List<String> row = new ArrayList<>(List.of(Echo.of(f.condition()), ReportNumbers.count(f.runs().size()),
          ReportNumbers.count(f.flight().count())));
      row.addAll(quantiles(f.flight(), false));
      row.add(ReportNumbers.count(f.displacement().count()));
      row.addAll(quantiles(f.displacement(), false));
      spans.row(row.toArray(String[]::new));
    }
    out.append(spans.render("  "));

    out.append("\nAck-referenced span A, us, and the sign check (a run with any A < 0 is rejected)\n");
    TextTable sign = new TextTable("condition", "complete", "A < 0", "share", "runs A < 0", "A min", "p50", "p99",
        "p99.9", "max");
    for (ConditionFigures f : c.conditions()) {
      List<String> row = new ArrayList<>(List.of(Echo.of(f.condition()), ReportNumbers.count(f.sign().complete()),
          ReportNumbers.count(f.sign().ackNegative()), ReportNumbers.percent(f.sign().ackNegativeRate().value()),
          f.runsWithNegativeA() + " of " + f.runs().size()));
      row.addAll(quantiles(f.ackSpan(), true));
      sign.row(row.toArray(String[]::new));
    }
    out.append(sign.render("  "));

    out.append("\nOpenMessaging Benchmark's guard (M = recv_ms - create_ms, kept when M > 0) and the grid law"
        + " (q = 1 ms, b phases)\n");
    TextTable guard = new TextTable("condition", "interval us", "b", "taken", "kept", "M = 0", "M < 0", "M = -1",
        "retention", "grid law", "agree");
    for (ConditionFigures f : c.conditions()) {
      OptionalLong s = f.sendIntervalNanos();
      OptionalLong b = f.gridPhases();
      GridLaw.RunPrediction g = f.grid();
      guard.row(Echo.of(f.condition()), s.isPresent() ? ReportNumbers.micros(s.getAsLong()) : "-",
          b.isPresent() ? ReportNumbers.count(b.getAsLong()) : "-", ReportNumbers.count(f.guard().taken()),
          ReportNumbers.count(f.guard().kept()), ReportNumbers.count(f.guard().droppedZero()),
          ReportNumbers.count(f.guard().droppedNegative()), ReportNumbers.count(f.guard().oneTickNegative()),
          ReportNumbers.percent(f.guard().retention().value()), ReportNumbers.percent(g.predictedRetention().value()),
          ReportNumbers.percent(new Rate(g.agreeing(), g.events()).value()));
    }
    out.append(guard.render("  "));

    out.append("\nPacing and host (lag: median of run medians, and largest; catch-up: pooled, and largest run; host:"
        + " largest run)\n");
    TextTable host = new TextTable("condition", "lag p50 us", "lag max us", "catch-up", "max run", "steal %",
        "other run %");
    for (ConditionFigures f : c.conditions()) {
      OptionalDouble catchUpMax = f.maxOver(r -> r.catchUp().defined() ? OptionalDouble.of(r.catchUp().value())
          : OptionalDouble.empty());
      host.row(Echo.of(f.condition()), micros(f.pacingLagP50Nanos()), micros(f.pacingLagMaxNanos()),
          ReportNumbers.percent(f.catchUp().value()),
          catchUpMax.isPresent() ? ReportNumbers.percent(catchUpMax.getAsDouble()) : "n/a",
          percentValue(f.maxOver(RunFigures::stealPercent)), percentValue(f.maxOver(RunFigures::otherRunPercent)));
    }
    out.append(host.render("  "));
    return out.toString();
  }

  private static List<String> quantiles(Spread s, boolean withMin) {
    List<String> out = new ArrayList<>();
    List<ToLongFunction<Spread>> of = new ArrayList<>();
    if (withMin) {
      of.add(Spread::minNanos);
    }
    of.addAll(List.of(Spread::p50Nanos, Spread::p99Nanos, Spread::p999Nanos, Spread::maxNanos));
    for (ToLongFunction<Spread> f : of) {
      out.add(s.defined() ? ReportNumbers.micros(f.applyAsLong(s)) : "-");
    }
    return out;
  }

  private static String micros(OptionalLong nanos) {
    return nanos.isPresent() ? ReportNumbers.micros(nanos.getAsLong()) : "n/a";
  }

  private static String percentValue(OptionalDouble v) {
    return v.isPresent() ? ReportNumbers.percentValue(v.getAsDouble()).replace(" %", "") : "n/a";
  }

  private static String ms(long nanos) {
    return ReportNumbers.millis(nanos) + " ms";
  }

  static String rules(CampaignReport report) {
    StringBuilder out = new StringBuilder("Trust rules (");
    List<TrustRule> deciding = report.failOnInOrder();
    out.append(deciding.size() == TrustRule.values().length ? "every rule decides the exit code"
        : deciding.isEmpty() ? "none decides the exit code (--fail-on none)"
        : "deciding the exit code: " + String.join(", ", deciding.stream().map(TrustRule::id).toList()))
        .append("; docs/practitioners.md states each)\n");
    for (RuleResult r : report.rules()) {
      String mark = switch (r.outcome()) {
        case HOLDS -> "holds";
        case FAILS -> "FAILS";
        case NOT_JUDGED -> "n/a";
      };
      String line = String.format(Locale.ROOT, "%-5s  %-9s  %s%s", mark, r.rule().id(),
          report.failOn().contains(r.rule()) ? "" : "(does not decide) ", r.evidence());
      out.append(wrap(line, "  ", " ".repeat(20), WIDTH));
    }
    return out.toString();
  }

  static String verdict(CampaignReport report) {
    List<RuleResult> failed = report.deciding();
    if (failed.isEmpty()) {
      return "Verdict: TRUSTED: no rule that decides fails; exit 0";
    }
    return "Verdict: NOT TRUSTED: " + failed.size() + (failed.size() == 1 ? " rule fails (" : " rules fail (")
        + String.join(", ", failed.stream().map(r -> r.rule().id()).toList()) + "); exit 1";
  }

  /** A unit after a number ({@code 13.7 %)}, {@code 0.47 ms}): kept on the number's line. */
  private static final Pattern UNIT = Pattern.compile("(%|ms|us|ns|s)[),;.:]*");

  /**
   * Wraps a paragraph at {@code width} columns: the first line indented by {@code first}, the others by {@code rest};
   * ended by a newline. A word longer than a line stands alone on its line; a unit is never put on a line of its own,
   * away from the number before it.
   */
  static String wrap(String text, String first, String rest, int width) {
    StringBuilder out = new StringBuilder();
    String indent = first;
    StringBuilder line = new StringBuilder();
    for (String word : words(text)) {
      if (line.length() > 0 && indent.length() + line.length() + 1 + word.length() > width) {
        out.append(indent).append(line).append('\n');
        indent = rest;
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    return out.append(indent).append(line).append('\n').toString();
  }

  /** The words of {@code text} at its spaces, a unit joined to the number before it. */
  private static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    for (String w : text.split(" ")) {
      int last = out.size() - 1;
      if (last >= 0 && UNIT.matcher(w).matches() && !out.get(last).isEmpty()
          && Character.isDigit(out.get(last).charAt(out.get(last).length() - 1))) {
        out.set(last, out.get(last) + " " + w);
      } else {
        out.add(w);
      }
    }
    return out;
  }
}
