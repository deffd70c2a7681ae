package ftl.data.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.harness.host.Commands;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code data/registrations.csv} recomputed from git history and the committed ledgers, row by row: the rule's
 * decisive text is in its file at the archive's head; the first commit of history that adds a line containing it is
 * {@code rule_commit}, at {@code rule_committed_at}; {@code data_first_run_at} is the earliest {@code started_at} of
 * the campaigns judged (for a campaign without a ledger, the time of the first commit that added its folder). The kind
 * is then checked by {@link RegistrationTable} itself. History is read once ({@code git log -p}, text files only); the
 * test is skipped where the archive has no git history (a tarball), and fails where history contradicts a row.
 */
class RegistrationHistoryTest {

  private static final Path ROOT = Path.of("").toAbsolutePath();
  private static final Path TABLE = Path.of("data", RegistrationTable.FILE);
  /** Each distinct rule text's first adding commit, {@code hash time}, or absent when history never adds it. */
  private static final Map<String, String> FIRST = new HashMap<>();
  private static boolean history;
  /** Each verdict key's kind in the first commit adding its row to the table, {@code kind hash time}. */
  private static final Map<String, String> FIRST_KIND = new HashMap<>();

  static List<CSVRecord> rows() throws IOException {
    try (var r = new StringReader(Files.readString(TABLE, StandardCharsets.UTF_8))) {
      return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r).getRecords();
    }
  }

  @BeforeAll
  static void readHistory() throws IOException {
    Commands.Result shallow = Commands.run(List.of("git", "-C", ROOT.toString(), "rev-parse",
        "--is-shallow-repository"));
    history = shallow.ok() && shallow.output().strip().equals("false");
    if (!history) {
      return;
    }
    List<String> texts = rows().stream().map(r -> r.get("rule_text")).distinct().toList();
    Process p = new ProcessBuilder("git", "-C", ROOT.toString(), "log", "--reverse", "-p", "--unified=0",
        "--no-renames",
        "--no-color", "--format=@@@COMMIT %H %cI", "--", ".", ":(exclude)*.gz", ":(exclude)data/**/events/**")
        .redirectErrorStream(false).start();
    p.getOutputStream().close();
    String commit = "";
    String file = "";
    try (var in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("@@@COMMIT ")) {
          commit = line.substring(10);
        } else if (line.startsWith("+++ ")) {
          file = line.startsWith("+++ b/") ? line.substring(6) : "";
        } else if (line.startsWith("+")) {
          if (file.equals(TABLE.toString().replace('\\', '/')) && !line.startsWith("+verdict_key,")) {
            List<CSVRecord> added = CSVFormat.RFC4180.parse(new StringReader(line.substring(1))).getRecords();
            FIRST_KIND.putIfAbsent(added.get(0).get(0), added.get(0).get(2) + " " + commit);
          }
          for (String t : texts) {
            if (!FIRST.containsKey(t) && line.contains(t)) {
              FIRST.put(t, commit);
            }
          }
        }
      }
    }
    try {
      history = p.waitFor() == 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      history = false;
    }
  }

  static Stream<CSVRecord> registrations() throws IOException {
    return rows().stream();
  }

  @Test
  void table_isReadByTheArchivesReader() throws IOException {
    Map<String, Registration> t = RegistrationTable.parse(Files.readString(TABLE, StandardCharsets.UTF_8),
        TABLE.toString());
    assertThat(t).hasSize(rows().size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registrations")
  void row_ruleTextAndCommit_matchHistory(CSVRecord row) throws IOException {
    String file = Files.readString(ROOT.resolve(row.get("rule_file")), StandardCharsets.UTF_8);
    assertThat(file).as(row.get("rule_file") + " holds the rule text at the head").contains(row.get("rule_text"));
    assumeTrue(history, "no git history here: the commits cannot be recomputed");
    String first = FIRST.get(row.get("rule_text"));
    assertThat(first).as("a commit of history adds " + row.get("rule_text")).isNotNull();
    String[] hashTime = first.split(" ");
    assertThat(hashTime[0]).as("first commit adding the rule text").isEqualTo(row.get("rule_commit"));
    assertThat(utc(hashTime[1])).as("its committer time").isEqualTo(row.get("rule_committed_at"));
  }

  /**
   * Whether a row is a consistency check is a judgement no time decides: it must be the one the row was first
   * committed with, unless {@code replaces} states the reclassification (issue 43; {@code RegistrationHistory} checks
   * the same when {@code reproduce} and {@code check} read the table, and {@code ConsistencyReclassifiedRegressionTest}
   * that it fails).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("registrations")
  void row_consistencyOrNot_asFirstCommitted(CSVRecord row) {
    assumeTrue(history, "no git history here: the table's first versions cannot be read");
    String first = FIRST_KIND.get(row.get("verdict_key"));
    assertThat(first).as("a commit of history adds the row of " + row.get("verdict_key")).isNotNull();
    String kind = first.split(" ")[0];
    boolean stated = row.get("replaces").contains("reclassified from " + kind);
    assertThat(kind.equals("consistency") == row.get("kind").equals("consistency") || stated)
        .as(row.get("verdict_key") + " is " + row.get("kind") + ", first committed " + first).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registrations")
  void row_dataFirstRun_isTheEarliestRunOfItsCampaigns(CSVRecord row) throws IOException {
    String earliest = null;
    for (String c : row.get("campaigns").split(" ")) {
      String t = firstRun(c);
      if (t != null && (earliest == null || t.compareTo(earliest) < 0)) {
        earliest = t;
      }
    }
    assertThat(earliest).as("a time for the campaigns " + row.get("campaigns")).isNotNull();
    assertThat(row.get("data_first_run_at")).isEqualTo(earliest);
  }

  /** The earliest started_at of a campaign's ledger in whole seconds, or its folder's first commit; null if neither. */
  private static String firstRun(String campaign) throws IOException {
    Path ledger = Path.of("data", campaign, "ledger.csv");
    if (Files.isRegularFile(ledger)) {
      try (var r = Files.newBufferedReader(ledger, StandardCharsets.UTF_8)) {
        var parsed = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r);
        if (parsed.getHeaderNames().contains("started_at")) {
          String min = null;
          for (CSVRecord rec : parsed) {
            String s = rec.get("started_at");
            if (!s.isEmpty()) {
              String sec = s.substring(0, 19) + "Z";
              min = min == null || sec.compareTo(min) < 0 ? sec : min;
            }
          }
          return min;
        }
      }
    }
    assumeTrue(history, "no git history here: the first commit of data/" + campaign + " cannot be found");
    Commands.Result r = Commands.run(List.of("git", "-C", ROOT.toString(), "log", "--reverse", "--diff-filter=A",
        "--format=%cI", "--", "data/" + campaign));
    String first = r.output().lines().findFirst().orElse("");
    return first.isEmpty() ? null : utc(first);
  }

  private static String utc(String iso) {
    return OffsetDateTime.parse(iso).withOffsetSameInstant(ZoneOffset.UTC)
        .format(DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'"));
  }

  @Test
  void table_namesEachVerdictOnce() throws IOException {
    List<String> keys = new ArrayList<>();
    for (CSVRecord r : rows()) {
      keys.add(r.get("verdict_key"));
    }
    Map<String, Integer> seen = new LinkedHashMap<>();
    keys.forEach(k -> seen.merge(k, 1, Integer::sum));
    assertThat(seen.values()).as("one row per verdict").containsOnly(1);
  }
}
