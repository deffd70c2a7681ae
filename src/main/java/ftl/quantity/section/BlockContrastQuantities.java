package ftl.quantity.section;

import ftl.data.ledger.Identifiers;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.BlockContrasts;
import ftl.quantity.core.BlockContrasts.Contrast;
import ftl.quantity.core.BlockContrasts.Interaction;
import ftl.quantity.core.BlockEntries;
import ftl.quantity.core.Blocks;
import ftl.quantity.core.Format;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.stats.BlockStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The registered contrasts and interactions of the campaigns registered in blocks ({@link BlockContrasts}: which they
 * are and how their per-block ratios are computed), as registry entries: each a geometric mean over blocks of a
 * per-block ratio, the two ends of its Student t interval on the log scale, and the blocks it rests on. The plans'
 * criteria judge them by key ({@link ftl.quantity.verdict.PlanCriteria}); the exclusion rule is the plan's, read when
 * computed.
 */
public final class BlockContrastQuantities {
  private BlockContrastQuantities() {}

  /**
   * The registered contrasts of a blocked campaign: each a geometric mean over blocks of the per-block ratio of one
   * condition's metric over another's, with its Student t interval and the blocks it rests on.
   */
  public static List<Quantity> contrasts(String name, List<Contrast> contrasts) {
    List<Quantity> q = new ArrayList<>();
    for (Contrast k : contrasts) {
      q.addAll(ratioEntries(name, k.id(), k.macroWords(), k.what() + ": geometric mean over blocks of campaign " + name
          + " of the per-block ratio of the " + k.metric().what() + " of condition " + k.numerator()
          + " over condition " + k.denominator(),
          k.numerator() + " and " + k.denominator() + " have a usable run with a value above 0",
          a -> BlockContrasts.ratio(a, name, Blocks.exclusion(a, name), k)));
    }
    return q;
  }

  /**
   * The registered interactions of a blocked campaign: each a geometric mean over blocks of the per-block ratio of one
   * contrast's per-block ratio over another's, with its Student t interval and the blocks it rests on.
   */
  public static List<Quantity> interactions(String name, List<Interaction> interactions) {
    List<Quantity> q = new ArrayList<>();
    for (Interaction k : interactions) {
      q.addAll(ratioEntries(name, k.id(), Identifiers.macroWords(k.id()), k.what()
          + ": geometric mean over blocks of campaign " + name
          + " of the per-block ratio of " + Naming.keyOf(name) + "." + k.numerator().id() + "'s per-block ratio ("
          + k.numerator().numerator() + " over "
          + k.numerator().denominator() + ") over " + Naming.keyOf(name) + "." + k.denominator().id() + "'s ("
          + k.denominator().numerator() + " over " + k.denominator().denominator() + "), of the "
          + k.numerator().metric().what(),
          k.numerator().id() + " and " + k.denominator().id() + " have a per-block ratio above 0",
          a -> BlockContrasts.interaction(a, name, Blocks.exclusion(a, name), k)));
    }
    return q;
  }

  /**
   * The four entries of a ratio over blocks ({@link BlockStats#ratio}): the estimate, the two ends of its Student t
   * interval on the log scale, and the blocks it rests on ({@code blocksWhere}: in which blocks).
   */
  private static List<Quantity> ratioEntries(String name, String id, String macroWords, String definition,
                                             String blocksWhere, Function<Analysis, BlockStats.Interval> interval) {
    String key = Naming.keyOf(name) + "." + id;
    String macro = Identifiers.macroWords(name) + macroWords;
    String f = Provenance.name(BlockStats.class, "ratio");
    String end = " Student t interval over blocks of the log ratio, mapped back by exp, of " + key;
    return List.of(
        BlockEntries.interval(name, Quantity.key(key).macro(macro).definition(definition).unit(Unit.RATIO)
            .format(Format.RATIO_3SF), f, interval, 0),
        BlockEntries.interval(name, Quantity.key(key + ".lower").macro(macro + "Lower")
            .definition("lower end of the " + Phrases.level() + end).unit(Unit.RATIO).format(Format.RATIO_3SF), f,
            interval, -1),
        BlockEntries.interval(name, Quantity.key(key + ".upper").macro(macro + "Upper")
            .definition("upper end of the " + Phrases.level() + end).unit(Unit.RATIO).format(Format.RATIO_3SF), f,
            interval, 1),
        BlockEntries.count(name, key + ".blocks", macro + "Blocks", "blocks of campaign " + name + " in which both "
            + blocksWhere + ", the blocks " + key + " rests on", a -> (long) interval.apply(a).blocks()));
  }
}
