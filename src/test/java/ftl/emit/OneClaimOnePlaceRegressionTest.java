package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.Campaign;
import ftl.data.registration.Criteria;
import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.verdict.ClaimTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue #45, "one claim, two answers": the replication table kept the sign campaign's "priority collapse did not hold"
 * and "geometry did not hold" while the confirmatory table said the whole-JVM collapse (9.25x) and geometry (5.24x)
 * held, and the text's "1 held, 3 did not" counted one campaign's verdicts only. Now each claim has one row group in
 * the replication table, with every test of it, and a summary derived from them. This test fails when a verdict on a
 * claim appears in any table or text (the generated tables, paper, supplement and abstract) but not in the claim's rows
 * of the replication table, and when a claim's printed summary is not the rule's over its printed rows.
 *
 * <p>Which verdicts are on a claim is found here independently of {@link ClaimTests}' declared patterns: a registry or
 * plan verdict whose key ends in the claim's id ({@code criterion.confirm.negativeSpans}, {@code claim.gridLaw}), and
 * the rules a plan's claim of that id combines ({@code criterion.confirm.priorityCollapse}: all of
 * collapseThreadsOriginal, collapseJvmOriginal). A combined verdict is shown by its parts; verdicts of campaigns on
 * other messaging systems are the Other brokers section's.
 */
class OneClaimOnePlaceRegressionTest {

  private static final Pattern LINKED = Pattern.compile("\\\\ftlQuantity\\{([^}]*)\\}\\{([^}]*)\\}");
  private static final Pattern MACRO = Pattern.compile("\\\\([A-Za-z]+)");
  private static final Pattern CLAIM = Pattern.compile("^% claim (\\S+)$", Pattern.MULTILINE);
  /** The generated files that list every quantity (definitions), not verdicts a table or text states. */
  private static final Set<String> LISTINGS = Set.of("quantities.tex", "provenance.tex", "provenance.csv",
      "provenance-metadata.tex", "metadata.tex", "tab-replication.tex");

  private static final Registry REG = Registry.forData(RealDataTest.ANALYSIS.data());

