package ftl.data.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one declaration of the ledger ({@link LedgerSchema}) against what is published and what exists: the data
 * dictionary {@code data/datapackage.json} holds exactly its fields and version, every committed Kafka ledger is
 * one of its layouts, and the writer ({@link LedgerCells}) and the reader refuse what it does not allow.
 */
class LedgerSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DATA = Path.of("data");

  private static JsonNode ledgerResource() throws IOException {
    for (JsonNode r : JSON.readTree(DATA.resolve(DataDictionary.FILE).toFile()).path("resources")) {
      if (r.path("name").asText().equals("ledger")) {
        return r;
      }
    }
    throw new AssertionError("no ledger resource in data/datapackage.json");
  }

  /**
   * The published fields are the declared ones. On a difference the declared fields are written to
   * {@code target/ledger-schema-fields.json}, one per line, ready to paste into the dictionary.
   */
  @Test
  void fieldsJson_dataDictionary_publishesExactlyTheDeclaredFields() throws IOException {
    List<Map<String, Object>> declared = LedgerSchema.fieldsJson();
    JsonNode published = ledgerResource().path("schema").path("fields");
    List<String> lines = new ArrayList<>();
    for (Map<String, Object> f : declared) {
      lines.add(JSON.writeValueAsString(f));
    }
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/ledger-schema-fields.json"), String.join("\n", lines) + "\n",
        StandardCharsets.UTF_8);
    assertThat(published).as("data/datapackage.json ledger fields (declared ones in target/ledger-schema-fields.json)")
        .isEqualTo(JSON.valueToTree(declared));
  }

  @Test
  void version_dataDictionary_publishesTheDeclaredVersion() throws IOException {
    assertThat(ledgerResource().path("schema").path("version").asInt()).isEqualTo(LedgerSchema.VERSION);
    List<LedgerSchema.Version> all = LedgerSchema.Version.all();
    assertThat(all.get(all.size() - 1).number()).isEqualTo(LedgerSchema.VERSION);
    assertThat(new LedgerSchema.Version(LedgerSchema.VERSION).columns()).isEqualTo(LedgerSchema.harnessColumns());
  }

  static final Path LAYOUTS = Path.of("src/test/resources/ftl/data/ledger/layouts.txt");

  /** The derived chain, one change a line as {@code layouts.txt} writes it: {@code <version> <change>}. */
  static List<String> derivedChain() {
    List<String> out = new ArrayList<>();
    for (LedgerSchema.Version v : LedgerSchema.Version.all()) {
      v.changes().forEach(c -> out.add(v.number() + " " + c));
    }
    return out;
  }

  /** The pinned chain's lines, comments left out. */
  static List<String> pinnedChain() throws IOException {
    return Files.readAllLines(LAYOUTS, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank() && !l.startsWith("#"))
        .toList();
  }

  /**
   * The layout history, derived from the declarations, agrees with the published one: every version pinned in
   * {@code layouts.txt} changed exactly what it lists (a column or word added to a published layout would rewrite it),
   * every version but the newest is pinned, and no version is empty. The newest may still change: adding a column
   * with {@code since(VERSION + 1)} is one declaration.
   */
  @Test
  void changes_publishedLayouts_areTheDerivedChain() throws IOException {
    List<String> derived = derivedChain();
    List<String> pinned = pinnedChain();
    int pinnedUpTo = pinned.stream().mapToInt(l -> Integer.parseInt(l.split(" ")[0])).max().orElse(0);
    List<String> derivedPinned = derived.stream().filter(l -> Integer.parseInt(l.split(" ")[0]) <= pinnedUpTo).toList();
    assertThat(derivedPinned)
        .as("the chain of layouts 1..%d derived from LedgerSchema's declarations (each column's since, "
        + "each word's wordSince) against %s: a published layout is never rewritten; declare the new column or word "
        + "with since(%d)", pinnedUpTo, LAYOUTS, LedgerSchema.VERSION + 1).isEqualTo(pinned);
    assertThat(pinnedUpTo).as("every layout but the newest is pinned in %s; append:%n%s", LAYOUTS,
        String.join("\n", derived.subList(pinned.size(), derived.size())))
        .isGreaterThanOrEqualTo(LedgerSchema.VERSION - 1);
    for (LedgerSchema.Version v : LedgerSchema.Version.all()) {
      assertThat(v.changes()).as("version %d changes something", v.number()).isNotEmpty();
    }
  }

  @Test
  void changes_aWordAddedToAnOldColumn_isItsOwnLine() {
    // the word quorum came with version 11, after its column (version 8): a line of its own, not in version 8
    assertThat(new LedgerSchema.Version(11).changes()).contains("+acks_covering_several", "queue_type=quorum");
    assertThat(new LedgerSchema.Version(8).changes()).containsExactly("+queue_type");
    assertThat(new LedgerSchema.Version(3).changes()).contains("-send_schedule", "priority=fifo-jvm");
    assertThat(LedgerSchema.QUEUE_TYPE.since("quorum")).isEqualTo(11);
    assertThat(LedgerSchema.QUEUE_TYPE.since("classic")).isEqualTo(8);
  }

  @Test
  void column_aWordSinceBeforeItsColumnOrNotAllowed_isRefused() {
    assertThatThrownBy(() -> LedgerSchema.QUEUE_TYPE.wordSince("quorum", 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("came after the column");
    assertThatThrownBy(() -> LedgerSchema.QUEUE_TYPE.wordSince("lazy", 12)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be an allowed word");
  }

  /** {@code version N} as the dictionary's prose names a ledger layout. */
  private static final java.util.regex.Pattern VERSION_PROSE = java.util.regex.Pattern.compile("\\bversion (\\d+)");

  /** The ledger versions a description names, by {@link #VERSION_PROSE}. */
  static List<Integer> versionsNamed(String description) {
    List<Integer> out = new ArrayList<>();
    java.util.regex.Matcher m = VERSION_PROSE.matcher(description);
    while (m.find()) {
      out.add(Integer.parseInt(m.group(1)));
    }
    return out;
  }

  /**
   * The dictionary's prose agrees with the declarations (it said "version 10" beside {@code "version": 11} once): the
   * ledger resource's description names no version but the declared one, a ledger field's description only its
   * column's or one of its words' version, and a description elsewhere ("ledger version 11") only a declared version
   * that changed something.
   */
  @Test
  void prose_dataDictionary_namesOnlyTheDeclaredVersions() throws IOException {
    JsonNode ledger = ledgerResource();
    List<String> wrong = new ArrayList<>();
    for (int v : versionsNamed(ledger.path("description").asText())) {
      if (v != LedgerSchema.VERSION) {
        wrong.add("ledger resource description: version " + v + " (declared: " + LedgerSchema.VERSION + ")");
      }
    }
    for (JsonNode f : ledger.path("schema").path("fields")) {
      LedgerSchema.Column c = LedgerSchema.column(f.path("name").asText()).orElseThrow();
      List<Integer> own = new ArrayList<>(List.of(c.since()));
      c.allowed().forEach(w -> own.add(c.since(w)));
      for (int v : versionsNamed(f.path("description").asText())) {
        if (!own.contains(v)) {
          wrong.add("ledger field " + c.name() + ": version " + v + " (its column and words: " + own + ")");
        }
      }
    }
    for (JsonNode r : JSON.readTree(DATA.resolve(DataDictionary.FILE).toFile()).path("resources")) {
      if (r.path("name").asText().equals("ledger")) {
        continue;
      }
      for (JsonNode f : r.path("schema").path("fields")) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("ledger version (\\d+)")
            .matcher(f.path("description").asText());
        while (m.find()) {
          int v = Integer.parseInt(m.group(1));
          if (v < 1 || v > LedgerSchema.VERSION) {
            wrong.add(r.path("name").asText() + " field " + f.path("name").asText() + ": ledger version " + v);
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
  }

  @Test
  void prose_theCheck_seesAStaleVersion() {
    assertThat(versionsNamed("The fields are those of the ledger schema, version 10, in order; quorum (version 11)"))
        .containsExactly(10, 11);
    assertThat(versionsNamed("no number here, the versions of the layouts")).isEmpty();
  }

  static Stream<Arguments> committedLedgers() throws IOException {
    List<Arguments> out = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(DATA)) {
      for (Path d : dirs.sorted().toList()) {
        Path ledger = d.resolve(EventFormat.LEDGER_FILE);
        // the tools' ledgers (OpenMessaging Benchmark's: OmbLedgerReader; RabbitMQ PerfTest's: PerfTestReader) are
        // formats of their own
        if (Files.isRegularFile(ledger)
            && !List.of("omb-real", "omb-rabbitmq", "omb-nats", "perftest").contains(d.getFileName().toString())) {
          out.add(Arguments.of(d.getFileName().toString(), ledger));
        }
      }
    }
    return out.stream();
  }

  /** A committed Kafka ledger is never rewritten, so the schema declares the layout it has. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("committedLedgers")
  void versionOf_committedKafkaLedger_isADeclaredLayout(String campaign, Path ledger) throws IOException {
    String text = Files.readString(ledger, StandardCharsets.UTF_8);
    List<String> header = List.of(text.substring(0, text.indexOf('\n')).split(",", -1));
    Map<String, String> firstRow = new LinkedHashMap<>();
    List<String> cells = List.of(text.split("\n", 3)[1].split(",", -1));
    for (int i = 0; i < header.size() && i < cells.size(); i++) {
      firstRow.put(header.get(i), cells.get(i));
    }
    boolean kafka = header.contains("instrument") && Instrument.KAFKA.word().equals(firstRow.get("instrument"));
    if (kafka) {
      assertThat(LedgerSchema.Version.of(header)).as(campaign + " header").isPresent();
    } else {
      assertThat(header).as(campaign + ": another instrument's ledger still starts with the required columns")
          .containsAll(EventFormat.LEDGER_REQUIRED);
    }
  }

  @Test
  void versionOf_committedCampaigns_haveTheirKnownLayouts() throws IOException {
    Map<String, LedgerSchema.Version> expected = Map.ofEntries(Map.entry("modeA", new LedgerSchema.Version(1)),
        Map.entry("modeB", new LedgerSchema.Version(1)), Map.entry("isolation", new LedgerSchema.Version(1)),
        Map.entry("payload", new LedgerSchema.Version(1)), Map.entry("omb-matched", new LedgerSchema.Version(1)),
        Map.entry("replay", new LedgerSchema.Version(2)), Map.entry("clockoffset", new LedgerSchema.Version(3)),
        Map.entry("delivery", new LedgerSchema.Version(3)), Map.entry("fifojvm", new LedgerSchema.Version(3)),
        Map.entry("rabbitmq", new LedgerSchema.Version(7)), Map.entry("nats", new LedgerSchema.Version(7)));
    for (Map.Entry<String, LedgerSchema.Version> e : expected.entrySet()) {
      String first = Files.readAllLines(DATA.resolve(e.getKey()).resolve(EventFormat.LEDGER_FILE)).get(0);
      assertThat(LedgerSchema.Version.of(List.of(first.split(",", -1)))).as(e.getKey()).contains(e.getValue());
    }
  }

  @Test
  void required_declaredColumns_areTheFiveOfTheDataFormatContract() {
    assertThat(EventFormat.LEDGER_REQUIRED).containsExactly("run_id", "condition", "status", "events_file",
        "events_sha256");
    assertThat(LedgerSchema.harnessColumns().subList(0, 5)).isEqualTo(EventFormat.LEDGER_REQUIRED);
  }

  @Test
  void version_unknownHeader_isEmpty() {
    assertThat(LedgerSchema.Version.of(List.of("run_id", "condition", "status", "events_file", "events_sha256")))
        .isEmpty();
  }

  static Stream<Arguments> manipulationCells() {
    return Stream.of(
        Arguments.of("older ledger without the columns", Map.of(), true),
        Arguments.of("every column applied", Map.of("priority_applied", "applied", "geometry_applied", "applied",
        "load_applied", "applied"), true),
        Arguments.of("empty cells", Map.of("priority_applied", "", "geometry_applied", "", "load_applied", ""), true),
        Arguments.of("priority refused", Map.of("priority_applied", "refused", "geometry_applied", "applied"), false),
        Arguments.of("geometry refused", Map.of("geometry_applied", "refused"), false),
        Arguments.of("load refused", Map.of("priority_applied", "applied", "load_applied", "refused"), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("manipulationCells")
  void manipulationsApplied_cells_isTheOneRule(String label, Map<String, String> cells, boolean applied) {
    assertThat(LedgerSchema.manipulationsApplied(cells)).isEqualTo(applied);
    Map<String, String> fields = new LinkedHashMap<>(cells);
    assertThat(new LedgerRow("r1", "c", RunStatus.OK, "e.csv", "", fields, 2).manipulationsApplied())
        .isEqualTo(applied);
  }

  @Test
  void typedAccessors_conditionFields_reachTheAnalysisTyped() {
    LedgerRow r = new LedgerRow("r1", "c", RunStatus.OK, "e.csv", "",
        Map.of("priority", "fifo-jvm", "geometry", "split",
        "load_pct", "90", "send_interval_ns", "250000", "clock_offset_us", "-1500"), 2);
    assertThat(r.priority()).contains(Priority.FIFO_JVM);
    assertThat(r.at(Priority.FIFO_JVM)).isTrue();
    assertThat(r.at(Priority.FIFO)).isFalse();
    assertThat(r.geometry()).contains(Geometry.SPLIT);
    assertThat(r.at(Geometry.SHARED)).isFalse();
    assertThat(r.atLoadPercent(90)).isTrue();
    assertThat(r.integer(LedgerSchema.SEND_INTERVAL_NS)).hasValue(250_000L);
    assertThat(r.clockOffsetMicros()).isEqualTo(-1500L);
    LedgerRow bare = new LedgerRow("r2", "c", RunStatus.OK, "e.csv", "", Map.of(), 3);
    assertThat(bare.priority()).isEmpty();
    assertThat(bare.geometry()).isEmpty();
    assertThat(bare.atLoadPercent(0)).isFalse();
    assertThat(bare.clockOffsetMicros()).as("a ledger before the column: one clock").isZero();
    assertThat(bare.at(Priority.DEFAULT)).isFalse();
    assertThat(bare.instrument()).isEqualTo(Instrument.KAFKA.word());
    assertThatThrownBy(() -> bare.integer(LedgerSchema.PRIORITY)).isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> refusedCells() {
    return Stream.of(
        Arguments.of("priority not declared", LedgerSchema.PRIORITY, "turbo", "is not one of"),
        Arguments.of("applied word misspelt", LedgerSchema.PRIORITY_APPLIED, "aplied", "is not one of"),
        Arguments.of("integer column with a decimal", LedgerSchema.EVENTS_WRITTEN, "1.5", "is not of type integer"),
        Arguments.of("number column with text", LedgerSchema.OTHER_CPU_PCT, "n/a", "is not of type number"),
        Arguments.of("column of another instrument", LedgerSchema.SEND_LAG_P99_NS, "5", "does not write column"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedCells")
  void put_valueTheReaderWouldRefuse_isAHarnessBug(String label, LedgerSchema.Column column, String value,
      String message) {
    assertThatThrownBy(() -> new LedgerCells().put(column, value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void put_declaredValues_areKeptInOrder() {
    LedgerCells c = new LedgerCells().put(LedgerSchema.PRIORITY, Priority.FIFO.word())
        .put(LedgerSchema.EVENTS_WRITTEN, 12)
        .put(LedgerSchema.OTHER_CPU_PCT, "").putAll(Map.of("geometry_applied", "applied"));
    assertThat(c.asMap()).containsExactly(Map.entry("priority", "fifo"), Map.entry("events_written", "12"),
        Map.entry("other_cpu_pct", ""), Map.entry("geometry_applied", "applied"));
    assertThat(c.get(LedgerSchema.EVENTS_WRITTEN)).isEqualTo("12");
    assertThatThrownBy(() -> c.putAll(Map.of("no_such_column", "1")))
        .hasMessageContaining("no ledger column no_such_column");
  }

  @Test
  void parse_valueOutsideTheDeclaredWords_namesFileAndLine() {
    String ledger = "run_id,condition,status,events_file,events_sha256,priority,geometry\n"
        + "r1,c,failed,,,default,free\n"
        + "r2,c,failed,,,turbo,free\n";
    assertThatThrownBy(() -> LedgerReader.parse(ledger.getBytes(StandardCharsets.UTF_8), "x/ledger.csv", f -> true,
        DataDictionary.bundled()))
        .isInstanceOf(DataException.class)
        .hasMessageContaining("x/ledger.csv:3")
        .hasMessageContaining("priority \"turbo\" is not one of default, fifo, fifo-jvm");
  }

  @Test
  void parse_everyDeclaredWord_isAccepted() {
    StringBuilder ledger =
        new StringBuilder("run_id,condition,status,events_file,events_sha256,priority,geometry,acks\n");
    int i = 0;
    for (String p : Priority.words()) {
      for (String g : Geometry.words()) {
        for (String a : LedgerSchema.ACKS_WORDS) {
          ledger.append("r").append(i++).append(",c,failed,,,").append(p).append(',').append(g).append(',').append(a)
              .append('\n');
        }
      }
    }
    assertThat(LedgerReader.parse(ledger.toString().getBytes(StandardCharsets.UTF_8), "x/ledger.csv", f -> true,
        DataDictionary.bundled())).hasSize(i);
  }
}
