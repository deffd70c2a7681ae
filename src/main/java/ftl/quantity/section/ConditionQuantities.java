package ftl.quantity.section;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.CampaignRuns;
import ftl.quantity.core.Format;
import ftl.quantity.core.Layout;
import ftl.quantity.core.Manipulations;
import ftl.quantity.core.Naming;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Provenance;
import ftl.quantity.core.Quantity.Scope;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.GridLaw;
import ftl.stats.GuardResult;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import ftl.stats.RateRatio;
import ftl.stats.SignCheckResult;
import ftl.stats.StratifiedRateRatio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;

/**
 * Registry entries per condition ({@code <key>.<campaign>.<condition>}), made from the conditions the
 * ledgers of a data root hold: the cells of the paper's tables. Their macros spell digits as words so that
 * LaTeX accepts them ({@code s1ms} becomes {@code SOneMs}).
 */
public final class ConditionQuantities {
  private ConditionQuantities() {}

  /**
   * The per-condition entries of every campaign of the data root, in the order of its campaigns; after each campaign's
   * own, the entries each of {@code perCampaign} adds for it (the sections whose entries follow a campaign's plan).
   */
  public static List<Quantity> forData(DataSet data, List<BiConsumer<List<Quantity>, Campaign>> perCampaign) {
    List<Quantity> q = new ArrayList<>();
    Map<String, String> campaignMacros = new HashMap<>();
    for (Campaign c : CampaignCatalogue.opted(data, CampaignCatalogue.Family.CONDITIONS)) {
      String earlier = campaignMacros.putIfAbsent(Identifiers.macroWords(c.name()), c.name());
      if (earlier != null) {
        throw new DataException(c.displayDir(), 0, "campaign folder name \"" + c.name() + "\" collides with \""
            + earlier + "\": both make the macro words " + Identifiers.macroWords(c.name()), null);
      }
      Set<String> conditions = new LinkedHashSet<>();
      Map<String, LedgerRow> byKey = new HashMap<>();
      Map<String, LedgerRow> byMacro = new HashMap<>();
      for (LedgerRow r : c.runs()) {
        if (r.ok() && conditions.add(r.condition())) {
          collide(c, r, byKey.putIfAbsent(Naming.slug(r.condition()), r), "registry key segment "
              + Naming.slug(r.condition()));
          collide(c, r, byMacro.putIfAbsent(Identifiers.macroWords(r.condition()), r),
              "macro words " + Identifiers.macroWords(r.condition()));
        }
      }
      boolean nojvm = c.runs().stream().anyMatch(r -> r.instrument().equals(Instrument.PYTHON_NOJVM.word()));
      // the instrument of the campaign's runs: the no-JVM cross-check, the Java instrument on another system, or Kafka
      String instrument = nojvm ? Instrument.PYTHON_NOJVM.word()
          : c.runs().stream().filter(LedgerRow::ok).map(LedgerRow::instrument)
          .filter(Analysis.SYSTEM_INSTRUMENTS::contains).findFirst().orElse(Instrument.KAFKA.word());
      for (String cond : conditions.stream().sorted().toList()) {
        perCondition(q, c.name(), cond, instrument);
      }
      if (c.name().equals(CampaignCatalogue.MODE_A.folder())) {
        collapseStrata(q);
      }
      for (BiConsumer<List<Quantity>, Campaign> more : perCampaign) {
        more.accept(q, c);
      }
    }
    return q;
  }

  /** Two conditions of a campaign that would name the same registry entries are bad data. */
  private static void collide(Campaign c, LedgerRow r, LedgerRow earlier, String what) {
    if (earlier != null) {
      throw new DataException(c.ledgerName(), r.line(), "condition \"" + r.condition() + "\" collides with \""
          + earlier.condition() + "\" (line " + earlier.line() + "): both make the " + what, null);
    }
  }

  /**
   * What {@code ackNegative.rate.*} computes from the pooled sign check of a condition's runs; its printed function.
   */
  public static final Provenance.Ref<SignCheckResult, Rate> ACK_NEGATIVE_RATE =
      SignCheckResult::ackNegativeRate;
  static final String ACK_NEGATIVE_RATE_NAME = Provenance.nameOf(ACK_NEGATIVE_RATE);

