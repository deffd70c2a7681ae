package ftl.emit;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.JsonValue;
import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.Criteria;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.LatexEscape;
import ftl.quantity.core.Value;
import ftl.quantity.core.Layout;
import ftl.quantity.verdict.ClaimTests;
import ftl.quantity.verdict.ClaimVerdicts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The typed rows the templates lay out (convention 13: templates lay out, Java computes). Every row is built
 * here from the data's campaigns and conditions and from {@link Layout}'s typed strata and points; each key
 * is constructed from them, never split apart, and every number a row carries is a registry quantity (a
 * {@link Cell}) or a field computed here (a figure's point index). A template receives these records and
 * prints their fields: no arithmetic, no parsing of keys, no sorting by a number read out of a name.
 *
 * <p>Rows that need the data root (campaigns, conditions, ledger fields, published rows) are empty when the
 * emitter renders without one; the original study's rows need only {@code paper/original-study.csv}.
 *
 * @param collapse the priority collapse: its table and its figure
 * @param exposure the exposure figure's curves and points
 * @param measured the tables of what the campaigns measured: per campaign, per condition, by payload, by send
 *     interval, and the 1/D law's bands
 * @param claims the tables of the claims: the original study's beside ours, and the rules and claims each campaign
 *     registered
 */
public record TableRows(Collapse collapse, ExposureFigure exposure, CampaignTables measured, ClaimTables claims) {

  public TableRows {
    Objects.requireNonNull(collapse, "collapse");
    Objects.requireNonNull(exposure, "exposure");
    Objects.requireNonNull(measured, "measured");
    Objects.requireNonNull(claims, "claims");
  }

  /**
   * The priority collapse: the table of campaign modeA's strata and the figure of every collapse factor.
   *
   * @param table one row per stratum of campaign modeA ({@code tab-collapse})
   * @param figure the collapse figure: its points, numbered and placed in Java ({@code fig-collapse.dat}), their axis
   *     ticks and series ({@code fig-collapse-axis.tex})
   * @param original the original study's collapse range for the figure's band ({@code fig-collapse-original.dat})
   */
  public record Collapse(List<CollapseRow> table, CollapseFigure figure, List<OriginalRange> original) {
    public Collapse {
      table = List.copyOf(table);
      Objects.requireNonNull(figure, "figure");
      original = List.copyOf(original);
    }
  }

  /**
   * The exposure figure: the curve, the law beside it, and the points placed on it.
   *
   * @param curve the exposure curve's points with a value ({@code fig-exposure.dat})
   * @param law the 1/D law as stated, D0/T from the sign campaign's median displacement, at the same grid's flights
   *     with a value ({@code fig-law.dat})
   * @param bands the sign campaign's flight bands ({@code fig-bands.dat})
   * @param published published flights placed on the curve ({@code fig-published.dat})
   * @param systems the other systems' measured exposure at 1 ms ({@code fig-systems.dat})
   */
  public record ExposureFigure(List<CurvePoint> curve, List<CurvePoint> law, List<CurvePoint> bands,
                               List<PublishedPoint> published, List<SystemPoint> systems) {
    public ExposureFigure {
      curve = List.copyOf(curve);
      law = List.copyOf(law);
      bands = List.copyOf(bands);
      published = List.copyOf(published);
      systems = List.copyOf(systems);
    }
  }

  /**
   * The tables of what the campaigns measured.
   *
   * @param campaigns one row per campaign ({@code tab-campaigns})
   * @param conditions per campaign, one row per condition ({@code tab-conditions})
   * @param payload the payload campaign's conditions, by payload then start phase ({@code tab-payload})
   * @param retention campaign modeB's conditions without a controlled start phase, by send interval ({@code
   *     tab-retention})
   * @param bands per campaign, the 1/D law's slope and bands ({@code tab-bands})
   */
  public record CampaignTables(List<CampaignRow> campaigns, List<CampaignConditions> conditions,
                               List<PayloadRow> payload, List<RetentionRow> retention, List<BandsRow> bands) {
    public CampaignTables {
      campaigns = List.copyOf(campaigns);
      conditions = List.copyOf(conditions);
      payload = List.copyOf(payload);
      retention = List.copyOf(retention);
      bands = List.copyOf(bands);
    }
  }

  /**
   * The tables of the claims and of the rules registered before the runs.
   *
   * @param replication the original study's claims beside ours ({@code tab-replication})
   * @param confirm the confirmatory campaign's registered rules and claims, in plan order ({@code tab-confirm})
   * @param setting the setting campaign's registered rules and claims, in plan order, then the host protocol's
   *     ({@code tab-setting}: the setting as a factor, one boot and then every boot)
   * @param cluster the replicated cluster campaign's registered rules and claims, in plan order ({@code tab-cluster})
   * @param systems the other systems' campaigns' registered rules and claims side by side, in plan order
   *     ({@code tab-systems})
   */
  public record ClaimTables(List<ReplicationRow> replication, List<ConfirmRow> confirm, List<ConfirmRow> setting,
                            List<ConfirmRow> cluster, List<SystemRow> systems) {
    public ClaimTables {
      replication = List.copyOf(replication);
      confirm = List.copyOf(confirm);
      setting = List.copyOf(setting);
      cluster = List.copyOf(cluster);
      systems = List.copyOf(systems);
    }
  }

  /**
   * One table cell that prints a registry quantity.
   *
   * @param key the quantity's key; null for a key the registry does not have (printed {@code n/a})
   * @param keyLatex the key, LaTeX-escaped
   * @param latex the quantity's printed LaTeX ({@code n/a} when it has no value)
   * @param available whether it has a value
   */
  public record Cell(String key, String keyLatex, String latex, boolean available) {
    static Cell of(Computed c) {
      return new Cell(c.quantity().key(), LatexEscape.escape(c.quantity().key()), c.latex(), c.available());
    }

    static final Cell MISSING = new Cell(null, null, "n/a", false);

    /**
     * The cell as a table prints it: a quantity with a value goes through {@code \ftlQuantity}, the link
     * {@code ./ftl check-pdf} traces; one without a value prints its text ({@code n/a}), which links nowhere.
     */
    public String linked() {
      return available ? "\\ftlQuantity{" + keyLatex + "}{" + latex + "}" : latex;
    }
  }

  /** A stratum of the collapse table: its typed condition fields and its four quantities. */
  public record CollapseRow(String geometry, String loadPct, String acks, long sendIntervalMicros, Cell ratio,
      Cell lower,
                            Cell upper, Cell holm) {}

  /**
   * A point of the collapse figure. {@code idx} numbers the points from 1 in plotting order (campaign modeA's
   * strata by load, then the isolation campaign, then every campaign-wide collapse factor, {@link
   * Layout#campaignCollapses}); {@code x} is its position on the axis (modeA's strata packed closer than the named
   * points, a gap between campaigns); {@code series} names the series it is drawn in ({@link CollapseSeries#id}).
   */
  public record CollapsePoint(int idx, double x, double ratio, double lower, double upper, String load, String group,
                              String series, String label) {}

  /** A labelled tick of the collapse figure's x axis: its position and its label as text-mode LaTeX. */
  public record CollapseTick(double x, String labelLatex) {}

  /**
   * A series of the collapse figure: a priority manipulation (the two stamping threads, or every thread of the client
   * JVM) on the setting of one clock source, drawn in a style of its own with a legend entry.
   *
   * @param id the series' name in {@code fig-collapse.dat} ({@code threads-c1}, {@code jvm-c2}: kind and clock's
   *     number)
   * @param wholeJvm whether {@code SCHED_FIFO} was on every thread of the client JVM
   * @param style the clock source's style number, 1 to {@link #STYLES} (clocks beyond that share styles in turn)
   * @param clockLatex the campaigns' clock source in use (ledger {@code clocksource}), LaTeX-escaped
   */
  public record CollapseSeries(String id, boolean wholeJvm, int style, String clockLatex) {
    /** The clock-source styles {@code ftl collapse clock <n>} that {@code paper/ftl-figures.sty} defines. */
    public static final int STYLES = 4;
  }

  /**
   * The collapse figure: points, the ticks that name them, the series, the x axis' extent, and where Kafka's points end
   * and the other systems' begin (none, or one split).
   */
  public record CollapseFigure(List<CollapsePoint> points, List<CollapseTick> ticks, List<CollapseSeries> series,
                               double xmax, List<SystemSplit> split) {
    public CollapseFigure {
      points = List.copyOf(points);
      ticks = List.copyOf(ticks);
      series = List.copyOf(series);
      split = List.copyOf(split);
    }

    static final CollapseFigure EMPTY = new CollapseFigure(List.of(), List.of(), List.of(), 1, List.of());
  }

  /**
   * Where the collapse figure's Kafka points end and those of the other systems begin: the x of the line between them,
   * where each group's name is centred (Kafka's over its points, the others' between the line and the axis' end), and
   * the other systems' names as text-mode LaTeX, one to a line ({@code RabbitMQ,\\\\NATS}: the group is narrow).
   */
  public record SystemSplit(double x, double kafkaX, double othersX, String othersLatex) {}

  /** The collapse figure's points, in plotting order. */
  public List<CollapsePoint> collapsePoints() {
    return collapse.figure().points();
  }

  /** The original study's range of a figure, as printed in {@code paper/original-study.csv} ("7 to 80x"). */
  public record OriginalRange(String low, String high) {}

  /** A point of a curve: flight (us) and relative error D/T. */
  public record CurvePoint(double flightUs, double relError) {}

  /**
   * A published flight on the exposure curve: its row of the CSV, the flight (us), D(T)/T and the stated percentile.
   */
  public record PublishedPoint(int row, double flightUs, double relError, long percentile) {}

  /**
   * A campaign's row of the campaigns table: the quantities, and the setting its ok runs recorded (issue #44): the
   * clock sources in use and the kernel builds (the release's last part, {@code fc-v857} of {@code 6.18.44-fc-v857}:
   * every campaign here ran one release), each the distinct ledger values joined, LaTeX-escaped, {@code --} when none.
   */
  public record CampaignRow(String campaign, Cell runs, Cell conditions, Cell runsPerCondition, Cell eventsPerRun,
                            Cell warmupEvents, Cell sendLagP99, String clocksourceLatex, String kernelLatex,
                            Cell boots) {}

  /** One campaign's conditions. */
  public record CampaignConditions(String campaign, List<ConditionRow> rows) {
    public CampaignConditions {
      rows = List.copyOf(rows);
    }
  }

  /** A condition's row; {@code ackNegativeRate} is null where the campaign has no such entry (the no-JVM check). */
  public record ConditionRow(String condition, Cell runs, Cell b, Cell ackNegativeRate, Cell retentionMin,
                             Cell retentionMedian, Cell retentionMax, Cell agreement, Cell flightMedian) {}

  /** A payload condition's row. */
  public record PayloadRow(String condition, Cell runs, Cell retentionMedian, Cell retentionMin, Cell retentionMax,
                           Cell flightMedian) {}

  /** A send interval's row of the retention table; {@code heldOutError} is null where there is no held-out entry. */
  public record RetentionRow(String condition, Cell a, Cell b, Cell runs, Cell retentionMin, Cell retentionMedian,
                             Cell retentionMax, Cell agreement, Cell heldOutError, Cell flightMedian) {}

  /** A campaign's 1/D law: slope, interval, verdict and, per band shown, its runs and median D/T. */
  public record BandsRow(String campaign, Cell slope, Cell lower, Cell upper, Cell verdict, List<Band> bands) {
    public BandsRow {
      bands = List.copyOf(bands);
    }
  }

  /** One flight band of a campaign. */
  public record Band(Cell runs, Cell relError) {}

  /**
   * A claim of the original study, in one place (issue #45): its figure there, every registered test of it in every
   * Kafka campaign ({@link ftl.quantity.verdict.ClaimTests}) and its summary over them.
   *
   * @param ours our figures, joined by "of", for a row that is a size, not a claim ({@code null} when the row names
   *     none: printed {@code --}); a claim's figures are its tests' estimates
   * @param summary the claim's summary ({@code summary.<id>}); null for a row that is a size
   * @param tests the claim's tests, in registry order; empty for a row that is a size
   */
  public record ReplicationRow(String claimLatex, String originalLatex, List<Cell> ours, String noteLatex, Cell summary,
                               List<ReplicationTest> tests) {
    public ReplicationRow {
      ours = ours == null ? null : List.copyOf(ours);
      tests = List.copyOf(tests);
    }
  }

  /**
   * One test of a claim: what it is, where and how it was measured, what it compared and its verdict.
   *
   * @param nameLatex the test's name (a plan criterion's rule id, or the short name {@code ClaimTests} declares)
   * @param kindLatex its registration's kind ({@code confirmatory}, {@code exploratory}, {@code consistency check})
   * @param campaignLatex the campaigns its registration names
   * @param hostLatex the clock source and kernel build their ok runs recorded ({@code --} when no ledger says)
   * @param designLatex the run design their ledgers record: in blocks on fresh brokers, or serial (runs back to back)
   *     on one broker
   * @param eventsPerRun the first campaign's events per run ({@link Cell#MISSING} when it has none)
   * @param estimate the statistic it compared ({@link Cell#MISSING}: none)
   * @param lower the lower end of its interval ({@link Cell#MISSING}: a point comparison)
   * @param upper the upper end of its interval
   * @param verdict its verdict
   */
  // Ten components: the columns of one test's row, each built once here.
  public record ReplicationTest(String nameLatex, String kindLatex, String campaignLatex, String hostLatex,
                                String designLatex, Cell eventsPerRun, Cell estimate, Cell lower, Cell upper,
                                Cell verdict) {}

  /**
   * A rule or claim the confirmatory campaign's plan registered before its first run, with what decided it.
   *
   * @param idLatex the rule's id in the plan
   * @param claimLatex what it judges (the plan's words)
   * @param statistic the compared statistic ({@link Cell#MISSING} for a claim combining rules)
   * @param lower the lower end of its interval ({@link Cell#MISSING} for a point comparison)
   * @param upper the upper end of its interval ({@link Cell#MISSING} for a point comparison)
   * @param ruleLatex the comparison and threshold with unit, as LaTeX ({@code $\ge$ 7 ratio}); a claim's combining rule
   * @param expectedLatex the verdict the plan expected ({@code predictions.expected_verdicts}), up to its first
   *     parenthesis or condition ({@code " if "}): the reasons are the plan's; {@code --} when the plan states none
   * @param verdict the verdict, {@code criterion.<campaign>.<id>}
   */
  public record ConfirmRow(String idLatex, String claimLatex, Cell statistic, Cell lower, Cell upper, String ruleLatex,
                           String expectedLatex, Cell verdict) {}

  /**
   * A rule or claim that the campaigns on the other systems registered under one id (each plan its own, written before
   * its first run), with each campaign's estimate and verdict side by side.
   *
   * @param idLatex the rule's id
   * @param ruleLatex the comparison and threshold of the first campaign's rule (a claim: its combining rule)
   * @param statistics per campaign, the compared statistic ({@link Cell#MISSING} for a claim)
   * @param verdicts per campaign, {@code criterion.<campaign>.<id>}
   */
  public record SystemRow(String idLatex, String ruleLatex, List<Cell> statistics, List<Cell> verdicts) {
    public SystemRow {
      statistics = List.copyOf(statistics);
      verdicts = List.copyOf(verdicts);
    }
  }

  /**
   * The first flight band the 1/D table shows: band 1 (flights below a third of a millisecond) holds no run of
   * interest.
   */
  static final int FIRST_TABLE_BAND = 2;
  /** The original study's claim whose range the collapse figure shades. */
  static final String COLLAPSE_CLAIM = "priority collapse";
  private static final Pattern RANGE = Pattern.compile("([0-9.]+) to ([0-9.]+)x");
  private static final String MODE_A = CampaignCatalogue.MODE_A.folder();
  /** The campaigns whose ok runs give the collapse figure its points. */
  private static final List<String> COLLAPSE_CAMPAIGNS = List.of(MODE_A, CampaignCatalogue.ISOLATION.folder());
  private static final String MODE_B = CampaignCatalogue.MODE_B.folder();
  private static final String PAYLOAD = CampaignCatalogue.PAYLOAD.folder();

  /**
   * A system's exposure measured here: the block means of its campaign's median flight and median {@code D/T} at 1 ms
   * ({@code <system>.flightMedian.si1ms}, {@code <system>.exposure.si1ms}), beside the published figures.
   */
  public record SystemPoint(String system, double flightUs, double relError) {}

  /** The campaigns whose 1 ms exposure the figure places, in this order. */
  static final List<String> EXPOSURE_SYSTEMS = List.of(CampaignCatalogue.RABBITMQ.folder(),
      CampaignCatalogue.NATS.folder());

  /**
   * The rows of every table and figure.
   *
   * @param data the data root the quantities were computed from; null renders the data-bound rows empty
   * @param quantities every computed quantity
   * @param original the original study's claims
   */
  public static TableRows of(DataSet data, List<Computed> quantities, List<OriginalStudy.Claim> original) {
    return of(data, quantities, original, Map.of(), Set.of());
  }

  /**
   * The rows of every table and figure, the replication table's tests with their registrations.
   *
   * @param registrations each verdict's registration, by key (a test's kind and campaigns)
   * @param notTests the verdicts that are not registered tests ({@code Registry#notTests}): never a test's row
   */
  public static TableRows of(DataSet data, List<Computed> quantities, List<OriginalStudy.Claim> original,
                             Map<String, Registration> registrations, Set<String> notTests) {
    Map<String, Computed> q = new LinkedHashMap<>();
    for (Computed c : quantities) {
      q.put(c.quantity().key(), c);
    }
    Rows r = new Rows(q);
    List<Campaign> campaigns = data == null ? List.of() : data.campaigns();
    // the campaigns whose plans' criteria the registry judges: a campaign declared without them has no verdict to show
    List<Campaign> judged = data == null ? List.of() : CampaignCatalogue.opted(data, CampaignCatalogue.Family.CRITERIA);
    CollapseFigure collapseFigure = r.collapseFigure(campaigns);
    if (collapseFigure.points().isEmpty() && campaigns.stream().anyMatch(c -> COLLAPSE_CAMPAIGNS.contains(c.name())
        && c.runs().stream().anyMatch(LedgerRow::ok))) {
      // the paper draws this figure from these points: with none, pgfplots has no table to read and the build fails
      throw new DataException("paper/generated/fig-collapse.dat", 0, "would be empty: no stratum of "
          + String.join(" or ", COLLAPSE_CAMPAIGNS) + " has a finite collapse factor with its interval, and the paper's"
          + " collapse figure cannot be drawn from no point", null);
    }
    return new TableRows(new Collapse(r.collapse(), collapseFigure, originalCollapse(original)),
        new ExposureFigure(r.exposureCurve(), r.lawCurve(), r.bandPoints(),
            data == null ? List.of() : r.published(Layout.publishedFlightRows(data)), r.systemPoints()),
        new CampaignTables(r.campaigns(campaigns), r.conditions(campaigns), r.payload(campaigns),
            r.retention(campaigns), r.bands(campaigns)),
        new ClaimTables(r.replication(original, campaigns, registrations, notTests),
            r.registered(judged, CampaignCatalogue.Role.CONFIRMATORY),
            java.util.stream.Stream.concat(r.registered(judged, CampaignCatalogue.Role.SETTING).stream(),
                r.registered(judged, CampaignCatalogue.Role.HOSTS).stream()).toList(),
            r.registered(judged, CampaignCatalogue.Role.CLUSTER),
            r.systems(judged)));
  }

  private static List<OriginalRange> originalCollapse(List<OriginalStudy.Claim> original) {
    List<OriginalRange> out = new ArrayList<>();
    for (OriginalStudy.Claim c : original) {
      Matcher m = RANGE.matcher(LatexEscape.escape(c.original()));
      if (LatexEscape.escape(c.claim()).startsWith(COLLAPSE_CLAIM) && m.matches()) {
        out.add(new OriginalRange(m.group(1), m.group(2)));
      }
    }
    return out;
  }

  /** Whether a campaign folder is one the catalogue declares confirmatory (a foreign root's campaigns are not). */
  static boolean confirmatory(String campaign) {
    return role(campaign) == CampaignCatalogue.Role.CONFIRMATORY;
  }

  /**
   * The manipulation campaigns on other systems, and the RabbitMQ queue-kind campaign: their rules (each plan its own
   * conditions) are not the systems' campaigns' rules, so they are not columns of {@code tab-systems}; the supplement's
   * verdict table lists them.
   */
  static final Set<String> SYSTEM_MANIPULATIONS = Stream.concat(
      CampaignCatalogue.SYSTEM_MANIPULATIONS.stream(), Stream.of(CampaignCatalogue.RABBITMQ_QUEUES))
      .map(CampaignCatalogue::folder).collect(Collectors.toUnmodifiableSet());

  /** Whether a campaign folder is one the catalogue declares a campaign on another system. */
  static boolean onOtherSystem(String campaign) {
    return role(campaign) == CampaignCatalogue.Role.SYSTEM;
  }

  /**
   * Whether a campaign's verdicts are laid out apart from the main text's table of registered predictions: the
   * confirmatory campaign's ({@code tab-confirm}), the other systems' campaigns' ({@code tab-systems}) and the runs of
   * the tools on those systems (OMB's RabbitMQ and NATS drivers, PerfTest: the supplement's verdict table), whose
   * claims the main text states with their verdicts.
   */
  static boolean ownTable(String campaign) {
    return ClaimVerdicts.laidOutApart(campaign); // one source with the table's row count, verdicts.predictionsTable.*
  }


  private static CampaignCatalogue.Role role(String campaign) {
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      if (c.folder().equals(campaign)) {
        return c.role();
      }
    }
    return null;
  }

  /**
   * A rule's comparison and threshold in words, as text-mode LaTeX: when the rule holds ({@code at least 7x},
   * {@code at most 0}, {@code interval above 1\%}, {@code interval within 0.667x to 1.5x}; issue 59: a table gives each
   * rule's threshold in words beside its name). The threshold is the plan's, printed in the statistic's unit as the
   * paper prints it: a ratio with {@code x}, a fraction as a percentage, a duration with its unit, a count as it is.
   */
  static String ruleLatex(Criteria.Rule rule) {
    List<String> t = rule.thresholds().stream().map(b -> threshold(b, rule.unit())).toList();
    String bound = t.size() == 2 ? t.get(0) + " to " + t.get(1) : t.get(0);
    String what = switch (rule.comparison()) {
      case LT -> "below";
      case LE -> "at most";
      case GT -> "above";
      case GE -> "at least";
      case INTERVAL_ABOVE -> "interval above";
      case INTERVAL_BELOW -> "interval below";
      case INTERVAL_EXCLUDES -> "interval excludes";
      case INTERVAL_WITHIN -> "interval within";
    };
    return what + " " + bound;
  }

  /**
   * A camel-case name with a line break allowed (no hyphen) before each capital that follows a lower-case letter
   * ({@code collapse\\allowbreak{}Threads}), for a rule's name in a narrow column that would otherwise run over it.
   */
  static String breakable(String latex) {
    return latex.replaceAll("([a-z])([A-Z])", "$1\\\\allowbreak{}$2");
  }

  /**
   * A threshold in its unit as the paper prints one: {@code 7x}, {@code 1\%} (fraction 0.01), {@code 3 ms}, {@code 0}.
   */
  static String threshold(BigDecimal value, String unit) {
    return switch (unit) {
      case "ratio" -> value.toPlainString() + "x";
      case "fraction" -> value.movePointRight(2).stripTrailingZeros().toPlainString() + "\\%";
      case "count", "1" -> value.toPlainString();
      case "us" -> value.toPlainString() + "\\,\\textmu{}s";
      default -> value.toPlainString() + "\\," + LatexEscape.escape(unit);
    };
  }

  /** The expected verdict a plan states, up to its first parenthesis or " if ", LaTeX-escaped; {@code --} when none. */
  static String expectedLatex(JsonValue v) {
    if (v.isAbsent()) {
      return "--";
    }
    String text = v.text();
    for (String end : new String[] {" (", " if "}) {
      int cut = text.indexOf(end);
      text = cut < 0 ? text : text.substring(0, cut);
    }
    return LatexEscape.escape(text);
  }

  /** The rows over one map of computed quantities by key. */
  private record Rows(Map<String, Computed> q) {

    boolean has(String key) {
      return q.containsKey(key);
    }

    boolean available(String key) {
      return q.containsKey(key) && q.get(key).available();
    }

    Cell cell(String key) {
      Computed c = q.get(key);
      return c == null ? Cell.MISSING : Cell.of(c);
    }

    Cell cellOrNull(String key) {
      return has(key) ? cell(key) : null;
    }

    double number(String key) {
      Value v = q.get(key).value();
      return v instanceof Value.Count n ? n.count() : ((Value.Real) v).value();
    }

    List<CollapseRow> collapse() {
      List<CollapseRow> out = new ArrayList<>();
      for (Layout.CollapseStratum s : Layout.collapseStrata()) {
        if (has(s.key() + ".ratio")) {
          out.add(new CollapseRow(s.geometry(), s.loadPct(), s.acks(), s.sendIntervalMicros(), cell(s.key() + ".ratio"),
              cell(s.key() + ".lower"), cell(s.key() + ".upper"), cell(s.key() + ".holm")));
        }
      }
      return out;
    }

    /** Distance on the collapse figure's x axis between two of campaign modeA's strata (unlabelled, packed close). */
    static final double STRATUM_STEP = 0.25;
    /** Distance between two named points of the collapse figure, each with a tick label of its own. */
    static final double POINT_STEP = 1.0;
    /** Extra distance where the campaign changes. */
    static final double CAMPAIGN_GAP = 0.5;
    /**
     * Extra distance where Kafka's points end and the other systems' begin: room for the line and the groups' names.
     */
    static final double SYSTEM_GAP = 2.5;

    /**
     * The collapse figure, every point with a finite factor and interval: modeA's strata by load (0, 50, 90), then the
     * isolation campaign, then every campaign-wide collapse factor ({@link Layout#campaignCollapses}). modeA's strata
     * share one tick (their labels are the supplement's collapse table); every other point has its own. Each point's
     * series is its kind of priority and the clock source its campaign ran on ({@code campaigns}' ledgers).
     */
    CollapseFigure collapseFigure(List<Campaign> campaigns) {
      List<CollapsePoint> out = new ArrayList<>();
      List<CollapseTick> ticks = new ArrayList<>();
      Map<String, CollapseSeries> series = new LinkedHashMap<>();
      Map<String, String> clocks = new LinkedHashMap<>();
      for (Campaign c : campaigns) {
        clocks.put(c.name(), settingLatex(c, LedgerSchema.CLOCKSOURCE, false));
      }
      Placer at = new Placer();
      Set<String> loads = new LinkedHashSet<>();
      Layout.collapseStrata().forEach(s -> loads.add(s.loadPct()));
      double first = Double.NaN;
      double last = Double.NaN;
      for (String load : loads) {
        for (Layout.CollapseStratum s : Layout.collapseStrata()) {
          if (s.loadPct().equals(load) && complete(s.key() + ".ratio", s.key() + ".lower", s.key() + ".upper")) {
            double x = at.next(MODE_A, STRATUM_STEP);
            first = Double.isNaN(first) ? x : first;
            last = x;
            out.add(new CollapsePoint(out.size() + 1, x, number(s.key() + ".ratio"), number(s.key() + ".lower"),
                number(s.key() + ".upper"), load, MODE_A, seriesOf(series, false, clocks, MODE_A).id(),
                s.geometry().substring(0, 2) + "/acks" + s.acks() + "/s" + s.sendIntervalMicros() + "us/L" + load));
          }
        }
      }
      if (!out.isEmpty()) {
        ticks.add(new CollapseTick((first + last) / 2, LatexEscape.escape(MODE_A + " strata")));
      }
      String isolation = CampaignCatalogue.ISOLATION.folder();
      for (String broker : Layout.isolationBrokers()) {
        for (String load : Layout.isolationLoads()) {
          String k = Layout.isolationCollapseKey(broker, load);
          if (complete(k, k + ".lower", k + ".upper")) {
            double x = at.next(isolation, POINT_STEP);
            out.add(new CollapsePoint(out.size() + 1, x, number(k), number(k + ".lower"), number(k + ".upper"), load,
                "isolation-" + broker, seriesOf(series, false, clocks, isolation).id(), "iso/" + broker + "/L" + load));
            ticks.add(new CollapseTick(x, LatexEscape.escape(isolation + " "
                + ("all".equals(broker) ? "free" : "confined")
                + " L" + load)));
          }
        }
      }
      double kafkaLast = out.isEmpty() ? Double.NaN : out.get(out.size() - 1).x();
      double othersFirst = Double.NaN;
      Set<String> others = new LinkedHashSet<>();
      for (Layout.CampaignCollapse cc : Layout.campaignCollapses()) {
        String k = cc.key();
        if (complete(k, k + ".lower", k + ".upper")) {
          boolean other = onOtherSystem(cc.campaign());
          if (other && Double.isNaN(othersFirst)) {
            at.skip(SYSTEM_GAP);
          }
          double x = at.next(cc.campaign(), POINT_STEP);
          if (other) {
            othersFirst = Double.isNaN(othersFirst) ? x : othersFirst;
            others.add(systemName(cc.campaign()));
          } else {
            kafkaLast = x;
          }
          String kind = cc.wholeJvm() ? "JVM" : "threads";
          String name = cc.campaign() + (cc.design().isEmpty() ? "" : " " + cc.design()) + " " + kind;
          out.add(new CollapsePoint(out.size() + 1, x, number(k), number(k + ".lower"), number(k + ".upper"), "none",
              cc.campaign(), seriesOf(series, cc.wholeJvm(), clocks, cc.campaign()).id(), name.replace(' ', '/')));
          ticks.add(new CollapseTick(x, LatexEscape.escape(name)));
        }
      }
      if (out.isEmpty()) {
        return CollapseFigure.EMPTY;
      }
      double xmax = out.get(out.size() - 1).x() + POINT_STEP;
      List<SystemSplit> split = Double.isNaN(othersFirst) || Double.isNaN(kafkaLast) ? List.of()
          : List.of(new SystemSplit((kafkaLast + othersFirst) / 2, (out.get(0).x() + kafkaLast) / 2,
              ((kafkaLast + othersFirst) / 2 + xmax) / 2,
              String.join(",\\\\", others.stream().map(LatexEscape::escape).toList())));
      return new CollapseFigure(out, ticks, List.copyOf(series.values()), xmax, split);
    }

    /** The name of the system a campaign on another system measured, as a reader knows it. */
    private static String systemName(String campaign) {
      for (CampaignCatalogue c : CampaignCatalogue.values()) {
        if (c.folder().equals(campaign)) {
          return c.system() == CampaignCatalogue.MeasuredSystem.RABBITMQ ? "RabbitMQ" : "NATS";
        }
      }
      throw new IllegalStateException("no catalogue entry for campaign " + campaign);
    }

    /** The series of a point: its kind of priority and its campaign's clock source, numbered in order of appearance. */
    private static CollapseSeries seriesOf(Map<String, CollapseSeries> series, boolean wholeJvm, Map<String,
        String> clocks,
                                           String campaign) {
      String clock = clocks.getOrDefault(campaign, "--");
      List<String> seen = new ArrayList<>();
      for (CollapseSeries s : series.values()) {
        if (!seen.contains(s.clockLatex())) {
          seen.add(s.clockLatex());
        }
      }
      int n = seen.contains(clock) ? seen.indexOf(clock) + 1 : seen.size() + 1;
      String id = (wholeJvm ? "jvm" : "threads") + "-c" + n;
      return series.computeIfAbsent(id, i -> new CollapseSeries(i, wholeJvm, (n - 1) % CollapseSeries.STYLES + 1,
          clock));
    }

    /** Places the collapse figure's points along x: a step within a campaign, a step and a gap where it changes. */
    private static final class Placer {
      private double x;
      private String campaign;

      void skip(double distance) {
        x += distance;
      }

      double next(String of, double step) {
        x += campaign == null ? POINT_STEP : of.equals(campaign) ? step : POINT_STEP + CAMPAIGN_GAP;
        campaign = of;
        return x;
      }
    }

    private boolean complete(String... keys) {
      for (String k : keys) {
        if (!available(k)) {
          return false;
        }
      }
      return true;
    }

    List<CurvePoint> exposureCurve() {
      List<CurvePoint> out = new ArrayList<>();
      for (int p = 1; p <= Layout.exposureCurvePoints(); p++) {
        if (complete(Layout.exposureCurveFlightKey(p), Layout.exposureCurveRelErrorKey(p))) {
          out.add(new CurvePoint(number(Layout.exposureCurveFlightKey(p)), number(Layout.exposureCurveRelErrorKey(p))));
        }
      }
      return out;
    }

    List<CurvePoint> lawCurve() {
      List<CurvePoint> out = new ArrayList<>();
      for (int p = 1; p <= Layout.exposureCurvePoints(); p++) {
        if (complete(Layout.exposureCurveFlightKey(p), Layout.exposureLawRelErrorKey(p))) {
          out.add(new CurvePoint(number(Layout.exposureCurveFlightKey(p)), number(Layout.exposureLawRelErrorKey(p))));
        }
      }
      return out;
    }

    List<PublishedPoint> published(List<Integer> rows) {
      List<PublishedPoint> out = new ArrayList<>();
      for (int row : rows) {
        if (complete("exposure.published.flight" + row, "exposure.relError.published" + row)) {
          out.add(new PublishedPoint(row, number("exposure.published.flight" + row),
              number("exposure.relError.published" + row),
              (long) number("exposure.published.percentile" + row)));
        }
      }
      return out;
    }

    List<CurvePoint> bandPoints() {
      List<CurvePoint> out = new ArrayList<>();
      for (int j = 1; j <= Layout.flightBands(); j++) {
        String flight = "onedlaw.band.flight." + MODE_A + ".band" + j;
        String relError = "onedlaw.band.relError." + MODE_A + ".band" + j;
        if (complete(flight, relError)) {
          out.add(new CurvePoint(number(flight), number(relError)));
        }
      }
      return out;
    }

    List<CampaignRow> campaigns(List<Campaign> campaigns) {
      List<CampaignRow> out = new ArrayList<>();
      for (Campaign c : campaigns) {
        String n = c.name();
        if (has("campaign.runs." + n)) {
          out.add(new CampaignRow(n, cell("campaign.runs." + n), cell("campaign.conditions." + n),
              cell("campaign.runsPerCondition." + n), cell("campaign.eventsPerRun." + n),
              cell("campaign.warmupEvents." + n),
              cell("campaign.sendLagP99." + n), settingLatex(c, LedgerSchema.CLOCKSOURCE, false),
              settingLatex(c, LedgerSchema.KERNEL, true), cell("campaign.boots." + n)));
        }
      }
      return out;
    }

    /**
     * The distinct values of a setting column among a campaign's ok runs, in order of first appearance, joined by
     * {@code ", "} and LaTeX-escaped ({@code --} when none); a kernel release is shown by its build, the part after its
     * first hyphen.
     */
    static String settingLatex(Campaign c, LedgerSchema.Column column, boolean build) {
      LinkedHashSet<String> seen = new LinkedHashSet<>();
      for (LedgerRow r : c.runs()) {
        String v = r.field(column);
        if (r.ok() && !v.isEmpty()) {
          seen.add(build && v.indexOf('-') > 0 ? v.substring(v.indexOf('-') + 1) : v);
        }
      }
      return seen.isEmpty() ? "--" : LatexEscape.escape(String.join(", ", seen));
    }

    /** The conditions of a campaign's ok runs, in the registry's order (sorted by name), each with its first ok row. */
    private static Map<String, LedgerRow> conditionsOf(Campaign c) {
      Map<String, LedgerRow> out = new TreeMap<>();
      for (LedgerRow r : c.runs()) {
        if (r.ok()) {
          out.putIfAbsent(r.condition(), r);
        }
      }
      return out;
    }

    /** {@link #conditionsOf(Campaign)} of the campaign named {@code name}; empty when the data has none. */
    private static Map<String, LedgerRow> conditionsOf(List<Campaign> campaigns, String name) {
      return campaigns.stream().filter(c -> c.name().equals(name)).findFirst().map(Rows::conditionsOf).orElse(Map.of());
    }

    List<CampaignConditions> conditions(List<Campaign> campaigns) {
      List<CampaignConditions> out = new ArrayList<>();
      for (Campaign c : campaigns) {
        String n = c.name();
        if (!has("campaign.runs." + n)) {
          continue;
        }
        List<ConditionRow> rows = new ArrayList<>();
        for (String cond : conditionsOf(c).keySet()) {
          String k = n + "." + Layout.conditionSegment(cond);
          if (has("runs." + k)) {
            rows.add(new ConditionRow(cond, cell("runs." + k), cell("gridlaw.b." + k),
                cellOrNull("ackNegative.rate." + k),
                cell("retention.min." + k), cell("retention.median." + k), cell("retention.max." + k),
                cell("gridlaw.agreement." + k), cell("flight.median." + k)));
          }
        }
        out.add(new CampaignConditions(n, rows));
      }
      return out;
    }

    /**
     * The payload campaign's conditions, ordered by the ledger's payload_bytes, then start_phase_us (a missing field
     * last).
     */
    List<PayloadRow> payload(List<Campaign> campaigns) {
      record Keyed(PayloadRow row, long payloadBytes, long phaseMicros) {}
      List<Keyed> rows = new ArrayList<>();
      conditionsOf(campaigns, PAYLOAD).forEach((cond, first) -> {
        String k = PAYLOAD + "." + Layout.conditionSegment(cond);
        if (has("retention.median." + k)) {
          rows.add(new Keyed(new PayloadRow(cond, cell("runs." + k), cell("retention.median." + k),
              cell("retention.min." + k), cell("retention.max." + k), cell("flight.median." + k)),
              whole(first.field(LedgerSchema.PAYLOAD_BYTES)), whole(first.field(LedgerSchema.START_PHASE_US))));
        }
      });
      rows.sort(Comparator.comparingLong(Keyed::payloadBytes).thenComparingLong(Keyed::phaseMicros));
      return rows.stream().map(Keyed::row).toList();
    }

    private static long whole(String ledgerField) {
      return ledgerField.isEmpty() ? Long.MAX_VALUE : Long.parseLong(ledgerField);
    }

    /**
     * Campaign modeB's conditions whose runs have no controlled start phase (ledger start_phase_us empty), by send
     * interval.
     */
    List<RetentionRow> retention(List<Campaign> campaigns) {
      record Keyed(RetentionRow row, double sendIntervalNanos) {}
      List<Keyed> rows = new ArrayList<>();
      conditionsOf(campaigns, MODE_B).forEach((cond, first) -> {
        String k = MODE_B + "." + Layout.conditionSegment(cond);
        if (first.field(LedgerSchema.START_PHASE_US).isEmpty() && available("sendInterval." + k)) {
          rows.add(new Keyed(new RetentionRow(cond, cell("gridlaw.a." + k), cell("gridlaw.b." + k), cell("runs." + k),
              cell("retention.min." + k), cell("retention.median." + k), cell("retention.max." + k),
              cell("gridlaw.agreement." + k), cellOrNull("gridlaw.heldout.condition.medianAbsError." + k),
              cell("flight.median." + k)), number("sendInterval." + k)));
        }
      });
      rows.sort(Comparator.comparingDouble(Keyed::sendIntervalNanos));
      return rows.stream().map(Keyed::row).toList();
    }

    /**
     * Per campaign with a 1/D fit (modeA first, then the data's order), the bands from {@link #FIRST_TABLE_BAND} up.
     */
    List<BandsRow> bands(List<Campaign> campaigns) {
      Set<String> names = new LinkedHashSet<>();
      names.add(MODE_A);
      campaigns.forEach(c -> names.add(c.name()));
      List<BandsRow> out = new ArrayList<>();
      for (String n : names) {
        if (!has("onedlaw.slope." + n)) {
          continue;
        }
        List<Band> bands = new ArrayList<>();
        for (int j = FIRST_TABLE_BAND; j <= Layout.flightBands(); j++) {
          bands.add(new Band(cell("onedlaw.band.runs." + n + ".band" + j),
              cell("onedlaw.band.relError." + n + ".band" + j)));
        }
        out.add(new BandsRow(n, cell("onedlaw.slope." + n), cell("onedlaw.slope.lower." + n),
            cell("onedlaw.slope.upper." + n), cell("onedlaw.verdict." + n), bands));
      }
      return out;
    }

    /**
     * The registered rules and claims of the campaigns whose role is {@code role} ({@link
     * CampaignCatalogue.Role#CONFIRMATORY}: {@code tab-confirm}; {@link CampaignCatalogue.Role#SETTING}: {@code
     * tab-setting}; {@link CampaignCatalogue.Role#CLUSTER}: {@code tab-cluster}).
     */
    List<ConfirmRow> registered(List<Campaign> campaigns, CampaignCatalogue.Role role) {
      List<ConfirmRow> out = new ArrayList<>();
      for (Campaign c : campaigns) {
        if (role(c.name()) != role || c.criteria().isEmpty()) {
          continue;
        }
        JsonValue expected = c.plan().orElseThrow().path("predictions").path("expected_verdicts");
        String prefix = "criterion." + c.name() + ".";
        for (Criteria.Rule rule : c.criteria().get().rules()) {
          boolean interval = rule.comparison().interval();
          out.add(new ConfirmRow(breakable(LatexEscape.escape(rule.id())), LatexEscape.escape(rule.claim()),
              cell(rule.statistic()),
              interval ? cell(rule.lower()) : Cell.MISSING, interval ? cell(rule.upper()) : Cell.MISSING,
              ruleLatex(rule),
              expectedLatex(expected.path(rule.id())), cell(prefix + rule.id())));
        }
        for (Criteria.Claim claim : c.criteria().get().claims()) {
          out.add(new ConfirmRow(breakable(LatexEscape.escape(claim.id())), LatexEscape.escape(claim.claim()),
              Cell.MISSING,
              Cell.MISSING, Cell.MISSING, (claim.all() ? "all of " : "any of ")
              + LatexEscape.escape(String.join(", ", claim.of())),
              expectedLatex(expected.path(claim.id())), cell(prefix + claim.id())));
        }
      }
      return out;
    }

    /**
     * The rules and claims of the campaigns on other systems ({@link CampaignCatalogue.Role#SYSTEM}) with criteria, the
     * manipulation campaigns aside ({@link #SYSTEM_MANIPULATIONS}), one
     * row per id in the first such campaign's plan order, each campaign's cells in catalogue order; a campaign whose
     * plan lacks the id gets {@link Cell#MISSING} cells.
     */
    List<SystemRow> systems(List<Campaign> campaigns) {
      List<Campaign> on = new ArrayList<>();
      for (CampaignCatalogue k : CampaignCatalogue.values()) {
        campaigns.stream().filter(c -> c.name().equals(k.folder()) && onOtherSystem(c.name())
            && c.criteria().isPresent()
            && !SYSTEM_MANIPULATIONS.contains(c.name())).forEach(on::add);
      }
      List<SystemRow> out = new ArrayList<>();
      if (on.isEmpty()) {
        return out;
      }
      Criteria.Section first = on.get(0).criteria().get();
      for (Criteria.Rule rule : first.rules()) {
        List<Cell> stats = new ArrayList<>();
        List<Cell> verdicts = new ArrayList<>();
        for (Campaign c : on) {
          Optional<Criteria.Rule> mine = c.criteria().get().rules().stream()
              .filter(x -> x.id().equals(rule.id())).findFirst();
          stats.add(mine.map(x -> cell(x.statistic())).orElse(Cell.MISSING));
          verdicts.add(mine.map(x -> cell("criterion." + c.name() + "." + x.id())).orElse(Cell.MISSING));
        }
        out.add(new SystemRow(LatexEscape.escape(rule.id()), ruleLatex(rule), stats, verdicts));
      }
      for (Criteria.Claim claim : first.claims()) {
        List<Cell> verdicts = new ArrayList<>();
        for (Campaign c : on) {
          boolean has = c.criteria().get().claims().stream().anyMatch(x -> x.id().equals(claim.id()));
          verdicts.add(has ? cell("criterion." + c.name() + "." + claim.id()) : Cell.MISSING);
        }
        out.add(new SystemRow(LatexEscape.escape(claim.id()), (claim.all() ? "all of " : "any of ")
            + LatexEscape.escape(String.join(", ", claim.of())), on.stream().map(c -> Cell.MISSING).toList(),
            verdicts));
      }
      return out;
    }

    /** The other systems' measured exposure points, for the systems whose two entries have a value. */
    List<SystemPoint> systemPoints() {
      List<SystemPoint> out = new ArrayList<>();
      for (String s : EXPOSURE_SYSTEMS) {
        Computed t = q.get(s + ".flightMedian.si1ms");
        Computed e = q.get(s + ".exposure.si1ms");
        if (t != null && e != null && t.value() instanceof Value.Real tr && e.value() instanceof Value.Real er) {
          out.add(new SystemPoint(s, tr.value(), er.value()));
        }
      }
      return out;
    }

    /**
     * The original study's claims: a claim row (one with a summary key, {@link ftl.quantity.verdict.ClaimTests}) with
     * every test of it; a row that is a size with our figure.
     */
    List<ReplicationRow> replication(List<OriginalStudy.Claim> original, List<Campaign> campaigns,
                                     Map<String, Registration> registrations, Set<String> notTests) {
      List<String> verdictKeys = q.values().stream().filter(c -> c.quantity().format() == Format.VERDICT)
          .map(c -> c.quantity().key()).toList();
      List<ReplicationRow> out = new ArrayList<>();
      for (OriginalStudy.Claim c : original) {
        Optional<ClaimTests.Claim> claim = ClaimTests.bySummaryKey(c.verdictKey());
        // A row without our_key reads as one empty key (OriginalStudy splits the cell): it names no figure of ours.
        List<Cell> ours = String.join("", c.ourKeys()).isEmpty() ? null : c.ourKeys().stream().map(this::cell).toList();
        List<ReplicationTest> tests = new ArrayList<>();
        for (ClaimTests.Found f : claim.map(k -> ClaimTests.testsOf(k, verdictKeys,
            notTests)).orElse(List.of())) {
          tests.add(test(f, campaigns, registrations.get(f.verdictKey())));
        }
        out.add(new ReplicationRow(LatexEscape.escape(c.claim()), LatexEscape.escape(c.original()), ours,
            LatexEscape.escape(c.note()), claim.isPresent() ? cell(c.verdictKey()) : null, tests));
      }
      return out;
    }

    /** One test's row: its registration's kind and campaigns, their ledgers' setting and design, its figure. */
    private ReplicationTest test(ClaimTests.Found f, List<Campaign> campaigns,
                                 Registration reg) {
      List<String> names = reg == null ? List.of() : reg.campaigns();
      List<Campaign> measured = campaigns.stream().filter(c -> names.contains(c.name())).toList();
      Cell estimate = f.statistic().isEmpty() ? Cell.MISSING : cell(f.statistic());
      Cell lower = f.lower().isEmpty() ? Cell.MISSING : cell(f.lower());
      Cell upper = f.upper().isEmpty() ? Cell.MISSING : cell(f.upper());
      Optional<Criteria.Rule> rule = ruleOf(f.verdictKey(), campaigns);
      if (rule.isPresent()) {
        boolean interval = rule.get().comparison().interval();
        estimate = cell(rule.get().statistic());
        lower = interval ? cell(rule.get().lower()) : Cell.MISSING;
        upper = interval ? cell(rule.get().upper()) : Cell.MISSING;
      }
      Set<String> hosts = new LinkedHashSet<>();
      Set<String> designs = new LinkedHashSet<>();
      for (Campaign c : measured) {
        if (c.runs().stream().anyMatch(LedgerRow::ok)) {
          hosts.add(settingLatex(c, LedgerSchema.CLOCKSOURCE, false) + ", "
              + settingLatex(c, LedgerSchema.KERNEL, true));
          designs.add(design(c));
        }
      }
      return new ReplicationTest(LatexEscape.escape(f.name()),
          LatexEscape.escape(reg == null ? VerdictKind.EXPLORATORY.word() : reg.kind().word()),
          names.isEmpty() ? "--" : LatexEscape.escape(String.join(", ", names)),
          hosts.isEmpty() ? "--" : String.join("; ", hosts), designs.isEmpty() ? "--" : String.join("; ", designs),
          measured.isEmpty() ? Cell.MISSING : cell("campaign.eventsPerRun." + measured.get(0).name()), estimate, lower,
          upper, cell(f.verdictKey()));
    }

    /**
     * The plan rule a verdict key {@code criterion.<campaign>.<id>} judges by; empty for any other key or a plan claim.
     */
    static Optional<Criteria.Rule> ruleOf(String verdictKey, List<Campaign> campaigns) {
      for (Campaign c : campaigns) {
        String prefix = "criterion." + c.name() + ".";
        if (verdictKey.startsWith(prefix) && c.criteria().isPresent()) {
          String id = verdictKey.substring(prefix.length());
          return c.criteria().get().rules().stream().filter(r -> r.id().equals(id)).findFirst();
        }
      }
      return Optional.empty();
    }

    /**
     * A campaign's run design, as its ok runs' ledger rows record it: in blocks (more than one {@code block}) or serial
     * (runs back to back), on fresh brokers (more than one {@code broker_lifetime}) or on one.
     */
    static String design(Campaign c) {
      Set<String> blocks = new LinkedHashSet<>();
      Set<String> brokers = new LinkedHashSet<>();
      for (LedgerRow r : c.runs()) {
        if (r.ok()) {
          blocks.add(r.field(LedgerSchema.BLOCK));
          brokers.add(r.field(LedgerSchema.BROKER_LIFETIME));
        }
      }
      return (blocks.size() > 1 ? "blocks" : "serial") + ", " + (brokers.size() > 1 ? "fresh brokers" : "one broker");
    }
  }
}
