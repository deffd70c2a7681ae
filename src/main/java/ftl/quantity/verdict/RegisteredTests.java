package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.registration.Criteria;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The unit of every verdict tally: one <b>registered test</b> (issue #45). A verdict row is a test unless it restates
 * others: a <em>combined claim</em> (a plan's {@code claims} entry joining several rules, or a registry verdict passing
 * on or joining other verdicts) is not a test, its parts are; a <em>two-sided band</em>, which a plan writes as two
 * one-sided rules on one statistic joined by a claim ({@code x >= lo} and {@code x <= hi}), is one test, the claim,
 * and its two halves are not; a verdict that repeats another's criterion on the same data ({@link #SAME_CRITERION}) is
 * that one test. Which kind a test is (confirmatory, exploratory, consistency check) is its registration's.
 */
public final class RegisteredTests {

  /**
   * The registry's own verdicts that restate other verdicts ({@link ClaimVerdicts}, {@code OmbRealQuantities}), with
   * what they restate: each passes one verdict on or joins several, and is a combined claim.
   */
  static final Map<String, String> REGISTRY_COMBINED = combined();

  private static Map<String, String> combined() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("claim.payload", "all four payload predictions");
    m.put("claim.gridLaw", "the held-out grid-law test of campaign modeB");
    m.put("claim.replaySmoothLimit", "the replay campaign's smooth-limit prediction");
    m.put("claim.replayBursts", "the replay campaign's bursts prediction");
    m.put("claim.twoClocks", "the held-out grid-law test of each two-clock campaign");
    m.put("claim.oneOverD", "the delivery campaign's direct test of the 1/D law");
    m.put("claim.noJvm", "the held-out grid-law tests of the no-JVM campaigns");
    m.put("ombReal.heldout.verdict", "the held-out tests of OMB's own worker, one per condition");
    return Collections.unmodifiableMap(m);
  }

  /**
   * Verdicts that judge the same data by the same criterion as another verdict, with that verdict: one test, counted
   * once, under the other key. The delivery campaign's slope test across its runs is its plan's 1/D prediction
   * ({@code registrations.csv}: "Same criterion as the delivery plan's one_over_D").
   */
  static final Map<String, String> SAME_CRITERION = Map.of("onedlaw.verdict.delivery", "delivery.prediction.oneOverD");

  private RegisteredTests() {}

  /**
   * Every verdict of {@code data} that is not a test, with why: the registry's combined claims, each plan's claims that
   * join rules, and the halves of each plan's two-sided bands.
   *
   * @param planned the campaigns whose plans' criteria the registry judges ({@code PlanCriteria})
   */
  public static Map<String, String> notTests(List<Campaign> planned) {
    Map<String, String> out = new LinkedHashMap<>();
    REGISTRY_COMBINED.forEach((k, v) -> out.put(k, "a combined claim: restates " + v));
    SAME_CRITERION.forEach((k, v) -> out.put(k, "the same test as " + v
        + " (same data, same criterion), counted there"));
    for (Campaign c : planned) {
      if (c.criteria().isEmpty()) {
        continue;
      }
      Criteria.Section s = c.criteria().get();
      Map<String, Criteria.Rule> rules = new LinkedHashMap<>();
      s.rules().forEach(r -> rules.put(r.id(), r));
      for (Criteria.Claim cl : s.claims()) {
        String key = "criterion." + c.name() + "." + cl.id();
        if (band(cl, rules)) {
          for (String half : cl.of()) {
            out.put("criterion." + c.name() + "." + half, "one half of the two-sided band " + key
                + ", which is the test");
          }
        } else {
          out.put(key, "a combined claim: restates " + String.join(", ", cl.of()));
        }
      }
    }
    return out;
  }

  /** As {@link #notTests(List)} over every campaign whose criteria the registry judges. */
  public static Map<String, String> notTests(DataSet data) {
    return notTests(PlanCriteria.judged(data));
  }

  private static final Set<Criteria.Comparison> LOWER = Set.of(Criteria.Comparison.GE, Criteria.Comparison.GT);
  private static final Set<Criteria.Comparison> UPPER = Set.of(Criteria.Comparison.LE, Criteria.Comparison.LT);

  /**
   * Whether a plan's claim is a two-sided band: every one of exactly two rules held, both on one statistic, one
   * bounding it from below and the other from above.
   */
  static boolean band(Criteria.Claim cl, Map<String, Criteria.Rule> rules) {
    if (!cl.all() || cl.of().size() != 2) {
      return false;
    }
    Criteria.Rule a = rules.get(cl.of().get(0));
    Criteria.Rule b = rules.get(cl.of().get(1));
    if (a == null || b == null || !a.statistic().equals(b.statistic())) {
      return false;
    }
    return LOWER.contains(a.comparison()) && UPPER.contains(b.comparison())
        || UPPER.contains(a.comparison()) && LOWER.contains(b.comparison());
  }
}