  private static void perCondition(List<Quantity> q, String campaign, String cond, String instrument) {
    String base = campaign + "." + Naming.slug(cond);
    Scope scope = instrument.equals(Instrument.PYTHON_NOJVM.word()) ? Scope.NOJVM_EVENTS
        : Analysis.SYSTEM_INSTRUMENTS.contains(instrument) ? Scope.SYSTEM_EVENTS : Scope.KAFKA_EVENTS;
    q.add(Quantity.key("runs." + base).macro(Naming.macro("Runs", campaign, cond))
        .definition("ok runs of condition " + cond + " in campaign " + campaign)
        .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(scope == Scope.SYSTEM_EVENTS ? scope : Scope.LEDGERS)
        .function(Analysis.class, "okRowsOf")
        .computes(a -> new Value.Count(a.okRowsOf(campaign, instrument).stream().filter(r -> r.condition().equals(cond))
        .count())));
    q.add(interval(Quantity.key("gridlaw.b." + base).macro(Naming.macro("GridLawB", campaign, cond))
        .definition("denominator b of the send interval over the 1 ms quantum in lowest terms (s/q = a/b), condition "
        + cond + " of campaign " + campaign), campaign, cond, instrument,
        s -> GridLaw.reduce(s, 1_000_000L).denominator()));
    q.add(interval(Quantity.key("gridlaw.a." + base).macro(Naming.macro("GridLawA", campaign, cond))
        .definition("numerator a of the send interval over the 1 ms quantum in lowest terms (s/q = a/b), condition "
        + cond + " of campaign " + campaign), campaign, cond, instrument,
        s -> GridLaw.reduce(s, 1_000_000L).numerator()));
    q.add(interval(Quantity.key("sendInterval." + base).macro(Naming.macro("SendIntervalNs", campaign, cond))
        .definition("send interval s in nanoseconds (ledger send_interval_ns), condition " + cond + " of campaign "
        + campaign), campaign, cond, instrument, s -> s));
    for (String stat : List.of("min", "median", "max")) {
      q.add(Quantity.key("retention." + stat + "." + base)
          .macro(Naming.macro("Retention" + Naming.cap(stat), campaign, cond))
          .definition(stat + " over runs of the guard retention kept/taken, condition " + cond + " of campaign "
          + campaign)
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope)
          .function(Provenance.name(GuardResult.class, "retention") + " / "
          + Provenance.name(Quantiles.class, "median"))
          .computes(a -> {
            double[] v = runs(a, instrument, campaign, cond).stream().filter(r -> r.guard().taken() > 0)
                .mapToDouble(ScannedRun::retention).toArray();
            if (v.length == 0) {
              return new Value.Unavailable("no run of " + base + " delivered any event");
            }
            return new Value.Real(switch (stat) {
              case "min" -> Arrays.stream(v).min().getAsDouble();
              case "max" -> Arrays.stream(v).max().getAsDouble();
              default -> Quantiles.median(v);
            });
          }));
    }
    q.add(Quantity.key("flight.median." + base).macro(Naming.macro("FlightMedian", campaign, cond))
        .definition("median over runs of each run's median flight T = recv_ns - send_ns (monotonic clock), condition "
        + cond + " of campaign " + campaign)
        .unit(Unit.MICROSECONDS).format(Format.REAL_3SF).scope(scope).function(Quantiles.class, "median")
        .computes(a -> {
          double[] v = runs(a, instrument, campaign, cond).stream().mapToDouble(r -> r.guard().medianFlightNanos())
              .filter(x -> !Double.isNaN(x)).toArray();
          return v.length == 0 ? new Value.Unavailable("no delivered event")
              : new Value.Real(Quantiles.median(v) / 1000.0);
        }));
    q.add(Quantity.key("gridlaw.agreement." + base).macro(Naming.macro("GridLawAgreement", campaign, cond))
        .definition("fraction of delivered events of condition " + cond + " (campaign " + campaign
            + ") whose guard outcome the grid law reproduces from the event's own send phase and flight (T = recv_ns "
            + "- send_ns, monotonic clock; a consistency check of the replay: it pairs each event with its own "
            + "flight, so it agrees by construction up to the CreateTime offset; not a test of the law, see "
            + "gridlaw.heldout)")
        .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(scope).function(GridLaw.class, "predictRun")
        .computes(a -> CampaignRuns.gridAgreement(runs(a, instrument, campaign, cond))));
    if (instrument.equals(Instrument.KAFKA.word())) {
      q.add(Quantity.key("ackNegative.rate." + base).macro(Naming.macro("AckNegativeRate", campaign, cond))
          .definition("pooled share of complete events with a negative ack-referenced span, condition " + cond
          + " of campaign " + campaign)
          .unit(Unit.FRACTION).format(Format.PERCENT_2DP).scope(Scope.KAFKA_EVENTS).function(ACK_NEGATIVE_RATE_NAME)
          .computes(a -> {
            Rate rate = ACK_NEGATIVE_RATE.apply(SignCheckResult.pooled(
                runs(a, instrument, campaign, cond).stream().map(ScannedRun::sign).toList()));
            return rate.defined() ? new Value.Real(rate.value()) : new Value.Unavailable("no complete event");
          }));
    }
  }

  /** The collapse factor of each Mode A stratum, with its bootstrap interval. */
  private static void collapseStrata(List<Quantity> q) {
    for (Layout.CollapseStratum cs : Layout.collapseStrata()) {
      String stratum = cs.name();
      String key = cs.key();
      Function<Analysis, RateRatio.Estimate> est = a -> a.memo("stratum:" + stratum, () ->
          Manipulations.modeACollapse(a).stream()
              .filter(s -> s.name().equals(stratum)).map(Manipulations.Stratum::estimate).findFirst().orElse(null));
      q.add(Quantity.key(key + ".holm").macro(Naming.macro("CollapseHolm", CampaignCatalogue.MODE_A.folder(),
          key.substring(Layout.COLLAPSE_STEM.length())))
          .definition(
          "Holm-adjusted p-value (over every tested stratum) of the permutation test of no priority effect in stratum "
              + stratum + " (the exact two-sided test and Holm's adjustment as defined at collapse.holm.tested.modeA)")
              .unit(Unit.DIMENSIONLESS).format(Format.REAL_3SF).scope(Scope.KAFKA_EVENTS)
              .function(StratifiedRateRatio.class, "holm")
          .computes(a -> Manipulations.holm(a, stratum)));
      for (String part : List.of("ratio", "lower", "upper")) {
        q.add(Quantity.key(key + "." + part).macro(Naming.macro("Collapse" + Naming.cap(part),
            CampaignCatalogue.MODE_A.folder(), key.substring(Layout.COLLAPSE_STEM.length())))
            .definition((part.equals("ratio") ? "collapse factor (negative-A rate, default over SCHED_FIFO)" : part
                + " end of the " + Phrases.level() + " percentile-bootstrap interval (" + Phrases.resamples()
                + " resamples of runs within each priority, " + Phrases.seed() + ") of the collapse factor")
                + " in stratum " + stratum)
            .unit(Unit.RATIO).format(Format.RATIO_3SF).scope(Scope.KAFKA_EVENTS).function(RateRatio.class, "estimate")
            .computes(a -> {
              if (!CampaignRuns.has(a, CampaignCatalogue.MODE_A.folder())) {
                return CampaignRuns.noData(CampaignCatalogue.MODE_A.folder());
              }
              RateRatio.Estimate e = est.apply(a);
              if (e == null) {
                return new Value.Unavailable("stratum lacks runs of one priority");
              }
              if (e.status() != RateRatio.Status.DEFINED) {
                return new Value.Unavailable("ratio not finite: " + e.status());
              }
              double v = part.equals("ratio") ? e.ratio() : part.equals("lower") ? e.lower() : e.upper();
              return Double.isFinite(v) ? new Value.Real(v) : new Value.Unavailable("bound not finite");
            }));
      }
    }
  }

  /** A whole number read from the condition's send interval (ledger send_interval_ns of its first ok run). */
  private static Quantity interval(Quantity.UnitPart head, String campaign, String cond, String instrument,
                                   LongUnaryOperator f) {
    return head.unit(Unit.DIMENSIONLESS).format(Format.GROUPED_INTEGER)
        .scope(Analysis.SYSTEM_INSTRUMENTS.contains(instrument) ? Scope.SYSTEM_EVENTS : Scope.LEDGERS)
        .function(GridLaw.class, "reduce")
        .computes(a -> a.okRowsOf(campaign, instrument).stream().filter(r -> r.condition().equals(cond))
            .map(r -> r.field(LedgerSchema.SEND_INTERVAL_NS)).filter(v -> !v.isEmpty()).findFirst()
            .<Value>map(v -> new Value.Count(f.applyAsLong(Long.parseLong(v))))
            .orElse(new Value.Unavailable("no send_interval_ns in the ledger")));
  }

  static List<ScannedRun> runs(Analysis a, String instrument, String campaign, String cond) {
    return a.campaignRuns(campaign).stream()
        .filter(r -> r.row().instrument().equals(instrument) && r.row().condition().equals(cond)).toList();
  }
}
