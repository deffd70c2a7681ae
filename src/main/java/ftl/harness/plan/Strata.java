package ftl.harness.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A plan's {@code strata} section (issue #53): the host as a random factor. A plan with strata is a protocol registered
 * once and run once on every boot the project is given: each boot appends one <em>stratum</em> (the plan's
 * {@code blocks} blocks, every condition in each) to the campaign's one ledger, numbered in ledger order. Where the
 * boot offers more than one of the plan's clock sources, the stratum's blocks run under each, interleaved: consecutive
 * groups of blocks hold every offered clock source once, in a seeded order ({@link #clockOfBlocks}).
 *
 * <pre>{@code "strata": {"by": "boot", "judged_at_boots": 3, "max_boots": 6, "clocksources": ["tsc",
 * "kvm-clock"]}}</pre>
 *
 * @param judgedAtBoots the number of boots, first in ledger order, at which the plan's predictions are judged (below it
 *     they are not yet testable; later boots are exploratory)
 * @param maxBoots the boots after which the protocol stops collecting ({@code campaign run} refuses another stratum)
 * @param clocksources the clock sources a stratum runs under, those of them the boot offers, in this order of
 *     preference
 */
public record Strata(int judgedAtBoots, int maxBoots, List<String> clocksources) {
  /** The one stratifying factor so far: the boot ({@code /proc/sys/kernel/random/boot_id}). */
  public static final String BY_BOOT = "boot";
  /** Most boots a protocol may plan. */
  public static final int MAX_BOOTS = 99;

  public Strata {
    clocksources = List.copyOf(clocksources);
    if (judgedAtBoots < 1 || judgedAtBoots > MAX_BOOTS) {
      throw new Condition.InvalidField("strata.judged_at_boots", "must be an integer 1.." + MAX_BOOTS + " (was "
          + judgedAtBoots + ")");
    }
    if (maxBoots < judgedAtBoots || maxBoots > MAX_BOOTS) {
      throw new Condition.InvalidField("strata.max_boots", "must be an integer from judged_at_boots (" + judgedAtBoots
          + ") to " + MAX_BOOTS + " (was " + maxBoots + ")");
    }
    if (clocksources.isEmpty() || clocksources.size() != clocksources.stream().distinct().count()) {
      throw new Condition.InvalidField("strata.clocksources",
          "must be a non-empty array of distinct clock source words");
    }
  }

  /** The plan's clock sources that {@code offered} lists, in the plan's order. */
  public List<String> offeredOf(List<String> offered) {
    return clocksources.stream().filter(offered::contains).toList();
  }

  /**
   * The seed of stratum {@code s}'s clock-source order (1-based): the {@code s}-th draw of SplitMix64 seeded with the
   * bitwise complement of the plan's seed ({@link Plan#blockSeed} draws from the seed itself).
   */
  public static long stratumSeed(long seed, int s) {
    if (s < 1) {
      throw new IllegalArgumentException("strata are numbered from 1: " + s);
    }
    return Plan.blockSeed(~seed, s);
  }

  /**
   * The clock source of each block of a stratum, by block number within the stratum (1..{@code blocks}): blocks are
   * taken in consecutive groups of {@code clocks.size()}, and each group holds every clock source once, in the order
   * of {@code Collections.shuffle(copy of clocks, rng)} with one {@code java.util.Random(stratumSeed(seed, s))} drawn
   * group after group; a last, incomplete group takes the first of its shuffle.
   */
  public static Map<Integer, String> clockOfBlocks(long seed, int stratum, int blocks, List<String> clocks) {
    if (clocks.isEmpty()) {
      throw new IllegalArgumentException("a stratum runs under at least one clock source");
    }
    Random rng = new Random(stratumSeed(seed, stratum));
    Map<Integer, String> out = new LinkedHashMap<>();
    int b = 1;
    while (b <= blocks) {
      List<String> group = new ArrayList<>(clocks);
      Collections.shuffle(group, rng);
      for (int j = 0; j < group.size() && b <= blocks; j++, b++) {
        out.put(b, group.get(j));
      }
    }
    return out;
  }

  /**
   * One stratum's runs: the plan's blocks numbered on from the strata before it (stratum {@code s}, block {@code b}
   * of the stratum is the campaign's block {@code (s - 1) blocks + b}), each block's order that of
   * {@link Plan#blockOrder} for its campaign block number, run ids {@code s<ss>-r<nnnn>} (the stratum in two digits,
   * the run within it in four, from 1), order indices counted on from {@code firstOrderIndex}.
   *
   * @param clocks the clock sources this boot runs, from {@link #offeredOf}
   */
  public static StratumSchedule schedule(Plan plan, int stratum, String bootId, List<String> clocks,
      int firstOrderIndex) {
    if (plan.strata() == null) {
      throw new IllegalArgumentException("the plan has no strata");
    }
    int blocks = plan.blocks();
    Map<Integer, String> clockOf = clockOfBlocks(plan.seed(), stratum, blocks, clocks);
    List<Plan.ScheduledRun> runs = new ArrayList<>();
    Map<Integer, String> clockOfCampaignBlock = new LinkedHashMap<>();
    int n = 0;
    for (int b = 1; b <= blocks; b++) {
      int campaignBlock = (stratum - 1) * blocks + b;
      clockOfCampaignBlock.put(campaignBlock, clockOf.get(b));
      for (Plan.ScheduledRun slot : plan.blockOrder(campaignBlock)) {
        n++;
        String id = String.format(Locale.ROOT, "s%02d-r%04d", stratum, n);
        runs.add(new Plan.ScheduledRun(id, slot.condition(), slot.repeat(), firstOrderIndex + n - 1, campaignBlock));
      }
    }
    return new StratumSchedule(stratum, bootId, runs, clockOfCampaignBlock);
  }

  /**
   * The runs of one boot's stratum.
   *
   * @param stratum 1-based, in ledger order
   * @param bootId the boot it ran on
   * @param runs in execution order
   * @param clockOfBlock the clock source of each of its campaign blocks
   */
  public record StratumSchedule(int stratum, String bootId, List<Plan.ScheduledRun> runs, Map<Integer,
      String> clockOfBlock) {
    public StratumSchedule {
      runs = List.copyOf(runs);
      clockOfBlock = Map.copyOf(clockOfBlock);
    }

    /** The clock sources of the stratum, in the order of their first block. */
    public List<String> clocks() {
      List<String> out = new ArrayList<>();
      for (Plan.ScheduledRun r : runs) {
        String c = clockOfBlock.get(r.block());
        if (!out.contains(c)) {
          out.add(c);
        }
      }
      return out;
    }
  }
}
