package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner.Result;
import ftl.data.io.Echo;
import ftl.data.ledger.LedgerReader;
import ftl.harness.plan.Condition;
import ftl.verify.Manifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Defect (issue 26, class 2): exit 70 and a stack trace on values the readers accept or on the environment, not on a
 * bug: {@code replay-schedule -o} naming a folder, {@code /dev/full} or a path under a missing folder; a NUL in a
 * {@code SHA256SUMS} path (an {@code InvalidPathException}, printed raw); {@code reproduce} or {@code manifest write}
 * in a read-only checkout; a run whose median flight is not positive reaching {@code DisplacementLaw.bands}. The
 * ledger and demonstration values of the same class are corpus cases ({@code ledgers/events-written-negative},
 * {@code clock-offset-*}, {@code mismatch-*}, {@code load-measured-above-100}, {@code roots/demo-e2e-20-digits}).
 * Now an unusable output or file is exit 6 with the path and the system's reason on one inert line, a bad manifest line
 * is a manifest problem (exit 1), and a run that cannot be analysed is bad data naming its ledger line (exit 3).
 */
class ExitSeventyRegressionTest {
  static final String FIXTURE = ReplayScheduleCommandTest.FIXTURE;

  static Stream<Arguments> unusableOutputs() {
    return Stream.of(
        Arguments.of("a folder", "FOLDER", "Is a directory"),
        Arguments.of("a full device", "/dev/full", "No space left on device"),
        Arguments.of("a path under a file", "FILE/x.csv", "FILE: already exists"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unusableOutputs")
  void replaySchedule_outputUnusable_exitsIoWithReasonNoStackTrace(String label, String out, String reason,
                                                                   @TempDir Path tmp) throws IOException {
    Files.writeString(tmp.resolve("FILE"), "x");
    Files.createDirectory(tmp.resolve("FOLDER"));
    String o = out.startsWith("/") ? out : tmp.resolve(out).toString();
    Result r = CliRunner.run("replay-schedule", FIXTURE, "--mean-gap", "500us", "-o", o);
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.IO);
    assertThat(r.err()).startsWith("ftl: cannot write or read a file: ").contains(reason)
        .doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(r.err().strip()).doesNotContain("\n");
    assertThat(r.err().chars().filter(c -> c != '\n' && Echo.isControl((char) c))).isEmpty();
  }

  @Test
  void exitCodeOf_readOnlyCheckout_isIoNotInternal() {
    AccessDeniedException denied = new AccessDeniedException("paper/generated/.ftl-tmp.macros.tex.123.tmp");
    assertThat(Main.exitCodeOf(denied)).isEqualTo(ExitCode.IO);
    assertThat(Main.exitCodeOf(new UncheckedIOException(denied))).isEqualTo(ExitCode.IO);
    assertThat(Main.ioMessage(denied)).isEqualTo("cannot write or read a file: "
        + "paper/generated/.ftl-tmp.macros.tex.123.tmp: permission denied (a read-only checkout or folder?)");
    assertThat(Main.exitCodeOf(new InvalidPathException("a\0b", "Nul character not allowed")))
        .isEqualTo(ExitCode.IO);
    assertThat(Main.ioMessage(new InvalidPathException("a\0b", "Nul character not allowed")))
        .doesNotContain("\0");
    assertThat(Main.exitCodeOf(new IllegalStateException("a bug"))).isEqualTo(ExitCode.INTERNAL);
  }

  @Test
  void manifestParse_nulInPath_isAMalformedLine() {
    List<Manifest.Problem> problems = new ArrayList<>();
    Map<String, String> listed = Manifest.parse("0".repeat(64) + "  a\0b\n" + "1".repeat(64)
        + "  ok.txt\n", problems);
    assertThat(listed).containsOnlyKeys("ok.txt");
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0).path()).contains("SHA256SUMS:1: a path with a control character (\"a\\x00b\")");
  }

  @Test
  void ledgerClockOffsetRange_isTheInstrumentsLimit() {
    assertThat(LedgerReader.MAX_CLOCK_OFFSET_MICROS).isEqualTo(Condition.MAX_CLOCK_OFFSET_MICROS);
  }
}
