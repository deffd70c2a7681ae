package ftl.quantity.verdict;

import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.quantity.section.ConfirmQuantities;
import ftl.stats.BlockStats;
import ftl.stats.Quantiles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The fresh-broker transient of the setting campaign (issue #59): every block started a fresh broker and measured its
 * first run, whatever condition the seeded order put first. This section says how far that first run stood out and
 * what leaving it out does to the short-run priority collapses, which its first runs fell into. Exploratory: the
 * plan registered no such rule, and its registered statistics keep every usable run.
 *
 * <p>A block's first run is its ok run with the earliest {@code started_at}. Its excess is its negative-span rate over
 * the median rate of the other usable runs of its condition (first runs of other blocks left out); the campaign's
 * figure is the median excess over the blocks whose first run is usable and whose condition's median is above 0.
 * Without the first runs, a block's value of a condition is the mean over its other usable runs of it, and the
 * collapse is {@link BlockStats#ratio} over the blocks where both conditions keep a value above 0.
 */
public final class TransientQuantities {
  private TransientQuantities() {}

  static final String CAMPAIGN = ConfirmQuantities.SETTING;
  private static final Shape COUNT = new Shape(Unit.COUNT, Format.GROUPED_INTEGER, "firstRuns");
  private static final Shape RATIO = new Shape(Unit.RATIO, Format.REAL_3SF, "withoutFirst");
  /** The short-run collapses the first runs fell into, by contrast id. */
  static final List<String> CONTRASTS = List.of("collapseThreadsShort", "collapseJvmShort");

  /** The transient's entries. */
  public static List<Quantity> all() {
    List<Quantity> q = new ArrayList<>();
    q.add(entry("setting.transient.firstShort", "SettingTransientFirstShort",
        "blocks of campaign setting whose first run"
        + " (earliest started_at after the block's fresh broker) was a short run (condition ending -short)", COUNT,
        a -> Optional.of(new Value.Count(firstRuns(runs(a)).stream()
            .filter(r -> r.condition().endsWith("-short")).count()))));
    q.add(entry("setting.transient.blocks", "SettingTransientBlocks",
        "blocks of campaign setting with a first run (an ok"
        + " run, earliest started_at in its block)", COUNT,
        a -> Optional.of(new Value.Count(firstRuns(runs(a)).size()))));
    q.add(entry("setting.transient.firstOverMedian", "SettingTransientFirstOverMedian",
        "median over the blocks of campaign"
        + " setting of the first run's negative-span rate over the median rate of the other usable runs of its "
        + "condition (each block's first run, earliest started_at, left out of every condition's median; blocks "
        + "whose first run is not usable or whose condition's median is 0 left out); exploratory",
        new Shape(Unit.RATIO, Format.REAL_3SF, "excess"),
        a -> real(excess(runs(a)))));
    for (String id : CONTRASTS) {
      BlockContrasts.Contrast k = BlockContrasts.SETTING_CONTRASTS.stream().filter(c -> c.id().equals(id))
          .findFirst().orElseThrow();
      String key = "setting." + id + ".withoutFirst";
      String macro = "Setting" + Character.toUpperCase(id.charAt(0)) + id.substring(1) + "WithoutFirst";
      String of = "of " + k.numerator() + " over " + k.denominator() + " in campaign setting without each"
          + " block's first run (" + k.what() + "); exploratory";
      q.add(entry(key, macro, "geometric mean over blocks of the per-block ratio " + of, RATIO,
          a -> real(withoutFirst(runs(a), k.numerator(), k.denominator()).estimate())));
      q.add(entry(key + ".lower", macro + "Lower", "lower end of the 95% Student t interval over blocks (log scale) of "
          + key, RATIO, a -> real(withoutFirst(runs(a), k.numerator(), k.denominator()).lower())));
      q.add(entry(key + ".upper", macro + "Upper", "upper end of the 95% Student t interval over blocks (log scale) of "
          + key, RATIO, a -> real(withoutFirst(runs(a), k.numerator(), k.denominator()).upper())));
    }
    return q;
  }

  /**
   * One ok run of the campaign as this section reads it.
   *
   * @param id its {@code run_id}
   * @param block its block
   * @param condition its condition
   * @param startedAt its {@code started_at} (ISO-8601 UTC, so text order is time order)
   * @param rate its negative-span rate (NaN when it has none)
   * @param usable whether the plan's exclusion rule and the manipulation checks keep it
   */
  record RunRate(String id, int block, String condition, String startedAt, double rate, boolean usable) {}

  /** The campaign's ok runs as {@link RunRate}s. */
  static List<RunRate> runs(Analysis a) {
    return a.memo(CAMPAIGN + ":runRates", () -> {
      Set<String> usable = new HashSet<>();
      Blocks.usable(a, CAMPAIGN, Blocks.exclusion(a, CAMPAIGN)).forEach(r -> usable.add(r.field(LedgerSchema.RUN_ID)));
      List<RunRate> out = new ArrayList<>();
      Blocks.byBlock(a.campaignRuns(CAMPAIGN)).forEach((b, rs) -> rs.forEach(r -> out.add(new RunRate(
          r.field(LedgerSchema.RUN_ID), b, r.row().condition(), r.field(LedgerSchema.STARTED_AT),
          Blocks.Metric.NEGATIVE_RATE.perRun().applyAsDouble(r), usable.contains(r.field(LedgerSchema.RUN_ID))))));
      return out;
    });
  }

  /** Each block's first run: its run with the earliest {@code started_at} (the first listed among equals). */
  static List<RunRate> firstRuns(List<RunRate> runs) {
    Map<Integer, RunRate> first = new TreeMap<>();
    for (RunRate r : runs) {
      first.merge(r.block(), r, (x, y) -> y.startedAt().compareTo(x.startedAt()) < 0 ? y : x);
    }
    return List.copyOf(first.values());
  }

  /** The median excess of the first runs (class javadoc); NaN without a block that has one. */
  static double excess(List<RunRate> runs) {
    List<RunRate> first = firstRuns(runs);
    Set<String> firstIds = new HashSet<>();
    first.forEach(f -> firstIds.add(f.id()));
    List<Double> ratios = new ArrayList<>();
    for (RunRate f : first) {
      double[] others = runs.stream().filter(r -> r.usable() && !firstIds.contains(r.id())
          && r.condition().equals(f.condition()) && Double.isFinite(r.rate())).mapToDouble(RunRate::rate).toArray();
      double median = others.length == 0 ? 0 : Quantiles.median(others);
      if (f.usable() && median > 0) {
        ratios.add(f.rate() / median);
      }
    }
    return ratios.isEmpty() ? Double.NaN : Quantiles.median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The ratio of {@code num} over {@code den} and its interval over blocks without each block's first run. */
  static BlockStats.Interval withoutFirst(List<RunRate> runs, String num, String den) {
    Set<String> firstIds = new HashSet<>();
    firstRuns(runs).forEach(f -> firstIds.add(f.id()));
    List<RunRate> kept = runs.stream().filter(r -> r.usable() && !firstIds.contains(r.id())
        && Double.isFinite(r.rate()))
        .toList();
    return BlockContrasts.pairedRatio(means(kept, num), means(kept, den));
  }

  /** Per block, the mean rate of the runs of {@code cond}. */
  static TreeMap<Integer, Double> means(List<RunRate> runs, String cond) {
    TreeMap<Integer, List<Double>> by = new TreeMap<>();
    runs.stream().filter(r -> r.condition().equals(cond))
        .forEach(r -> by.computeIfAbsent(r.block(), k -> new ArrayList<>())
        .add(r.rate()));
    TreeMap<Integer, Double> out = new TreeMap<>();
    by.forEach((b, v) -> out.put(b, v.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
    return out;
  }

  private static Optional<Value> real(double v) {
    return Double.isFinite(v) ? Optional.of(new Value.Real(v)) : Optional.empty();
  }

  /** How an entry prints and which method computes it. */
  record Shape(Unit unit, Format format, String method) {}

  private static Quantity entry(String key, String macro, String definition, Shape shape,
                                Function<Analysis, Optional<Value>> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(shape.unit()).format(shape.format())
        .scope(BlockEntries.scope(CAMPAIGN)).function(Provenance.name(TransientQuantities.class, shape.method()))
        .computes(a -> {
          if (!CampaignRuns.has(a, CAMPAIGN)) {
            return CampaignRuns.noData(CAMPAIGN);
          }
          return f.apply(a).orElse(new Value.Unavailable("not computable from the usable runs of campaign "
              + CAMPAIGN));
        });
  }
}
