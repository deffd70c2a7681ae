package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The {@code /proc/stat} counters of a run ({@code steal_pct}, {@code interrupts}) on sample texts: a KVM guest's
 * file, and files missing lines, columns or numbers, which give an empty cell, never a failure.
 */
class ProcStatTest {

  /** A 2-vCPU KVM guest's /proc/stat (abridged per-cpu and softirq lines), ten columns on the cpu line. */
  static final String GUEST = """
      cpu  100 5 50 800 10 2 3 30 7 0
      cpu0 50 2 25 400 5 1 2 15 3 0
      cpu1 50 3 25 400 5 1 1 15 4 0
      intr 123456 7 0 0 9
      ctxt 99999
      btime 1700000000
      softirq 555 1 2 3
      """;

  /** The same guest later: steal +20 of +400 ticks in all (user..steal), 1000 more interrupts. */
  static final String GUEST_LATER = """
      cpu  200 5 80 1048 12 2 3 50 9 0
      intr 124456 7 0 0 9
      """;

  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("guest with guest columns: total of user..steal only", GUEST, 30L, 1000L, 123456L),
        Arguments.of("older kernel: seven columns, no steal", "cpu  1 2 3 4 5 6 7\nintr 10 0\n", -1L, -1L, 10L),
        Arguments.of("exactly eight columns", "cpu  1 2 3 4 5 6 7 8\nintr 10\n", 8L, 36L, 10L),
        Arguments.of("no intr line", "cpu  1 2 3 4 5 6 7 8\n", 8L, 36L, -1L),
        Arguments.of("intr line without a number", "cpu  1 2 3 4 5 6 7 8\nintr\n", 8L, 36L, -1L),
        Arguments.of("odd cell in the cpu line", "cpu  1 2 x 4 5 6 7 8\nintr 5\n", -1L, -1L, 5L),
        Arguments.of("negative cell", "cpu  1 2 -3 4 5 6 7 8\nintr -5\n", -1L, -1L, -1L),
        Arguments.of("only per-cpu lines", "cpu0 1 2 3 4 5 6 7 8\nintr 5\n", -1L, -1L, 5L),
        Arguments.of("empty file", "", -1L, -1L, -1L),
        Arguments.of("binary noise", "\u0000\u0001cpu\u0000", -1L, -1L, -1L),
        Arguments.of("a number too long", "cpu  1 2 3 4 5 6 7 99999999999999999999\nintr 5\n", -1L, -1L, 5L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("texts")
  void statCounters_sampleText_readsWhatIsThere(String label, String text, long steal, long total, long intr) {
    assertThat(ProcFs.statCounters(text)).isEqualTo(new ProcFs.StatCounters(steal, total, intr));
  }

  @Test
  void stealPercent_twoReadings_shareOfAllTicks() {
    ProcFs.StatCounters a = ProcFs.statCounters(GUEST);
    ProcFs.StatCounters b = ProcFs.statCounters(GUEST_LATER);
    assertThat(ProcFs.StatCounters.stealPercent(a, b)).isEqualTo(5.0); // 20 of 400 ticks
    assertThat(ProcFs.StatCounters.interruptsBetween(a, b)).isEqualTo(1000L);
  }

  @Test
  void stealPercent_unreadableOrOdd_undefined() {
    ProcFs.StatCounters a = ProcFs.statCounters(GUEST);
    assertThat(ProcFs.StatCounters.stealPercent(a, ProcFs.StatCounters.NONE)).isNaN();
    assertThat(ProcFs.StatCounters.stealPercent(ProcFs.StatCounters.NONE, a)).isNaN();
    assertThat(ProcFs.StatCounters.stealPercent(a, a)).as("no tick passed").isNaN();
    assertThat(ProcFs.StatCounters.stealPercent(ProcFs.statCounters(GUEST_LATER), a)).as("counters went backwards")
        .isNaN();
    assertThat(ProcFs.StatCounters.interruptsBetween(a, ProcFs.StatCounters.NONE)).isEqualTo(-1L);
    assertThat(ProcFs.StatCounters.interruptsBetween(ProcFs.statCounters(GUEST_LATER), a)).isEqualTo(-1L);
    assertThat(ProcFs.StatCounters.interruptsBetween(a, a)).isZero();
  }

  @Test
  void statCounters_thisHost_readsOrIsEmptyNeverThrows() {
    ProcFs.StatCounters now = ProcFs.statCounters();
    assertThat(now).isNotNull();
  }
}
