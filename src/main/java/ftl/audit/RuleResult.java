package ftl.audit;

import ftl.trust.Outcome;
import java.util.List;
import java.util.Objects;

/**
 * One audit rule judged on one output, with the number behind it.
 *
 * @param rule the rule
 * @param outcome held, failed, or nothing to judge
 * @param judged how many things the rule judged (figures, or 1)
 * @param failing what fails it, in words ({@code 50th percentile 1 ms (line 2)}), in file order
 * @param evidence the number behind the outcome in words; for a rule not judged, why, and what would be needed
 */
public record RuleResult(AuditRule rule, Outcome outcome, long judged, List<String> failing, String evidence) {
  public RuleResult {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(evidence, "evidence");
    failing = List.copyOf(failing);
    if ((outcome == Outcome.FAILS) == failing.isEmpty() || failing.size() > judged) {
      throw new IllegalArgumentException("a rule fails exactly when something fails it: " + outcome + ", " + failing);
    }
    if ((outcome == Outcome.NOT_JUDGED) != (judged == 0)) {
      throw new IllegalArgumentException("a rule is not judged exactly when it judged nothing: " + outcome);
    }
  }

  static RuleResult holds(AuditRule rule, long judged, String evidence) {
    return new RuleResult(rule, Outcome.HOLDS, judged, List.of(), evidence);
  }

  static RuleResult fails(AuditRule rule, long judged, List<String> failing, String evidence) {
    return new RuleResult(rule, Outcome.FAILS, judged, failing, evidence);
  }

  static RuleResult notJudged(AuditRule rule, String why) {
    return new RuleResult(rule, Outcome.NOT_JUDGED, 0, List.of(), why);
  }

  /** True when the rule failed. */
  public boolean fails() {
    return outcome == Outcome.FAILS;
  }
}
