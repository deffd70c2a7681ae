package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 12 (an unclear message, the wrong code): a PerfTest output whose per-interval median had 400 digits
 * was read as Infinity and failed with exit 70 ("a real value must be finite: Infinity"), a bug's code for bad data.
 * Now a printed median above {@link PerfTestReader#MAX_MEDIAN_MICROS} (2^40 us) is bad data (exit 3) naming the output
 * file and its line. The PerfTest folder is synthetic ({@link ToolOutputsBelievedRegressionTest#perftest}).
 */
class PerfTestHugeMedianRegressionTest {
  @TempDir Path tmp;

  private static final String PROM = "client_consumed_total 1000\nperftest_latency_seconds_count 990\n";

  @Test
  void read_medianOf400Digits_badDataNamingFileAndLine() {
    String out = ToolOutputsBelievedRegressionTest.OUT
        + "id: r01, time: 2.000s, sent: 1000 msg/s, received: 1000 msg/s, min/median/75th/95th/99th consumer "
        + "latency: 0/" + "9".repeat(400) + "/1/1/2 ms\n";
    assertThatThrownBy(() -> ToolOutputsBelievedRegressionTest.perftest(tmp, Map.of("r01.txt", out, "r01.prom", PROM),
        ToolOutputsBelievedRegressionTest.row("r01", "r01.txt", out, "r01.prom", PROM)))
        .isInstanceOf(DataException.class)
        .hasMessageStartingWith("t/perftest/runs/r01.txt:2: the printed median 999999")
        .hasMessageEndingWith("ms is above 1099511627776 us (12.7 days): not a latency PerfTest printed");
  }

  @Test
  void read_ordinaryMedians_keptInMicroseconds() throws Exception {
    String out = ToolOutputsBelievedRegressionTest.OUT;
    assertThat(ToolOutputsBelievedRegressionTest.perftest(tmp, Map.of("r01.txt", out, "r01.prom", PROM),
        ToolOutputsBelievedRegressionTest.row("r01", "r01.txt", out, "r01.prom", PROM)).get(0).printedMediansMicros())
        .containsExactly(1000.0);
  }
}
