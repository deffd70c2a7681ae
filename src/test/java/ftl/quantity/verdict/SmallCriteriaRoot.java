package ftl.quantity.verdict;

import ftl.data.DataSet;
import ftl.data.registration.PlanDigest;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Data roots for the criteria tests: campaigns made from the small synthetic fixture
 * ({@code src/test/resources/ftl/quantity/small/k}: two ok runs of condition c1, a send interval of 1 ms) under a plan
 * the test writes, every run naming the plan's digest; optionally beside a copy of the tools' fixture
 * ({@code omb/systems/perftest}). Each campaign's events files are its own (the fixture's rows after a comment line
 * naming the campaign): one measurement under two campaigns' names is refused (issue 58).
 */
final class SmallCriteriaRoot {
  private SmallCriteriaRoot() {}

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");
  private static final Path PERFTEST = Path.of("src/test/resources/ftl/quantity/omb/systems/perftest");
  static final String STARTED = "2026-11-30T10:00:00.000Z";

  /** A plan of campaign k with one condition c1 and the given rules (JSON objects, comma-separated). */
  static String plan(String rules) {
    return "{\n  \"campaign\": \"k\",\n  \"conditions\": [{\"name\": \"c1\"}],\n  \"criteria\": {\n"
        + "    \"version\": 1,\n    \"rules\": [\n" + rules + "\n    ]\n  }\n}\n";
  }

  /**
   * Writes campaign k under {@code plan}, started at {@link #STARTED}, into {@code tmp} and scans it ({@code root}).
   */
  static DataSet write(Path tmp, String plan, boolean withPerfTest) throws IOException {
    campaign(tmp, "k", STARTED, plan);
    if (withPerfTest) {
      TempArchive.copyTree(PERFTEST, tmp.resolve("perftest"));
    }
    return DataSet.scan(tmp, "root");
  }

  /**
   * Adds campaign {@code name} to the root {@code root}: the small fixture's runs, started at {@code startedAt} ("" =
   * no column), under {@code plan} (null = none, and no plan digest in the ledger).
   */
  static void campaign(Path root, String name, String startedAt, String plan) throws IOException {
    Path k = root.resolve(name);
    Files.createDirectories(k.resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k.resolve("events/" + r + ".csv"));
    }
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String time = startedAt.isEmpty() ? "" : "," + startedAt;
    String digest = plan == null ? "" : "," + PlanDigest.of(plan.getBytes(StandardCharsets.UTF_8));
    String head = lines.get(0) + (startedAt.isEmpty() ? "" : ",started_at") + (plan == null ? "" : ",plan_sha256");
    Files.writeString(k.resolve("ledger.csv"), head + "\n" + lines.get(1) + time + digest + "\n" + lines.get(2) + time
        + digest
        + "\n", StandardCharsets.UTF_8);
    TempArchive.ownEvents(k, "campaign " + name + "'s copy of the small fixture's run");
    if (plan != null) {
      Files.writeString(k.resolve("plan.json"), plan, StandardCharsets.UTF_8);
    }
  }
}
