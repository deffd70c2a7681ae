package ftl.audit.format;

import ftl.audit.AuditNumbers;
import ftl.audit.Evidence;
import ftl.audit.Figure;
import ftl.audit.OutputAudit;
import ftl.audit.RuleResult;
import ftl.data.tool.HarnessTable;
import ftl.text.TextTable;
import ftl.trust.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code ftl audit}'s terminal output for one file: plain words first (the verdict, what was measured, from which
 * stamps on which clock and quantum, what the tool left out or rounded), then a table of the figures and one of the
 * rules.
 */
public final class AuditText {
  private AuditText() {}

  /** The text for one audited file, ending with a newline. */
  public static String render(OutputAudit a) {
    Evidence e = a.evidence();
    StringBuilder out = new StringBuilder();
    out.append(a.file()).append(": ").append(e.format().tool()).append(", ").append(e.recognisedBy()).append('\n');
    out.append("  ").append(verdict(a)).append('\n');
    if (e.harness().isPresent()) {
      measured(out, e.harness().get());
    } else {
      out.append("  Measured: not known (").append(e.harnessWhy()).append(").\n");
    }
    for (HarnessTable.Row h : e.alsoMeasured()) {
      measured(out, h);
    }
    out.append("  Samples: ").append(e.counts().words()).append(".\n");
    for (String n : e.notes()) {
      out.append("  Note: ").append(n).append(".\n");
    }
    a.grid().ifPresent(g -> out.append("  Grid law: ").append(g.words()).append(".\n"));
    out.append('\n');
    if (!e.figures().isEmpty()) {
      out.append(figures(e)).append('\n');
    }
    TextTable rules = TextTable.aligned("lll", "rule", "outcome", "evidence");
    for (RuleResult r : a.results()) {
      rules.row(r.rule().id(), r.outcome().mark(), r.evidence());
    }
    out.append(rules.render("  "));
    return out.toString();
  }

  /** The lines "Measured" and "Left out" for one harness row. */
  private static void measured(StringBuilder out, HarnessTable.Row h) {
    OptionalLong q = h.quantumNanos();
    out.append("  Measured: ").append(h.latency()).append(", from ").append(h.sendClock()).append(" to ")
        .append(h.recvClock()).append(", on a quantum of ")
        .append(q.isPresent() ? AuditNumbers.duration(q.getAsLong()) : "unknown size").append(" (").append(h.file())
        .append(':').append(h.line()).append(").\n");
    out.append("  Left out: a zero difference is ").append(words(h.zeroDifference())).append(", a negative one ")
        .append(words(h.negativeDifference())).append("; drops counted by the tool: ").append(words(h.dropsCounted()))
        .append(".\n");
  }

  /** The verdict in one line: trusted or not, and which rules decide it. */
  static String verdict(OutputAudit a) {
    List<RuleResult> failing = a.with(Outcome.FAILS);
    List<RuleResult> notJudged = a.with(Outcome.NOT_JUDGED);
    int total = a.results().size();
    String nj = notJudged.isEmpty() ? "" : "; not judged: " + String.join(", ", notJudged.stream()
        .map(r -> r.rule().id()).toList());
    if (!failing.isEmpty()) {
      return "NOT TRUSTED: " + failing.size() + " of " + total + " rules fail (" + String.join(", ", failing.stream()
          .map(r -> r.rule().id()).toList()) + ")" + nj + ".";
    }
    return "TRUSTED: every rule that could be judged holds (" + (total - notJudged.size()) + " of " + total + ")" + nj
        + ".";
  }

  /** A cell of the harness audit in words ({@code abs}: folded to its absolute value). */
  private static String words(String cell) {
    return switch (cell) {
      case "abs" -> "folded to its absolute value";
      case "not_applicable" -> "not applicable";
      default -> cell.replace('_', ' ');
    };
  }

  /** The figures, one row per figure name (several lines of one name, as PerfTest prints, in one row). */
  private static String figures(Evidence e) {
    long q = e.quantumNanos().orElse(-1);
    Map<String, List<Figure>> byName = new LinkedHashMap<>();
    for (Figure f : e.figures()) {
      byName.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(f);
    }
    TextTable rows = TextTable.aligned("lrrrl", "figure", "printed", "line", "width w", "resolved");
    for (Map.Entry<String, List<Figure>> g : byName.entrySet()) {
      List<Figure> fs = g.getValue();
      Figure lo = fs.get(0);
      Figure hi = fs.get(0);
      long resolved = 0;
      for (Figure f : fs) {
        lo = f.valueNanos() < lo.valueNanos() ? f : lo;
        hi = f.valueNanos() > hi.valueNanos() ? f : hi;
        resolved += q > 0 && f.resolved(f.quantumOr(q)) ? 1 : 0;
      }
      String w = q > 0 ? AuditNumbers.duration(fs.get(0).widthNanos(fs.get(0).quantumOr(q))) : "unknown";
      if (fs.size() == 1) {
        rows.row(g.getKey(), lo.printed(), String.valueOf(lo.line()), w,
            q > 0 ? (resolved == 1 ? "yes" : "no") : "unknown");
      } else {
        rows.row(g.getKey(), lo.printed().equals(hi.printed()) ? lo.printed() : lo.printed() + " to "
            + hi.printed(), fs.size() + " lines", w, q > 0 ? resolved + " of " + fs.size() : "unknown");
      }
    }
    return rows.render("  ");
  }
}
