package ftl.report;

import ftl.data.Campaign;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code ftl report} of one campaign folder: its figures, every trust rule judged, and the verdict of the rules chosen
 * to decide it ({@code --fail-on}; all by default).
 *
 * @param figures what the report computed of the campaign
 * @param rules every rule judged, in {@link TrustRule} order
 * @param failOn the rules that decide the verdict
 */
public record CampaignReport(CampaignFigures figures, List<RuleResult> rules, Set<TrustRule> failOn) {

  public CampaignReport {
    Objects.requireNonNull(figures, "figures");
    rules = List.copyOf(rules);
    failOn = Set.copyOf(failOn);
  }

  /** Reads a campaign, judges every rule, and decides by {@code failOn}. */
  public static CampaignReport of(Campaign campaign, Set<TrustRule> failOn) {
    return of(campaign, failOn, () -> { });
  }

  /** As {@link #of(Campaign, Set)}, calling {@code runRead} as each ok run is read ({@link CampaignFigures#of}). */
  public static CampaignReport of(Campaign campaign, Set<TrustRule> failOn, Runnable runRead) {
    CampaignFigures f = CampaignFigures.of(campaign, runRead);
    return new CampaignReport(f, TrustRule.judgeAll(f), failOn);
  }

  /** The rules that failed and decide the verdict, in {@link TrustRule} order. */
  public List<RuleResult> deciding() {
    return rules.stream().filter(r -> r.fails() && failOn.contains(r.rule())).toList();
  }

  /** True when no rule that decides the verdict failed: the exit code is 0. */
  public boolean trusted() {
    return deciding().isEmpty();
  }

  /** The rules that decide, in {@link TrustRule} order. */
  public List<TrustRule> failOnInOrder() {
    return Arrays.stream(TrustRule.values()).filter(failOn::contains).toList();
  }
}
