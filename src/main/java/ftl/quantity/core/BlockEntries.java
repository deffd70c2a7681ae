package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Quantity.Scope;
import ftl.stats.BlockStats;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The builders of the blocked campaigns' entries, shared by the sections that declare them (the run accounting, the
 * per-condition block summaries, the contrasts, the registered predictions): which campaigns are registered in blocks
 * ({@link #BLOCKED}), whether the data root holds one, which events its entries read, and the two shapes of entry they
 * all make: a count of runs, and one end of a block-level interval ({@link BlockStats}), each "no campaign data
 * present" without the campaign.
 */
public final class BlockEntries {
  private static final String CONFIRM = CampaignCatalogue.CONFIRM.folder();
  private static final String SETTING = CampaignCatalogue.SETTING.folder();
  private static final String CLUSTER = CampaignCatalogue.CLUSTER.folder();

  /** The campaigns registered in blocks, whose block-level entries the registry makes, the confirmatory one first. */
  public static final List<String> BLOCKED = List.of(CONFIRM, CampaignCatalogue.RABBITMQ.folder(),
      CampaignCatalogue.NATS.folder(),
      CampaignCatalogue.RABBITMQ_MANIP.folder(), CampaignCatalogue.NATS_MANIP.folder(),
      CampaignCatalogue.NATS_MANIP2.folder(),
      SETTING, CLUSTER, CampaignCatalogue.RABBITMQ_QUEUES.folder());

  private BlockEntries() {}

  /** Whether the campaign is registered in blocks and its plan is at hand (what its per-condition entries follow). */
  public static boolean planned(Campaign c) {
    return BLOCKED.contains(c.name()) && c.plan().isPresent();
  }

  /** Whether the data root holds an ok run of the blocked campaign, on Kafka or on another system. */
  public static boolean has(Analysis a, String campaign) {
    if (onKafka(campaign)) {
      return CampaignRuns.has(a, campaign);
    }
    return Analysis.SYSTEM_INSTRUMENTS.stream().anyMatch(i -> !a.okRowsOf(campaign, i).isEmpty());
  }

  /**
   * Whether a blocked campaign measured Kafka (the confirmatory, setting and cluster campaigns) rather than another
   * system.
   */
  public static boolean onKafka(String campaign) {
    return campaign.equals(CONFIRM) || campaign.equals(SETTING) || campaign.equals(CLUSTER);
  }

  /** The scope of a blocked campaign's entries: the Kafka instrument's events, or the other systems'. */
  public static Scope scope(String campaign) {
    return onKafka(campaign) ? Scope.KAFKA_EVENTS : Scope.SYSTEM_EVENTS;
  }

  /** A count of the blocked campaign, {@code f} of the analysis; "no campaign data present" without the campaign. */
  public static Quantity count(String campaign, String key, String macro, String definition,
                               ToLongFunction<Analysis> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(scope(campaign))
        .function(Blocks.class, "usable").computes(a -> has(a, campaign) ? new Value.Count(f.applyAsLong(a))
            : CampaignRuns.noData(campaign));
  }

  /** {@link #interval(String, Quantity.ScopePart, String, Function, int)} of a block mean ({@link BlockStats#mean}). */
  public static Quantity interval(String campaign, Quantity.ScopePart head,
                                  Function<Analysis, BlockStats.Interval> interval, int which) {
    return interval(campaign, head, Provenance.name(BlockStats.class, "mean"), interval, which);
  }

  /**
   * One part of a block-level interval of the blocked campaign: its estimate ({@code which} 0), its lower end (-1) or
   * its upper end (1) ({@link BlockContrasts#value}); "no campaign data present" without the campaign.
   *
   * @param head the entry up to its scope (key, macro, definition, unit, format)
   * @param function the provenance of the interval's computation
   */
  public static Quantity interval(String campaign, Quantity.ScopePart head, String function,
                                  Function<Analysis, BlockStats.Interval> interval, int which) {
    return head.scope(scope(campaign)).function(function).computes(a -> {
      if (!has(a, campaign)) {
        return CampaignRuns.noData(campaign);
      }
      return BlockContrasts.value(interval.apply(a), which, campaign);
    });
  }

  /** Ok runs with their manipulations applied that the plan's exclusion rule excludes. */
  public static List<ScannedRun> excludedRuns(Analysis a, String campaign, Optional<RunExclusion> exclusion) {
    return Manipulations.usable(a, campaign).stream().filter(r -> exclusion.flatMap(x -> x.cause(r.row())).isPresent())
        .toList();
  }
}