  /** The replication table's row groups: per summary key, the verdict keys its rows print. */
  static Map<String, List<String>> blocks(String table) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    Matcher c = CLAIM.matcher(table);
    List<int[]> at = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    while (c.find()) {
      at.add(new int[] {c.start(), c.end()});
      keys.add(c.group(1));
    }
    for (int i = 0; i < keys.size(); i++) {
      int end = i + 1 < keys.size() ? at.get(i + 1)[0] : table.length();
      List<String> verdicts = new ArrayList<>();
      Matcher m = LINKED.matcher(table.substring(at.get(i)[1], end));
      while (m.find()) {
        String k = m.group(1).replace("\\_", "_");
        if (REG.byKey(k).map(q -> q.format() == Format.VERDICT).orElse(false)) {
          verdicts.add(k);
        }
      }
      out.put(keys.get(i), verdicts);
    }
    return out;
  }

  /** Every verdict a generated table (but the listings) or a text states, by key. */
  static Set<String> statedVerdicts() throws IOException {
    Set<String> out = new LinkedHashSet<>();
    for (Path dir : List.of(Path.of("paper/generated"), Path.of("supplement/generated"))) {
      try (Stream<Path> s = Files.list(dir)) {
        for (Path f : s.filter(p -> !LISTINGS.contains(p.getFileName().toString())).toList()) {
          Matcher m = LINKED.matcher(Files.readString(f, StandardCharsets.UTF_8));
          while (m.find()) {
            out.add(m.group(1).replace("\\_", "_"));
          }
        }
      }
    }
    Map<String, String> byMacro = new LinkedHashMap<>();
    REG.all().forEach(q -> byMacro.put(q.macro(), q.key()));
    for (Path f : List.of(Path.of("paper/paper.tex"), Path.of("supplement/supplement.tex"),
        Path.of("paper/abstract.txt"))) {
      Matcher m = MACRO.matcher(Files.readString(f, StandardCharsets.UTF_8));
      while (m.find()) {
        if (byMacro.containsKey(m.group(1))) {
          out.add(byMacro.get(m.group(1)));
        }
      }
    }
    out.removeIf(k -> REG.byKey(k).map(q -> q.format() != Format.VERDICT).orElse(true));
    return out;
  }

  /** The campaign of a plan criterion's key, {@code ""} for any other key. */
  private static String campaignOf(String key) {
    String[] parts = key.split("\\.");
    return key.startsWith("criterion.") && parts.length == 3 ? parts[1] : "";
  }

  /** The rules a plan claim combines, as verdict keys; empty when {@code key} is no plan claim. */
  private static List<String> partsOf(String key) {
    String campaign = campaignOf(key);
    for (Campaign c : RealDataTest.ANALYSIS.data().campaigns()) {
      if (c.name().equals(campaign) && c.criteria().isPresent()) {
        for (Criteria.Claim cl : c.criteria().get().claims()) {
          if (key.equals("criterion." + campaign + "." + cl.id())) {
            return cl.of().stream().map(id -> "criterion." + campaign + "." + id).toList();
          }
        }
      }
    }
    return List.of();
  }

  @Test
  void everyVerdictOnAClaim_inAnyTableOrText_isShownInTheClaimsRows() throws IOException {
    Map<String, List<String>> blocks = blocks(Files.readString(Path.of("paper/generated/tab-replication.tex"),
        StandardCharsets.UTF_8));
    assertThat(blocks.keySet()).as("one row group per claim").containsExactlyElementsOf(
        ClaimTests.CLAIMS.stream().map(ClaimTests.Claim::summaryKey).toList());
    List<String> missing = new ArrayList<>();
    for (String v : statedVerdicts()) {
      if (!ClaimTests.onKafka(campaignOf(v))) {
        continue;
      }
      // a claim's id ends the key of a verdict on it: the registry's own (replication.X, claim.X) and a plan's
      // (criterion.<campaign>.X); other families end in a campaign's name (gridlaw.heldout.verdict.payload)
      String id = Stream.of("replication.", "claim.", "criterion.").anyMatch(v::startsWith)
          ? v.substring(v.lastIndexOf('.') + 1) : "";
      List<String> parts = partsOf(v);
      for (ClaimTests.Claim claim : ClaimTests.CLAIMS) {
        List<String> shown = blocks.get(claim.summaryKey());
        if (id.equals(claim.id()) && REG.notTests().containsKey(v)) {
          // a combined claim: its plan's parts shown, or (a registry claim restating verdicts) at least one test
          if (parts.isEmpty() ? shown.isEmpty() : !shown.containsAll(parts)) {
            missing.add(v + " (combined) not shown by its parts under " + claim.summaryKey());
          }
        } else if (id.equals(claim.id()) && !shown.contains(v)) {
          missing.add(v + " not shown under " + claim.summaryKey());
        }
      }
    }
    assertThat(missing).as("verdicts on a claim stated elsewhere but missing from its replication rows").isEmpty();
  }

  @Test
  void everyClaimsSummary_isTheRuleOverItsPrintedRows() throws IOException {
    String table = Files.readString(Path.of("paper/generated/tab-replication.tex"), StandardCharsets.UTF_8);
    Map<String, String> printed = new LinkedHashMap<>();
    Matcher m = LINKED.matcher(table);
    while (m.find()) {
      printed.put(m.group(1), m.group(2));
    }
    Analysis a = RealDataTest.ANALYSIS;
    for (Map.Entry<String, List<String>> b : blocks(table).entrySet()) {
      List<ClaimTests.Outcome> outcomes = new ArrayList<>();
      for (String k : b.getValue()) {
        Quantity q = REG.byKey(k).orElseThrow();
        outcomes.add(new ClaimTests.Outcome(REG.registration(k).map(Registration::kind)
            .orElse(VerdictKind.EXPLORATORY), q.computation().apply(a)));
      }
      assertThat(printed.get(b.getKey())).as(b.getKey()).isEqualTo(
          Format.SUMMARY.latex(ClaimTests.summary(ClaimTests.bySummaryKey(b.getKey()).orElseThrow(), outcomes),
              Unit.DIMENSIONLESS));
    }
  }

  /** The example of the issue: the whole-JVM collapse that held in the confirmatory campaign is in the claim's rows. */
  @Test
  void priorityCollapse_showsTheConfirmatoryWholeJvmTest_besideTheSignCampaigns() throws IOException {
    Map<String, List<String>> blocks = blocks(Files.readString(Path.of("paper/generated/tab-replication.tex"),
        StandardCharsets.UTF_8));
    assertThat(blocks.get("summary.priorityCollapse")).contains("replication.priorityCollapse",
        "criterion.confirm.collapseJvmOriginal", "criterion.setting.collapseJvmLongOriginal");
    assertThat(blocks.get("summary.geometryRatio"))
        .contains("replication.geometryRatio", "criterion.confirm.geometryDiffers");
    assertThat(Computed.of(REG.byKey("summary.priorityCollapse").orElseThrow(), RealDataTest.ANALYSIS)
        .text()).isIn("replicated", "did not replicate");
  }
}
