package ftl.quantity.verdict;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.registration.Criteria;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.ConfirmQuantities;
import ftl.stats.BlockSensitivity;
import ftl.stats.Holm;
import ftl.stats.SignFlip;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * How fragile each registered interval verdict of the block campaigns is (issue #59): beside the registered rule, the
 * same rule's p-value, that p Holm-adjusted within the campaign's family, an exact sign-flip test over blocks and a
 * percentile bootstrap over blocks. All of it exploratory: the registered verdict is the plan's, never these.
 *
 * <p>For every rule of the confirmatory, setting and cluster campaigns' plans that compares a block interval
 * ({@code interval_above}, {@code _below}, {@code _excludes}, {@code _within}) the block values are those the
 * registered statistic is computed from: for a contrast or an interaction the natural logarithm of each block's ratio
 * (the blocks where both conditions have a value above 0: a block with a zero count has no ratio and is left out, the
 * rule the registered geometric mean applies), for a per-condition mean the blocks' own values. Each value has the
 * rule's bound subtracted (its logarithm for a ratio). The p of a rule is one-sided in the rule's direction and
 * comparable with 0.025 throughout: above, {@code p_greater}; below, {@code p_less}; excludes, the smaller of the two
 * (the two-sided p halved); within {@code [lo, hi]}, the larger of {@code p_greater} against {@code lo} and {@code
 * p_less} against {@code hi} (two one-sided tests). With the t test ({@link BlockSensitivity#tTest}) the registered
 * rule holds iff this p lies below 0.025; with the exact sign-flip test ({@link SignFlip}) the smallest p is {@code
 * 1/2^n}, so 5 blocks can never reach 0.025. The family of a campaign is every such rule with a finite p (a rule not
 * testable by its plan's {@code testable_if} included, which makes the correction more conservative).
 */
public final class FragilityQuantities {
  private FragilityQuantities() {}

  /** The campaigns whose interval rules are judged for fragility. */
  static final List<String> CAMPAIGNS = List.of(ConfirmQuantities.CONFIRM, ConfirmQuantities.SETTING,
      ConfirmQuantities.CLUSTER);
  /** The one-sided level every p here is compared with. */
  static final double ALPHA = 0.025;
  /** Bootstrap resamples over blocks. */
  static final int RESAMPLES = 2000;
  /** The bootstrap's seed (the archive's fixed seed of its other bootstraps). */
  static final long SEED = 20260101L;

  /** Where a rule's block values come from: the per-block values and whether the rule compares their logarithms. */
  record Source(boolean log, Function<Analysis, double[]> values, Unit unit, Format format) {
    /** A ratio's source: logarithms, printed back as ratios. */
    static Source ratio(Function<Analysis, double[]> values) {
      return new Source(true, values, Unit.RATIO, Format.REAL_3SF);
    }
  }

  /** The fragility entries of every judged campaign under {@code data} that has a plan with criteria. */
  public static List<Quantity> forData(DataSet data) {
    List<Quantity> q = new ArrayList<>();
    for (Campaign c : data.campaigns()) {
      if (CAMPAIGNS.contains(c.name()) && c.criteria().isPresent()) {
        q.addAll(forCampaign(c.name(), c.criteria().get().rules()));
      }
    }
    return q;
  }

  static List<Quantity> forCampaign(String campaign, List<Criteria.Rule> rules) {
    Map<String, Criteria.Rule> family = new LinkedHashMap<>();
    Map<String, Source> sources = new LinkedHashMap<>();
    for (Criteria.Rule r : rules) {
      Optional<Source> s = source(campaign, r.statistic());
      if (r.comparison().interval() && !r.consistency() && s.isPresent()) {
        family.put(r.id(), r);
        sources.put(r.id(), s.get());
      }
    }
    List<Quantity> q = new ArrayList<>();
    String stem = "fragility." + campaign + ".";
    Function<Analysis, Map<String, Double>> holm = a -> a.memo(stem + "holm", () -> holm(a, family, sources));
    for (Criteria.Rule r : family.values()) {
      Source s = sources.get(r.id());
      String k = stem + r.id();
      String m = Naming.macro("Fragility", campaign, r.id());
      String of = "of the registered rule " + r.id() + " of campaign " + campaign + " (" + r.statistic() + ", "
          + r.comparison().word() + " " + bounds(r) + ")";
      String scale = s.log() ? "the natural logarithm of each block's ratio minus that of the bound"
          : "each block's value"
          + " minus the bound";
      String d = "the registered Student t test's one-sided p " + of + " over blocks (" + scale + "; the rule holds iff"
          + " p < 0.025)";
      q.add(real(campaign, new Entry(k + ".p", m + "P", d, Unit.DIMENSIONLESS, Format.REAL_3SF, "tTest"),
          a -> finite(p(r, s.values().apply(a), s.log(), false))));
      d = "the p of " + k + ".p Holm-adjusted within campaign " + campaign + "'s family of " + family.size()
          + " interval rules (" + String.join(", ", family.keySet()) + "); exploratory, held at family-wise level 0.025"
          + " iff below it";
      q.add(real(campaign, new Entry(k + ".pHolm", m + "PHolm", d, Unit.DIMENSIONLESS, Format.REAL_3SF, "tTest"),
          a -> Optional.ofNullable(holm.apply(a).get(r.id()))));
      d = "the exact sign-flip test's one-sided p " + of + " over blocks (" + scale + "; 2^n sign assignments, smallest"
          + " possible p 1/2^n); exploratory";
      q.add(real(campaign, new Entry(k + ".pExact", m + "PExact", d, Unit.DIMENSIONLESS, Format.REAL_3SF, "exact"),
          a -> finite(p(r, s.values().apply(a), s.log(), true))));
      for (int end = 0; end < 2; end++) {
        int e = end;
        d = (e == 0 ? "lower" : "upper") + " end of the 95% percentile bootstrap interval over blocks (" + RESAMPLES
            + " resamples of the blocks, seed " + SEED + ") of the " + (s.log() ? "geometric mean ratio" : "mean") + " "
            + of + "; exploratory";
        q.add(real(campaign, new Entry(k + (e == 0 ? ".bootLower" : ".bootUpper"), m
            + (e == 0 ? "BootLower" : "BootUpper"),
            d, s.unit(), s.format(), "bootstrapMean"), a -> finite(boot(s.values().apply(a), s.log())[e])));
      }
    }
    return q;
  }

  /** The rule's bound as written: one threshold, or {@code [lo, hi]}. */
  static String bounds(Criteria.Rule r) {
    List<BigDecimal> t = r.thresholds();
    return t.size() == 2 ? "[" + t.get(0).toPlainString() + ", " + t.get(1).toPlainString() + "]"
        : t.get(0).toPlainString();
  }

  /**
   * Where a statistic's block values come from: a contrast or interaction of the campaign (logarithms of ratios), or a
   * per-condition mean {@code <campaign>.<metric>.<condition>}; empty for anything else.
   */
  static Optional<Source> source(String campaign, String statistic) {
    String stem = campaign + ".";
    if (!statistic.startsWith(stem)) {
      return Optional.empty();
    }
    String id = statistic.substring(stem.length());
    for (BlockContrasts.Contrast k : contrasts(campaign)) {
      if (k.id().equals(id)) {
        return Optional.of(Source.ratio(a -> logs(BlockContrasts.blockRatios(a, campaign,
            Blocks.exclusion(a, campaign), k))));
      }
    }
    for (BlockContrasts.Interaction k : campaign.equals(ConfirmQuantities.SETTING)
        ? BlockContrasts.SETTING_INTERACTIONS : List.<BlockContrasts.Interaction>of()) {
      if (k.id().equals(id)) {
        return Optional.of(Source.ratio(a -> interactionLogs(
            BlockContrasts.blockRatios(a, campaign, Blocks.exclusion(a, campaign), k.numerator()),
            BlockContrasts.blockRatios(a, campaign, Blocks.exclusion(a, campaign), k.denominator()))));
      }
    }
    int dot = id.indexOf('.');
    for (Blocks.Metric m : Blocks.Metric.values()) {
      if (dot > 0 && id.substring(0, dot).equals(m.word())) {
        String cond = id.substring(dot + 1);
        return Optional.of(new Source(false, a -> Blocks.blockValues(a, campaign, Blocks.exclusion(a, campaign), cond,
            m)
            .values().stream().mapToDouble(Double::doubleValue).toArray(), m.unit(), m.format()));
      }
    }
    return Optional.empty();
  }

  private static List<BlockContrasts.Contrast> contrasts(String campaign) {
    return campaign.equals(ConfirmQuantities.CONFIRM) ? BlockContrasts.CONTRASTS
        : campaign.equals(ConfirmQuantities.SETTING) ? BlockContrasts.SETTING_CONTRASTS
        : BlockContrasts.CLUSTER_CONTRASTS;
  }

  /** The natural logarithms of the per-block ratios (each above 0 by {@link ConfirmQuantities#blockRatios}). */
  static double[] logs(TreeMap<Integer, Double> ratios) {
    return ratios.values().stream().mapToDouble(Math::log).toArray();
  }

  /** {@code ln(num_b / den_b)} over the blocks where both ratios exist. */
  static double[] interactionLogs(TreeMap<Integer, Double> num, TreeMap<Integer, Double> den) {
    return num.entrySet().stream().filter(e -> den.containsKey(e.getKey()))
        .mapToDouble(e -> Math.log(e.getValue() / den.get(e.getKey()))).toArray();
  }

  /**
   * The rule's one-sided p (class javadoc) from block values {@code x} ({@code log}: they are logarithms, and the bound
   * is compared as its logarithm), by the t test or ({@code exact}) the exact sign-flip test; NaN when not computable.
   */
  static double p(Criteria.Rule r, double[] x, boolean log, boolean exact) {
    List<BigDecimal> t = r.thresholds();
    double lo = scaled(t.get(0).doubleValue(), log);
    double hi = scaled(t.get(t.size() - 1).doubleValue(), log);
    return switch (r.comparison()) {
      case INTERVAL_ABOVE -> side(shift(x, lo), true, exact);
      case INTERVAL_BELOW -> side(shift(x, hi), false, exact);
      case INTERVAL_EXCLUDES -> Math.min(side(shift(x, lo), true, exact), side(shift(x, lo), false, exact));
      default -> Math.max(side(shift(x, lo), true, exact), side(shift(x, hi), false, exact));
    };
  }

  private static double scaled(double bound, boolean log) {
    return log ? Math.log(bound) : bound;
  }

  private static double[] shift(double[] x, double by) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = x[i] - by;
    }
    return y;
  }

  private static double side(double[] y, boolean greater, boolean exact) {
    if (exact) {
      if (y.length == 0 || y.length > SignFlip.MAX_BLOCKS) {
        return Double.NaN;
      }
      SignFlip.Result f = SignFlip.test(y);
      return greater ? f.p().greater() : f.p().less();
    }
    BlockSensitivity.TTest t = BlockSensitivity.tTest(y);
    return greater ? t.greater() : t.less();
  }

  /** The bootstrap interval's ends, back on the ratio scale when {@code log}. */
  static double[] boot(double[] x, boolean log) {
    double[] i = BlockSensitivity.bootstrapMean(x, RESAMPLES, SEED, 0.95);
    return log ? new double[] {Math.exp(i[0]), Math.exp(i[1])} : i;
  }

  /** Holm-adjusted t p-values of the family's rules with a finite p, by rule id. */
  static Map<String, Double> holm(Analysis a, Map<String, Criteria.Rule> family, Map<String, Source> sources) {
    Map<String, Double> p = new LinkedHashMap<>();
    for (Criteria.Rule r : family.values()) {
      Source s = sources.get(r.id());
      p.put(r.id(), p(r, s.values().apply(a), s.log(), false));
    }
    return Holm.adjustTested(p);
  }


  private static Optional<Double> finite(double v) {
    return Double.isFinite(v) ? Optional.of(v) : Optional.empty();
  }

  /** One entry's name, words and print: its key, macro, definition, unit, format and the statistic's method. */
  record Entry(String key, String macro, String definition, Unit unit, Format format, String method) {}

  private static Quantity real(String campaign, Entry e, Function<Analysis, Optional<Double>> f) {
    boolean exact = e.method().equals("exact");
    return Quantity.key(e.key()).macro(e.macro()).definition(e.definition()).unit(e.unit()).format(e.format())
        .scope(BlockEntries.scope(campaign)).function(
        Provenance.name(exact ? SignFlip.class : BlockSensitivity.class,
            exact ? "test" : e.method())).computes(a -> {
              if (!CampaignRuns.has(a, campaign)) {
                return CampaignRuns.noData(campaign);
              }
              Optional<Double> v = f.apply(a);
              return v.isPresent() ? new Value.Real(v.get())
                  : new Value.Unavailable("not computable from the usable blocks of campaign " + campaign);
            });
  }
}
