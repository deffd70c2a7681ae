package ftl.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression: the embedded broker must start from the launcher's classpath, not only from the test classpath.
 *
 * <p>The defect: HdrHistogram was declared in test scope, which overrode the Kafka server's runtime dependency on it,
 * so {@code target/lib} lacked it and every {@code ./ftl campaign run} died at the broker's start-up with
 * {@code NoClassDefFoundError: org/HdrHistogram/Recorder}, while every integration test passed: they start the broker
 * with the test classpath ({@code EmbeddedBroker.childClasspath()}), which has every test dependency. This test runs
 * the CLI as {@code ./ftl} does ({@code target/ftl.jar} and {@code target/lib/*}, which the package phase writes before
 * the integration tests) and asks for one short run on the embedded broker.
 */
class LauncherClasspathBrokerIT {
  @TempDir Path tmp;

  @Test
  @Timeout(300)
  void smoke_launcherClasspath_embeddedBrokerStartsAndARunCompletes() throws Exception {
    Path root = Path.of("").toAbsolutePath();
    Path jar = root.resolve("target/ftl.jar");
    Path lib = root.resolve("target/lib");
    assertThat(jar).as("the package phase wrote the launcher's jar").isRegularFile();
    assertThat(lib).as("the package phase wrote the launcher's runtime libraries").isDirectory();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path out = tmp.resolve("out.txt");
    Process p = new ProcessBuilder(List.of(java, "-cp", jar + File.pathSeparator + lib.resolve("*"), "ftl.cli.Main",
        "--root", root.toString(), "campaign", "smoke", "--system", "kafka", "--runs", "1", "--events", "200",
        "--warmup", "50"))
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    boolean done = p.waitFor(240, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String printed = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(done).as("finished within 240 s:\n" + printed).isTrue();
    assertThat(printed).doesNotContain("NoClassDefFoundError");
    assertThat(p.exitValue()).as("exit code; it printed:\n" + printed).isZero();
  }
}
