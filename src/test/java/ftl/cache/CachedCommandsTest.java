package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner.Result;
import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.verify.Manifest;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which commands trust the run-summary cache: {@code check} and {@code list} do; {@code check --no-cache},
 * {@code list --no-cache} and {@code reproduce} (with or without {@code --check}) never read it, and refresh it.
 * A cache is poisoned here by storing, validly, a wrong summary for the very bytes of an events file — what a
 * bug in a past version of the code, or a hand-edited cache, would leave; the code fingerprint prevents the
 * first, nothing but {@code --no-cache} or {@code reproduce} guards against the second.
 */
class CachedCommandsTest {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  static Result run(String... args) {
    return CliRunner.run(args);
  }

  private static void poison(Path archive) {
    DiskRunSummaryCache cache = new DiskRunSummaryCache(archive.resolve(DiskRunSummaryCache.FOLDER),
        CodeFingerprint.current().orElseThrow(), DiskRunSummaryCache.Mode.READ_WRITE);
    Campaign c = DataSet.scan(archive.resolve("data"), "data").campaigns().get(0);
    DiskRunSummaryCacheTest.poison(cache, c);
  }

  @Test
  void checkAndReproduce_poisonedCache_checkTrustsItNoCacheAndReproduceDoNot(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    String root = a.root.toString();
    assertThat(run("--root", root, "reproduce").code()).isIn(ExitCode.OK, ExitCode.DISAGREE);
    assertThat(a.root.resolve(DiskRunSummaryCache.FOLDER)).as("reproduce refreshes the cache").isDirectory();
    Manifest.write(a.root);
    Result truth = run("--root", root, "check", "events.ackNegative");
    assertThat(truth.code()).as(truth.out() + truth.err()).isZero();
    assertThat(truth.out()).contains("value:      2\n");

    poison(a.root);
    Result trusted = run("--root", root, "check", "events.ackNegative");
    assertThat(trusted.out()).as("check trusts the cache").contains("value:      4\n").contains("DISAGREE");
    assertThat(trusted.code()).isEqualTo(ExitCode.DISAGREE);

    Result reproduce = run("--root", root, "reproduce", "--check");
    assertThat(reproduce.code()).as(reproduce.out()).isZero();
    assertThat(reproduce.out()).contains("events.ackNegative           2 ").contains("all up to date");
    assertThat(run("--root", root, "check", "events.ackNegative").out()).as("reproduce refreshed the cache")
        .contains("value:      2\n");

    poison(a.root);
    Result noCache = run("--root", root, "check", "--no-cache", "events.ackNegative");
    assertThat(noCache.code()).as(noCache.out()).isZero();
    assertThat(noCache.out()).contains("value:      2\n").contains("OK");
    assertThat(run("--root", root, "check", "events.ackNegative").out()).as("--no-cache refreshed the cache")
        .contains("value:      2\n");

    poison(a.root);
    assertThat(run("--root", root, "list", "--json").out()).contains("\"value\" : 4,");
    assertThat(run("--root", root, "list", "--json", "--no-cache").out()).contains("\"value\" : 2,")
        .doesNotContain("\"value\" : 4,");
    assertThat(Manifest.verify(a.root)).as("the cache is no file of the archive").isEmpty();
  }

  @Test
  void check_coldThenWarm_sameOutput(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    String root = a.root.toString();
    run("--root", root, "reproduce");
    Files.walk(a.root.resolve(DiskRunSummaryCache.FOLDER)).sorted(Comparator.reverseOrder())
        .forEach(p -> p.toFile().delete());
    Result cold = run("--root", root, "check", "\\OmbRetentionMin");
    assertThat(a.root.resolve(DiskRunSummaryCache.FOLDER)).isDirectory();
    Result warm = run("--root", root, "check", "\\OmbRetentionMin");
    assertThat(cold.code()).as(cold.out() + cold.err()).isZero();
    assertThat(cold.out()).doesNotContain("from cache:");
    // The warm check says where its summaries came from (the cache is trusted like the jar, and says so); else the
    // same.
    assertThat(warm.out())
        .containsPattern("  from cache: target/ftl-cache/k-[0-9a-f]{16}\\.runs \\(stored summaries of 2 runs");
    assertThat(warm.out().replaceAll("(?m)^  from cache: .*\\R", "")).isEqualTo(cold.out());
    assertThat(warm.code()).isEqualTo(cold.code());
    assertThat(warm.out()).contains("text:       40.00%");
  }

  @Test
  void help_checkAndList_documentNoCache() {
    for (String cmd : new String[] {"check", "list"}) {
      Result r = run(cmd, "--help");
      assertThat(r.code()).isZero();
      assertThat(r.out()).as(cmd).contains("--no-cache").contains("target/ftl-cache");
    }
    assertThat(run("reproduce", "--help").out()).contains("never read here");
  }
}
