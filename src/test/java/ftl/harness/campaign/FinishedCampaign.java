package ftl.harness.campaign;

import ftl.data.registration.PlanDigest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A finished one-run campaign folder for the resume tests that need no broker: {@code plan.json} with one condition and
 * one run, its {@code schedule.csv}, the run's events file ({@code events/r0001.csv.gz}, three events) and its ledger
 * row under the plan's digest. {@code campaign resume} of it has nothing to run: it takes the lock, cleans, and stops.
 */
final class FinishedCampaign {
  private FinishedCampaign() {}

  static final String PLAN = "{\"campaign\":\"f\",\"conditions\":[{\"name\":\"a\",\"events\":3}]}";

  /** Writes the campaign into {@code dir}; returns the events file of its run. */
  static Path write(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("events"));
    Files.writeString(dir.resolve("plan.json"), PLAN);
    Path events = dir.resolve(CampaignFolder.eventsFileOf("r0001"));
    String sha = EventFileWriter.write(events, CampaignFolderTest.book(3));
    Map<String, String> row = CampaignFolderTest.row("r0001");
    row.put("condition", "a");
    row.put("events_sha256", sha);
    row.put("plan_sha256", PlanDigest.of(PLAN.getBytes(StandardCharsets.UTF_8)));
    new CampaignFolder(dir).ledger().append(row);
    return events;
  }

  /** A runner that needs no git tree and prints into {@code err}. */
  static CampaignRunner runner(Path archive, ByteArrayOutputStream err) {
    return new CampaignRunner(archive, null, new PrintStream(err, true, StandardCharsets.UTF_8), false);
  }
}
