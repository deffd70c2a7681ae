package ftl.report;

import ftl.trust.Outcome;
import java.util.List;
import java.util.Objects;

/**
 * One trust rule judged on one campaign, with the number behind it.
 *
 * @param rule the rule
 * @param outcome held, failed, or nothing to judge
 * @param judged how many units (runs or conditions, {@code unit}) the rule judged
 * @param failingAt the units that fail it (run ids or condition names), in ledger order
 * @param unit what was judged: {@code runs} or {@code conditions}
 * @param worst the figure of the unit nearest to failing, or the worst failing (a share for retention, ms for quantum,
 *     percent for the host rules, the negative-A share of the worst condition for sign); NaN when not judged
 * @param worstAt the condition or run that figure belongs to ({@code ""} when not judged)
 * @param boundFromPlan whether the bound applied is the campaign plan's registered one, not the report's own
 * @param bound the bound applied, in words with its unit (the rule's own {@link ftl.trust.RuleStatement#bound()}, or
 *     the plan's)
 * @param evidence the number behind the outcome, in words (printed beside the rule)
 */
// Nine components: each is a separate part of what is printed and written as JSON about one rule.
public record RuleResult(TrustRule rule, Outcome outcome, long judged, List<String> failingAt, String unit,
                         double worst, String worstAt, boolean boundFromPlan, String bound, String evidence) {

  public RuleResult {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(worstAt, "worstAt");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(bound, "bound");
    failingAt = List.copyOf(failingAt);
    if (judged < 0 || failingAt.size() > judged) {
      throw new IllegalArgumentException("failing " + failingAt.size() + " of judged " + judged);
    }
    if ((outcome == Outcome.FAILS) != !failingAt.isEmpty()) {
      throw new IllegalArgumentException("a rule fails exactly when some unit fails it: " + outcome + ", " + failingAt);
    }
    if ((outcome == Outcome.NOT_JUDGED) != (judged == 0)) {
      throw new IllegalArgumentException("a rule is not judged exactly when it judged nothing: " + outcome);
    }
  }

  /**
   * The worst unit a rule judged.
   *
   * @param unit what the rule judges one of ({@code runs}, {@code conditions})
   * @param value its figure
   * @param at which one it is
   */
  record Worst(String unit, double value, String at) {}

  static RuleResult of(TrustRule rule, TrustRule.Bounds b, long judged, List<String> failingAt, Worst worst,
                       String evidence) {
    return new RuleResult(rule, failingAt.isEmpty() ? Outcome.HOLDS : Outcome.FAILS, judged,
        failingAt, worst.unit(), worst.value(), worst.at(), b.fromPlan(rule), b.text(rule), evidence);
  }

  static RuleResult notJudged(TrustRule rule, TrustRule.Bounds b, String why) {
    return new RuleResult(rule, Outcome.NOT_JUDGED, 0, List.of(), "", Double.NaN, "", b.fromPlan(rule),
        b.text(rule), why);
  }

  /** How many units fail the rule. */
  public long failing() {
    return failingAt.size();
  }

  /** True when the rule failed. */
  public boolean fails() {
    return outcome == Outcome.FAILS;
  }
}
