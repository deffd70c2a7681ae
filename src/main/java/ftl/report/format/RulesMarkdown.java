package ftl.report.format;

import ftl.report.TrustRule;
import ftl.trust.RuleStatement;

/**
 * The trust rules as the Markdown table of {@code docs/practitioners.md}, rendered from {@link TrustRule} (the one
 * source): the page holds this text between {@link #BEGIN} and {@link #END}, and a test fails when the two differ, so
 * the page cannot state a rule or a bound the code does not apply. {@code ftl report --rules} prints it.
 */
public final class RulesMarkdown {
  /** The line before the table in the page. */
  public static final String BEGIN =
      "<!-- BEGIN trust rules (rendered from ftl.report.TrustRule; checked by a test) -->";
  /** The line after the table in the page. */
  public static final String END = "<!-- END trust rules -->";

  private RulesMarkdown() {}

  /** The table, one row per rule in declaration order, each line ended by a newline. */
  public static String table() {
    StringBuilder out = new StringBuilder();
    out.append("| rule | judges | fails when | bound | why the bound is there |\n");
    out.append("|---|---|---|---|---|\n");
    for (TrustRule r : TrustRule.values()) {
      RuleStatement w = r.statement();
      out.append("| `").append(r.id()).append("` | ").append(cell(w.summary())).append(" | ")
          .append(cell(w.failsWhen()))
          .append(" | ").append(cell(w.bound())).append(" | ").append(cell(w.why())).append(" |\n");
    }
    return out.toString();
  }

  /** A table cell: a pipe would end it, so it is escaped. */
  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
