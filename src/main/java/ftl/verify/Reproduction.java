package ftl.verify;

import ftl.data.DataSet;
import ftl.data.io.Echo;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.emit.Emitter;
import ftl.emit.OriginalStudy;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Computed;
import ftl.quantity.core.LatexEscape;
import ftl.quantity.core.Naming;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.RunSummaryCache;
import ftl.quantity.core.ScanNeeds;
import ftl.quantity.core.Value;
import ftl.quantity.section.GridLawHeldOutQuantities;
import ftl.quantity.section.TimelineQuantities;
import ftl.stats.ExactFraction;
import ftl.stats.GridLaw;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Recomputes every quantity from the data, renders the generated files, compares them with what is
 * committed, checks the texts against the quantities, and verifies {@code SHA256SUMS}.
 */
public final class Reproduction {

  /** Everything a reproduction found. */
  public record Report(DataSet data, List<Computed> quantities, List<Emitter.Output> outputs,
                       List<String> staleOutputs, List<String> textProblems, List<Manifest.Problem> manifest,
                       String dataDigest, List<Census.Entry> census) {

    public Report {
      quantities = List.copyOf(quantities);
      outputs = List.copyOf(outputs);
      staleOutputs = List.copyOf(staleOutputs);
      textProblems = List.copyOf(textProblems);
      manifest = List.copyOf(manifest);
      census = List.copyOf(census);
    }

    /** Numbers of the texts that no macro, checked {@code \\ftlQuantity{key}{text}} or allow-list entry traces. */
    public List<Census.Entry> untraced() {
      return census.stream().filter(e -> e.kind() == Census.Kind.UNTRACED).toList();
    }

    public List<Computed> unavailable() {
      return quantities.stream().filter(c -> !c.available()).toList();
    }

    /** True when anything disagrees, or a folder of the archive's data root is not a campaign it declares. */
    public boolean disagrees() {
      return !staleOutputs.isEmpty() || !textProblems.isEmpty() || !manifest.isEmpty() || !untraced().isEmpty()
          || !data.undeclared().isEmpty();
    }
  }

  private Reproduction() {}

  /**
   * What {@code check} and {@code list} warn and {@code reproduce} fails with for a folder of the archive's data root
   * that the catalogue does not declare ({@link DataSet#undeclared()}), naming it.
   */
  public static String undeclared(DataSet data, String folder) {
    return data.displayRoot() + "/" + folder + " is a folder the archive's catalogue of campaigns does not declare "
        + "(ftl.quantity.core.CampaignCatalogue): it is not read, and adds nothing to any number; a campaign of your "
        + "own belongs outside data/ (ftl campaign run PLAN writes beside the plan, ftl report DIR reads it)";
  }

  /**
   * Runs a reproduction whose per-run results come through {@code summaries}; the CLI passes a cache that
   * scans every run and only stores the results, so a reproduction never trusts a stored summary.
   *
   * @param archiveRoot the archive
   * @param dataRoot the data root to compute from
   * @param write write changed generated files (otherwise only compare)
   * @param summaries where the per-run results come from ({@link RunSummaryCache#NONE}: every run scanned)
   */
  public static Report run(Path archiveRoot, Path dataRoot, boolean write, RunSummaryCache summaries)
      throws IOException {
    String display = displayName(archiveRoot, dataRoot);
    DataSet data = DataSet.scan(dataRoot, display, declared(archiveRoot, dataRoot));
    PlanHistory.verify(data); // each plan as the commits its runs name hold it (issue 43)
    RegistrationHistory.verify(data); // and each registration row as history has it
    List<Computed> computed = new ArrayList<>();
    String digest = dataDigest(data);
    List<Emitter.Output> outputs = render(archiveRoot, data, computed, digest, summaries);
    List<String> stale = new ArrayList<>();
    for (Emitter.Output o : outputs) {
      String current = ArchiveFiles.readIfRegular(archiveRoot, o.path());
      if (o.content().equals(current)) {
        continue;
      }
      if (write) {
        ArchiveFiles.writeAtomically(archiveRoot, o.path(), o.content().getBytes(StandardCharsets.UTF_8));
      } else {
        stale.add(o.path() + ": " + (current == null ? "missing" : "stale: differs from what " + o.template()
            + " gives from the data"));
      }
    }
    TextSources texts = TextSources.read(archiveRoot);
    List<String> text = textProblems(texts, computed);
    List<Census.Entry> census = Census.take(texts, computed, OriginalStudy.read(archiveRoot),
        Census.allowList(archiveRoot));
    List<Manifest.Problem> manifest = Manifest.verify(archiveRoot);
    return new Report(data, computed, outputs, stale, text, manifest, digest, census);
  }

