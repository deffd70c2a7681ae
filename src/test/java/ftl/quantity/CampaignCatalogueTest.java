package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.data.tool.OmbFormat;
import ftl.harness.plan.Condition;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The campaign catalogue against the committed data root and against the registry's sources. */
class CampaignCatalogueTest {
  private static final Path DATA = Path.of("data");
  private static final Path SOURCES = Path.of("src/main/java/ftl/quantity");

  @Test
  void catalogue_committedDataRoot_namesEveryFolderExactlyOnce() throws IOException {
    Set<String> folders;
    try (Stream<Path> s = Files.list(DATA)) {
      folders = s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
    assertThat(Arrays.stream(CampaignCatalogue.values()).map(CampaignCatalogue::folder).toList())
        .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(folders);
  }

  @ParameterizedTest
  @EnumSource(CampaignCatalogue.class)
  void entry_itsPlan_existsIffPlannedAndNamesTheFolder(CampaignCatalogue c) throws IOException {
    Path plan = DATA.resolve(c.folder()).resolve("plan.json");
    assertThat(Files.isRegularFile(plan)).as(plan.toString()).isEqualTo(c.planned());
    if (c.planned()) {
      assertThat(new ObjectMapper().readTree(plan.toFile()).path("campaign").asText()).isEqualTo(c.folder());
    }
  }

  /**
   * The system an entry declares is the one its plan is written for: only the Kafka instrument's plans parse as such.
   */
  @ParameterizedTest
  @EnumSource(CampaignCatalogue.class)
  void entry_itsSystem_isTheOneItsPlanIsWrittenFor(CampaignCatalogue c) throws IOException {
    if (!c.planned()) {
      assertThat(c.system()).isEqualTo(CampaignCatalogue.MeasuredSystem.PUBLISHED);
      return;
    }
    Path plan = DATA.resolve(c.folder()).resolve("plan.json");
    JsonNode tree = new ObjectMapper().readTree(plan.toFile());
    switch (c.system()) {
      case KAFKA -> assertThat(PlanParser.read(plan).conditions()).isNotEmpty();
      case NOJVM -> {
        assertThat(tree.path("instrument").asText()).isEqualTo(Instrument.PYTHON_NOJVM.word());
        assertThatThrownBy(() -> PlanParser.read(plan)).hasMessageContaining("unknown field");
      }
      case OMB -> {
        assertThat(tree.path("omb_commit").asText()).matches("[0-9a-f]{40}");
        assertThat(c.folder()).isIn(OmbFormat.FOLDER, CampaignCatalogue.OMB_RABBITMQ.folder(),
            CampaignCatalogue.OMB_NATS.folder());
        assertThatThrownBy(() -> PlanParser.read(plan)).hasMessageContaining("unknown field");
      }
      case RABBITMQ, NATS -> assertThat(PlanParser.read(plan).system()).isEqualTo(c.system().instrument());
      case PERFTEST -> {
        assertThat(tree.path("perftest_version").asText()).matches("[0-9]+\\.[0-9]+\\.[0-9]+");
        assertThatThrownBy(() -> PlanParser.read(plan)).hasMessageContaining("unknown field");
      }
      case PUBLISHED -> throw new AssertionError("a planned campaign measured nothing: " + c);
    }
  }

  @Test
  void entry_itsSystem_isTheInstrumentOfEveryLedgerRow() {
    DataSet data = DataSet.scan(DATA, "data");
    Map<String, CampaignCatalogue> byFolder = new HashMap<>();
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      byFolder.put(c.folder(), c);
    }
    assertThat(data.campaigns()).isNotEmpty();
    for (Campaign campaign : data.campaigns()) {
      CampaignCatalogue c = byFolder.get(campaign.name());
      assertThat(c).as(campaign.name()).isNotNull();
      assertThat(campaign.runs()).isNotEmpty();
      assertThat(campaign.runs().stream().map(LedgerRow::instrument).distinct()).as(campaign.name())
          .containsExactly(c.system().instrument());
    }
  }

  /**
   * Every class of the registry that names a catalogue entry (as {@code CampaignCatalogue.X}, or through a constant
   * defined from it, {@code Owner.NAME}) is among the entry's readers, and every declared reader names it.
   */
  @Test
  void readers_declared_areExactlyTheClassesThatNameTheEntry() throws IOException {
    Map<String, String> sources = new TreeMap<>();
    try (Stream<Path> s = Files.walk(SOURCES)) {
      for (Path p : s.filter(p -> p.toString().endsWith(".java")).toList()) {
        String cls = p.getFileName().toString().replace(".java", "");
        if (!cls.equals("CampaignCatalogue") && !cls.equals("package-info")) {
          sources.put(cls, Files.readString(p));
        }
      }
    }
    Pattern alias = Pattern.compile("static final String (\\w+) = CampaignCatalogue\\.(\\w+)\\.folder\\(\\)");
    Map<String, String> aliases = new HashMap<>(); // "Owner.NAME" -> entry
    sources.forEach((cls, text) -> {
      Matcher m = alias.matcher(text);
      while (m.find()) {
        aliases.put(cls + "." + m.group(1), m.group(2));
      }
    });
    Pattern named = Pattern.compile("CampaignCatalogue\\.([A-Z][A-Z_0-9]*)\\b");
    Map<String, Set<String>> found = new TreeMap<>(); // entry -> classes
    sources.forEach((cls, text) -> {
      Matcher m = named.matcher(text);
      while (m.find()) {
        // an entry, not one of the catalogue's static lists (CampaignCatalogue.SYSTEM_MANIPULATIONS)
        if (Arrays.stream(CampaignCatalogue.values()).anyMatch(e -> e.name().equals(m.group(1)))) {
          found.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(cls);
        }
      }
      aliases.forEach((spelling, entry) -> {
        if (Pattern.compile("\\b" + Pattern.quote(spelling) + "\\b").matcher(text).find()) {
          found.computeIfAbsent(entry, k -> new TreeSet<>()).add(cls);
        }
      });
    });
    Map<String, Set<String>> declared = new TreeMap<>();
    for (CampaignCatalogue c : CampaignCatalogue.values()) {
      Set<String> readers = new TreeSet<>(c.readers());
      if (!readers.isEmpty()) {
        declared.put(c.name(), readers);
      }
    }
    assertThat(declared).isEqualTo(found);
  }

  /**
   * {@link Layout#collapseStrata()} restates campaign modeA's plan: its strata are the plan's conditions of one
   * priority (the manipulated field), in the plan's matrix order.
   */
  @Test
  void collapseStrata_modeAPlan_areThePlansConditionsWithoutThePriorityAxis() {
    Plan plan = PlanParser.read(DATA.resolve(CampaignCatalogue.MODE_A.folder()).resolve("plan.json"));
    Set<Layout.CollapseStratum> fromPlan = new LinkedHashSet<>();
    List<String> priorities = new ArrayList<>();
    for (Condition c : plan.conditions()) {
      if (!priorities.contains(c.priority().word())) {
        priorities.add(c.priority().word());
      }
      fromPlan.add(new Layout.CollapseStratum(c.geometry().word(), String.valueOf(c.loadPercent()), c.acks(),
          c.sendIntervalNanos()));
    }
    assertThat(priorities).containsExactly("default", "fifo");
    assertThat(plan.conditions()).hasSize(2 * fromPlan.size());
    assertThat(Layout.collapseStrata()).containsExactlyElementsOf(fromPlan);
  }
}
