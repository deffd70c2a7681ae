package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The setting recorded so that absence is visible (issue #53): whether the boot reports steal at all, the kernel's
 * preemption model, the clock's granularity. Synthetic kernel configurations and /proc/stat texts, written here.
 */
class HostRecordTest {
  @TempDir Path dir;

  private Path gz(String text) throws IOException {
    Path p = dir.resolve("config.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
      out.write(text.getBytes(StandardCharsets.US_ASCII));
    }
    return p;
  }

  static Stream<Arguments> configs() {
    return Stream.of(
        Arguments.of("this project's boots: none, dynamic", "CONFIG_PREEMPT_BUILD=y\nCONFIG_PREEMPT_NONE=y\n"
            + "# CONFIG_PREEMPT_VOLUNTARY is not set\nCONFIG_PREEMPT_DYNAMIC=y\n", "", "none (dynamic)"),
        Arguments.of("dynamic, chosen on the command line", "CONFIG_PREEMPT_NONE=y\nCONFIG_PREEMPT_DYNAMIC=y\n",
            "quiet preempt=full panic=1", "none (dynamic) preempt=full"),
        Arguments.of("voluntary", "CONFIG_PREEMPT_VOLUNTARY=y\n", "", "voluntary"),
        Arguments.of("full", "CONFIG_PREEMPT=y\nCONFIG_PREEMPT_COUNT=y\n", "", "full"),
        Arguments.of("real time", "CONFIG_PREEMPT=y\nCONFIG_PREEMPT_RT=y\n", "", "rt"),
        Arguments.of("readable, no model named", "CONFIG_HZ=250\n", "", "unknown"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configs")
  void preemption_kernelConfig_namesTheModel(String label, String config, String cmdline,
      String expected) throws IOException {
    assertThat(HostFacts.preemption(gz(config), dir.resolve("absent"), cmdline)).as(label).isEqualTo(expected);
  }

  @Test
  void preemption_plainConfigBesideTheImage_readWhenNoGzippedOne() throws IOException {
    Path plain = Files.writeString(dir.resolve("config-6.1"), "CONFIG_PREEMPT_VOLUNTARY=y\n");
    assertThat(HostFacts.preemption(dir.resolve("absent.gz"), plain, null)).isEqualTo("voluntary");
  }

  @Test
  void preemption_noConfigReadable_isEmptyNotAGuess() {
    assertThat(HostFacts.preemption(dir.resolve("absent.gz"), dir.resolve("absent"), "")).isEmpty();
  }

  @Test
  void stealReported_counterMovedSinceBoot_yes() {
    assertThat(HostCounters.stealReported(ProcFs.statCounters("cpu  2254 0 530 30682 86 0 33 37 0 0\nintr 5\n")))
        .isEqualTo("yes");
  }

  @Test
  void stealReported_counterNeverMoved_noSoTheRunsStealIsNotAZero() {
    assertThat(HostCounters.stealReported(ProcFs.statCounters("cpu  2254 0 530 30682 86 0 33 0 0 0\nintr 5\n")))
        .isEqualTo("no");
  }

  @Test
  void stealReported_statWithoutASteal_column_empty() {
    assertThat(HostCounters.stealReported(ProcFs.statCounters("cpu  2254 0 530 30682\nintr 5\n"))).isEmpty();
    assertThat(HostCounters.stealReported(ProcFs.StatCounters.NONE)).isEmpty();
  }

  @Test
  void unread_cellsTheHostWithheld_namedSoTheStratumSaysSo() {
    HostFacts h = new HostFacts("cpu", 2, "6.1", "unknown", "jvm", "4.4.0", "c0ffee", "unknown", "", "", "");
    assertThat(h.unread()).containsExactly("boot_id", "clocksource", "clocksources_available", "tick_hz", "preemption");
    HostFacts full = new HostFacts("cpu", 2, "6.1", "tsc", "jvm", "4.4.0", "c0ffee", "b00t", "tsc kvm-clock", "250",
        "none");
    assertThat(full.unread()).isEmpty();
  }

  @Test
  void granularityNanos_thisHost_positiveAndBelowAMillisecond() {
    long g = NanoTimeCost.granularityNanos();
    assertThat(g).isBetween(1L, 1_000_000L);
  }
}