  /**
   * One row per ok run of every instrument, for figure data: campaign, condition, run, the fields the
   * figures plot, each pre-formatted with {@link java.util.Locale#ROOT} so output is locale-independent.
   */
  static List<Map<String, Object>> runRows(Analysis analysis) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (String instrument : List.of(Instrument.KAFKA.word(), Instrument.PYTHON_NOJVM.word())) {
      if (!analysis.has(instrument)) {
        continue;
      }
      for (ScannedRun r : analysis.runs(instrument)) {
        Map<String, Object> m = new LinkedHashMap<>();
        // Figure data is read by pgfplots: identifiers are whitelisted, numbers re-printed from their values.
        m.put("campaign", identifier(r.campaign().name()));
        m.put("condition", identifier(r.row().condition()));
        m.put("run", identifier(r.row().runId()));
        m.put("instrument", instrument);
        m.put("sendIntervalNs", integer(r.field(LedgerSchema.SEND_INTERVAL_NS)));
        m.put("payloadBytes", integer(r.field(LedgerSchema.PAYLOAD_BYTES)));
        m.put("startPhaseUs", integer(r.field(LedgerSchema.START_PHASE_US)));
        m.put("firstSendPhaseUs", Long.toString(r.firstSendPhaseMicros()));
        m.put("retention", fixed(r.retention(), 4));
        m.put("predictedRetention", fixed(r.grid().events() == 0 ? Double.NaN : r.grid().predictedRetention().value(),
            4));
        m.put("heldOutRetention", fixed(GridLawHeldOutQuantities.predictedRetention(analysis, r), 4));
        m.put("medianFlightUs", fixed(r.guard().medianFlightNanos() / 1000.0, 1));
        m.put("medianDisplacementUs", fixed(r.medianDisplacementNanos() / 1000.0, 1));
        m.put("guardMedianMs", fixed(r.guard().kept() == 0 ? Double.NaN : r.guard().guardMedianMillis(), 0));
        m.put("ombInflation", fixed(r.ombInflation(), 4));
        m.put("ackNegativeRate", fixed(r.ackNegativeRate().value(), 5));
        m.put("priority", r.field(LedgerSchema.PRIORITY).isEmpty() ? "" : identifier(r.field(LedgerSchema.PRIORITY)));
        m.put("geometry", r.field(LedgerSchema.GEOMETRY).isEmpty() ? "" : identifier(r.field(LedgerSchema.GEOMETRY)));
        m.put("loadPct", integer(r.field(LedgerSchema.LOAD_PCT)));
        m.put("loadMeasuredPct", decimal(r.field(LedgerSchema.LOAD_MEASURED_PCT)));
        out.add(m);
      }
    }
    Map<String, Map<Long, Integer>> ranks = sendIntervalRanks(out);
    for (Map<String, Object> m : out) {
      String s = (String) m.get("sendIntervalNs");
      m.put("sendIntervalRank", s.isEmpty() ? "" : Integer.toString(ranks.get((String) m.get("campaign"))
          .get(Long.parseLong(s))));
    }
    return out;
  }

  /**
   * Per campaign, the rank (from 1, ascending) of each distinct send interval of its runs ({@code sendIntervalNs} of
   * {@link #runRows}): the x position of a figure that sets a campaign's send intervals side by side, evenly spaced, so
   * that two close ratios (s/q of 1 and 1.013) are not drawn on top of one another.
   */
  static Map<String, Map<Long, Integer>> sendIntervalRanks(List<Map<String, Object>> runs) {
    Map<String, TreeSet<Long>> intervals = new LinkedHashMap<>();
    for (Map<String, Object> m : runs) {
      String s = (String) m.get("sendIntervalNs");
      if (!s.isEmpty()) {
        intervals.computeIfAbsent((String) m.get("campaign"), c -> new TreeSet<>()).add(Long.parseLong(s));
      }
    }
    Map<String, Map<Long, Integer>> out = new LinkedHashMap<>();
    intervals.forEach((campaign, set) -> {
      Map<Long, Integer> rank = new LinkedHashMap<>();
      set.forEach(v -> rank.put(v, rank.size() + 1));
      out.put(campaign, rank);
    });
    return out;
  }

  /**
   * A send interval placed on a figure's axis by its rank ({@link #sendIntervalRanks}), with its ratio to the 1 ms
   * quantum in lowest terms ({@code sq}: {@code 1013/1000}) and the tick label that prints it: the quantities
   * {@code gridlaw.a} and {@code gridlaw.b} of a condition of that interval as {@code \ftlQuantity} links, which
   * {@code ./ftl check-pdf} traces (issue 59: a computed number is traced), or {@code sq} where the registry has none.
   */
  public record SendIntervalTick(int rank, String sq, String label) {}

  /** One campaign's send intervals as an axis' ticks, by rank. */
  public record SendIntervalAxis(String campaign, List<SendIntervalTick> ticks) {
    public SendIntervalAxis {
      ticks = List.copyOf(ticks);
    }
  }

  /**
   * Every campaign's send intervals as ticks, from the same ranking as the run rows' {@code sendIntervalRank}; each
   * label links the grid law's a and b of the first condition with that interval ({@code byKey}: the computed
   * quantities).
   */
  static List<SendIntervalAxis> sendIntervalAxes(List<Map<String, Object>> runs, Map<String, Computed> byKey) {
    List<SendIntervalAxis> out = new ArrayList<>();
    sendIntervalRanks(runs).forEach((campaign, ranks) -> {
      List<SendIntervalTick> ticks = new ArrayList<>();
      ranks.forEach((interval, rank) -> {
        ExactFraction f = GridLaw.reduce(interval, ScanNeeds.QUANTUM_NANOS);
        String sq = f.numerator() + "/" + f.denominator();
        String label = sq;
        for (Map<String, Object> r : runs) {
          if (campaign.equals(r.get("campaign")) && Long.toString(interval).equals(r.get("sendIntervalNs"))
              && r.get("condition") != null) {
            String base = campaign + "." + Naming.slug((String) r.get("condition"));
            Computed a = byKey.get("gridlaw.a." + base);
            Computed b = byKey.get("gridlaw.b." + base);
            if (a != null && b != null && a.available() && b.available()) {
              label = linked(a) + "/" + linked(b);
            }
            break;
          }
        }
        ticks.add(new SendIntervalTick(rank, sq, label));
      });
      out.add(new SendIntervalAxis(campaign, ticks));
    });
    return out;
  }

  /** A quantity as an emitted table prints it: {@code \ftlQuantity{key}{text}}. */
  private static String linked(Computed c) {
    return "\\ftlQuantity{" + LatexEscape.escape(c.quantity().key()) + "}{" + c.latex() + "}";
  }

  private static Map<String, Computed> byKey(List<Computed> computed) {
    Map<String, Computed> m = new LinkedHashMap<>();
    computed.forEach(c -> m.put(c.quantity().key(), c));
    return m;
  }

  /** An identifier from data for figure data; the ledger reader has whitelisted it, this is a second line. */
  private static String identifier(String s) {
    if (!Identifiers.safe(s)) {
      throw new IllegalStateException("identifier not whitelisted reached the figure data: " + Echo.of(s));
    }
    return s;
  }

  /** An integer cell re-printed from its value ("" when empty); the ledger reader has checked it parses. */
  private static String integer(String s) {
    return s.isEmpty() ? "" : Long.toString(Long.parseLong(s));
  }

  /** A decimal cell passed through only when it is a plain decimal number ("" when empty). */
  private static String decimal(String cell) {
    String s = cell;
    if (!s.isEmpty() && !s.matches("-?[0-9]{1,18}(\\.[0-9]{1,18})?")) {
      // a finite number in another notation the ledger reader accepts ("1e2"), within its column's range: re-printed
      // plain
      try {
        BigDecimal d = new BigDecimal(s.strip());
        s = d.setScale(Math.min(Math.max(d.scale(), 0), 18), RoundingMode.HALF_EVEN).toPlainString();
      } catch (NumberFormatException e) {
        // refused below
      }
    }
    if (!s.isEmpty() && !s.matches("-?[0-9]{1,18}(\\.[0-9]{1,18})?")) {
      throw new IllegalStateException("decimal not plain reached the figure data: " + Echo.of(s));
    }
    return s;
  }

  private static String fixed(double v, int decimals) {
    return Double.isNaN(v) ? "nan" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /**
   * Computes every quantity of a data set (appending them to {@code computed}) and renders every template
   * of the archive with them: what {@code reproduce} compares with the committed generated files.
   */
  public static List<Emitter.Output> render(Path archiveRoot, DataSet data, List<Computed> computed, String digest) {
    return render(archiveRoot, data, computed, digest, RunSummaryCache.NONE);
  }

  /** As {@link #render(Path, DataSet, List, String)}, with per-run results through {@code summaries}. */
  public static List<Emitter.Output> render(Path archiveRoot, DataSet data, List<Computed> computed, String digest,
                                            RunSummaryCache summaries) {
    Analysis analysis = new Analysis(data, summaries);
    // every quantity is computed: every campaign is read first, on every core
    Registry[] registry = new Registry[1];
    computed.addAll(Computed.allAfterReading(() -> (registry[0] = Registry.forData(data)).all(), analysis));
    List<Map<String, Object>> audit = new ArrayList<>();
    for (Map<String, String> row : Registry.auditRows(data)) {
      Map<String, Object> m = new LinkedHashMap<>();
      row.forEach((k, v) -> m.put(k, LatexEscape.escape(v)));
      // The same cell as words (an audit verdict such as silently_dropped reads "silently dropped"), made here so the
      // template only lays the cells out.
      row.forEach((k, v) -> m.put(k + "_words", LatexEscape.escape(v.replace('_', ' '))));
      audit.add(m);
    }
    List<Map<String, Object>> runs = runRows(analysis);
    return new Emitter(archiveRoot).render(data, computed, runs, audit,
        Map.of("timeline", TimelineQuantities.rows(analysis), Emitter.REGISTRATIONS,
            registry[0].registrations(), Emitter.NOT_TESTS, List.copyOf(registry[0].notTests().keySet()),
            "sendIntervalAxes", sendIntervalAxes(runs, byKey(computed))), digest);
  }

  /** Places where a text quotes a quantity that has no value. */
  static List<String> textProblems(TextSources texts, List<Computed> computed) {
    List<String> out = new ArrayList<>();
    for (Computed c : computed) {
      if (c.available()) {
        continue;
      }
      for (TextSources.Place p : texts.macroUses(c.quantity().macro())) {
        out.add(p.file() + ":" + p.line() + ": quotes \\" + c.quantity().macro() + " but " + c.quantity().key()
            + " has no value (" + ((Value.Unavailable) c.value()).reason() + ")");
      }
    }
    return out;
  }

  /**
   * SHA-256 identifying the data: over every file of the data root but the campaigns' events files (the
   * ledgers carry their SHA-256, so they cover the events too), in path order.
   */
  public static String dataDigest(DataSet data) {
    return data.digest();
  }

  /** The data root as messages name it: relative to the archive when inside it. */
  /**
   * The folders the archive's catalogue declares ({@link CampaignCatalogue#folders()}) when {@code dataRoot} is the
   * archive's own {@code data/} (the same folder, links resolved), else null: a data root named elsewhere
   * ({@code --data}, a copy, a user's) is read whole. {@link DataSet#scan(Path, String, java.util.Set)} applies them
   * only to a root whose own dictionary is the archive's too.
   */
  public static java.util.Set<String> declared(Path archiveRoot, Path dataRoot) {
    return sameFolder(archiveRoot.resolve("data"), dataRoot) ? CampaignCatalogue.folders() : null;
  }

  private static boolean sameFolder(Path a, Path b) {
    Path x = a.toAbsolutePath().normalize();
    Path y = b.toAbsolutePath().normalize();
    try {
      return x.equals(y) || java.nio.file.Files.isSameFile(x, y);
    } catch (IOException e) {
      return false; // one of them does not exist: not the same folder
    }
  }

  public static String displayName(Path archiveRoot, Path dataRoot) {
    Path a = archiveRoot.toAbsolutePath().normalize();
    Path d = dataRoot.toAbsolutePath().normalize();
    return d.startsWith(a) && !d.equals(a) ? a.relativize(d).toString().replace('\\', '/') : d.toString();
  }
}
