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
 * A data root for the criteria tests: campaign {@code k}, a copy of the small synthetic fixture
 * ({@code src/test/resources/ftl/quantity/small/k}: two ok runs of condition c1, a send interval of 1 ms), under a plan
 * the test writes, every run naming the plan's digest and started at {@value #STARTED}; optionally beside a copy of the
 * tools' fixture ({@code omb/systems/perftest}).
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

  /** Writes the root into {@code tmp} and scans it (named {@code root} in messages). */
  static DataSet write(Path tmp, String plan, boolean withPerfTest) throws IOException {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    for (String r : List.of("r1", "r2")) {
      Files.copy(SMALL.resolve("events/" + r + ".csv"), k.resolve("events/" + r + ".csv"));
    }
    List<String> lines = Files.readAllLines(SMALL.resolve("ledger.csv"), StandardCharsets.UTF_8);
    String tail = "," + STARTED + "," + PlanDigest.of(plan.getBytes(StandardCharsets.UTF_8));
    Files.writeString(k.resolve("ledger.csv"), lines.get(0) + ",started_at,plan_sha256\n" + lines.get(1) + tail + "\n"
        + lines.get(2) + tail + "\n", StandardCharsets.UTF_8);
    Files.writeString(k.resolve("plan.json"), plan, StandardCharsets.UTF_8);
    if (withPerfTest) {
      TempArchive.copyTree(PERFTEST, tmp.resolve("perftest"));
    }
    return DataSet.scan(tmp, "root");
  }
}
